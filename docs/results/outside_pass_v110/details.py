import sys, json
sys.path.insert(0, "/tmp/v110")
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks.suite import load_task_file
with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
    r = v.verify(load_task_file(sys.argv[1]), open(sys.argv[2]).read())
print(r.correct, r.error_kind, (r.error_msg or "")[:300])
d = r.details if hasattr(r, "details") else {}
for c in d.get("checks", []):
    print({k: c[k] for k in c if k in ("label", "kind", "trial", "max_err", "allowed", "err_ratio", "worst", "tol_use", "init") or "err" in k or "allow" in k})
