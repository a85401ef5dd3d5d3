while pgrep -f "bash batch5.sh" >/dev/null; do sleep 5; done
/work/main/.venv/bin/python run.py 3 tasks/relu.py:cands/enc_utf7_hidden.py:cli,apitext
