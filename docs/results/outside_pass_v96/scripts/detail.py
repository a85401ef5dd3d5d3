import json, sys
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks import get_task
r = Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)).verify(get_task(sys.argv[1]), open(sys.argv[2]).read())
d = r.to_dict()
print(d["correct"], d["error_kind"], (d["error_msg"] or "")[:300])
det = d.get("details", {})
print(list(det.keys()))
for c in det.get("checks", []):
    print(json.dumps(c, default=str)[:400])
