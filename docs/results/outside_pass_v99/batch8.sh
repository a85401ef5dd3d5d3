while pgrep -f "bash batch7.sh" >/dev/null; do sleep 5; done
/work/main/.venv/bin/python run.py 1 tasks/add2.py:cands/x_add2_alias_same.py:api tasks/add2.py:cands/x_add2_alias_view.py:api tasks/add2.py:cands/x_add2_list.py:api
