import sys, json, os
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks import get_task
task, cand = sys.argv[1], sys.argv[2]
text = open(cand, encoding="utf-8", errors="surrogateescape").read()
v = Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1))
try:
    r = v.verify(get_task(task), text)
finally:
    try: v.close()
    except Exception: pass
d = r if isinstance(r, dict) else getattr(r, "__dict__", {})
try:
    d = r.to_dict()
except Exception:
    pass
print(json.dumps(dict(correct=d.get("correct"), error_kind=d.get("error_kind"), msg=(d.get("error_msg") or "")[:300])))
