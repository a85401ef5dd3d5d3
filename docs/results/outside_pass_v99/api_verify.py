"""API verification: task loaded the way the CLI does (cli.main._task_by_id -> get_task), candidate read as the CLI does.
usage: api_verify.py TASK CAND [loader]   loader: get_task (default) | load_task_file
prints one JSON line: the verdict dict, or {"exception": ...} if verify raised."""
import json, sys, traceback
from pathlib import Path
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks.suite import get_task, load_task_file
from autotriton.tasks.contract import read_python_text
task_path, cand_path = sys.argv[1], sys.argv[2]
loader = sys.argv[3] if len(sys.argv) > 3 else "get_task"
task = get_task(task_path) if loader == "get_task" else load_task_file(task_path)
text = read_python_text(Path(cand_path), candidate=True)
try:
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
        r = v.verify(task, text)
    print("RESULT " + json.dumps(r.to_dict()))
except BaseException as e:
    print("RESULT " + json.dumps({"exception": type(e).__name__, "msg": str(e)[:2000], "tb": traceback.format_exc()[-3000:]}))
