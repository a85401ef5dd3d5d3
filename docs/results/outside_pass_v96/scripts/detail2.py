import json, sys
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks import get_task
r = Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)).verify(get_task(sys.argv[1]), open(sys.argv[2]).read())
d = r.to_dict()
print(d["correct"], d["error_kind"], (d["error_msg"] or "")[:300])
det = d.get("details", {})
for k, v in det.items():
    if k not in ("checks", "torch", "triton", "sandbox", "stages"):
        print(k, "=", str(v)[:400])
for c in det.get("checks", []):
    if "init" in c or "float_inputs" in c:
        print("check:", {k: c[k] for k in ("shape", "trial", "init", "float_inputs") if k in c})
