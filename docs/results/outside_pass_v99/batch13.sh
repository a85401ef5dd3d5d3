while pgrep -f "bash batch12.sh" >/dev/null; do sleep 5; done
/work/main/.venv/bin/python run.py 2 tasks/meanall.py:cands/h_meanall_twostage_autotune.py
