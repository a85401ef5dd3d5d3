while pgrep -f "bash batch3.sh" >/dev/null; do sleep 5; done
/work/main/.venv/bin/python run.py 1 tasks/meanall.py:cands/h_meanall.py tasks/argmax.py:cands/h_argmax.py
