while pgrep -f "bash batch4.sh" >/dev/null; do sleep 5; done
/work/main/.venv/bin/python run.py 3 tasks/relu.py:cands/enc_rot13.py:cli,apitext
