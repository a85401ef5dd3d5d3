while pgrep -f "bash batch13.sh" >/dev/null; do sleep 5; done
/work/main/.venv/bin/python run.py 1 tasks/matmul.py:cands/h_matmul_splitk_autotune.py
