while pgrep -f "bash batch9.sh" >/dev/null; do sleep 5; done
/work/main/.venv/bin/python run.py 1 tasks/relu.py:cands/e_extra_param_table.py:api
