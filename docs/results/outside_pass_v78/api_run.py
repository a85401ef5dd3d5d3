import sys, json, dataclasses
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks import get_task
import autotriton
assert autotriton.__file__.startswith("/tmp/cc78"), autotriton.__file__
task, f = sys.argv[1], sys.argv[2]
text = open(f).read()
v = Verifier(VerifyConfig(device="cpu", cache_dir=None))
r = v.verify(get_task(task), text)
try:
    d = dataclasses.asdict(r)
except Exception:
    d = {k: getattr(r, k) for k in dir(r) if not k.startswith("_") and not callable(getattr(r, k))}
json.dump(d, open(f + ".api.json", "w"), default=str, indent=1)
print("API", r.correct, r.error_kind, r.hack_flags, "|", (r.error_msg or "")[:600])
try: v.close()
except Exception: pass
