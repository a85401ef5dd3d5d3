"""usage: details.py TASK CAND -- one verification, logged, printing the trial checks and state notes"""
import sys, json, time
sys.path.insert(0, "/tmp/v116")
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks.suite import load_task_file
task, cand = sys.argv[1], sys.argv[2]
with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
    t0 = time.time()
    r = v.verify(load_task_file(task), open(cand).read())
rec = {"task": task, "cand": cand, "path": "api-details", "correct": r.correct, "error_kind": r.error_kind,
       "flags": r.hack_flags, "msg": (r.error_msg or "")[:300], "s": round(time.time() - t0, 1)}
with open("/tmp/op116/log.jsonl", "a") as f: f.write(json.dumps(rec) + "\n")
print(json.dumps(rec))
d = r.details if hasattr(r, "details") else {}
for k, val in (d or {}).items():
    if k == "checks":
        for c in val:
            c = {a: b for a, b in c.items() if a not in ("params",)}
            print("  check", json.dumps(c, default=str)[:400])
    else:
        print(k, json.dumps(val, default=str)[:300])
