"""API verification with the candidate text read as the Python API's users read it (Path.read_text, UTF-8).
usage: api_text.py TASK CAND"""
import json, sys, traceback
from pathlib import Path
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks.suite import get_task
task = get_task(sys.argv[1])
text = Path(sys.argv[2]).read_text(encoding="utf-8", errors="surrogateescape")
try:
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
        r = v.verify(task, text)
    print("RESULT " + json.dumps(r.to_dict()))
except BaseException as e:
    print("RESULT " + json.dumps({"exception": type(e).__name__, "msg": str(e)[:2000], "tb": traceback.format_exc()[-3000:]}))
