"""usage: crash.py TASK CAND [N] -- verifies up to N times (API), logs each to log.jsonl, and prints the end of
the first exception raised out of verify in full"""
import sys, json, time
sys.path.insert(0, "/tmp/v116")
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks.suite import load_task_file
task, cand = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 1
with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
    for _ in range(n):
        t0 = time.time()
        try:
            r = v.verify(load_task_file(task), open(cand).read())
            rec = {"correct": r.correct, "error_kind": r.error_kind, "flags": r.hack_flags, "msg": (r.error_msg or "")[:300]}
            exc = None
        except Exception as e:
            rec = {"correct": None, "error_kind": "EXCEPTION", "flags": [], "msg": repr(e)[:300]}
            exc = e
        rec = {"task": task, "cand": cand, "path": "api-crash", **rec, "s": round(time.time() - t0, 1)}
        with open("/tmp/op116/log.jsonl", "a") as f: f.write(json.dumps(rec) + "\n")
        print(json.dumps(rec)[:300])
        if exc is not None:
            print(str(exc)[-2500:])
            break
