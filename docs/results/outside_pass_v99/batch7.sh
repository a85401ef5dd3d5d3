while pgrep -f "bash batch6.sh" >/dev/null; do sleep 5; done
/work/main/.venv/bin/python run.py 1 tasks/softmax.py:cands/h_softmax_autotune.py tasks/level1/90_MetaMatmul.py:cands/h_matmul_ieee.py:cli,ltf tasks/relu.py:cands/x_device_print.py:api tasks/relu.py:cands/x_forever.py:api
