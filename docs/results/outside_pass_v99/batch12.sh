while pgrep -f "bash batch11.sh" >/dev/null; do sleep 5; done
/work/main/.venv/bin/python run.py 1 tasks/cumsum.py:cands/h_cumsum.py tasks/softmax.py:cands/h_softmax_exp2.py tasks/rowsum.py:cands/h_rowsum_atomic.py tasks/argmax.py:cands/h_argmax_builtin.py
