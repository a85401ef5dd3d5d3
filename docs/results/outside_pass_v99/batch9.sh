while pgrep -f "bash batch8.sh" >/dev/null; do sleep 5; done
/work/main/.venv/bin/python run.py 1 tasks/meanall.py:cands/h_meanall_twostage_autotune.py
