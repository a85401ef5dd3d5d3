import sys, json, time
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks.suite import task_from_source
task_path, cand_path, n = sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1
task = task_from_source(open(task_path).read(), task_id="file/x", suite="file", level=1)
with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=2, timeout_s=120.0)) as v:
    for i in range(n):
        t0 = time.time()
        try:
            r = v.verify_many([(task, open(cand_path).read())])[0]
        except Exception as e:
            import traceback; traceback.print_exc(); print("CRASH", repr(e)); continue
        checks = r.details.get("checks") or []
        probes = [c.get("state_probe") for c in checks if c.get("state_probe")]
        print(json.dumps({"task": task_path, "cand": cand_path, "run": i, "correct": r.correct, "kind": str(r.error_kind),
                          "flags": list(r.hack_flags), "head": (r.error_msg or "")[:300], "msg": (r.error_msg or "")[-300:], "n_checks": len(checks),
                          "probes": probes, "secs": round(time.time()-t0,1),
                          "notes": {k: r.details.get(k) for k in ("reference_state","state","eval_mode","varied_init") if k in r.details}}), flush=True)
