"""usage: run.py TASK CAND [N] [--cli]  -- verifies N times via API (or CLI), logs to log.jsonl"""
import sys, json, time, subprocess, os
sys.path.insert(0, "/tmp/v116")
args = [a for a in sys.argv[1:] if not a.startswith("--")]
task, cand = args[0], args[1]
n = int(args[2]) if len(args) > 2 else 1
cli = "--cli" in sys.argv
def log(rec):
    with open("/tmp/op116/log.jsonl", "a") as f: f.write(json.dumps(rec) + "\n")
    print(json.dumps(rec)[:600], flush=True)
if cli:
    for _ in range(n):
        t0 = time.time()
        p = subprocess.run(["/work/main/.venv/bin/python", "-m", "autotriton.cli.main", "verify", "-t", task, cand,
                            "--json", "--no-cache", "--device", "cpu"], capture_output=True, text=True,
                           env={**os.environ, "PYTHONPATH": "/tmp/v116"}, cwd="/tmp/op116")
        try:
            r = json.loads(p.stdout[p.stdout.index("{"):])
        except Exception:
            r = {"correct": None, "error_kind": "cli_parse", "error_msg": (p.stdout + p.stderr)[-300:]}
        log({"task": task, "cand": cand, "path": "cli", "correct": r.get("correct"), "error_kind": r.get("error_kind"),
             "flags": r.get("hack_flags"), "msg": str(r.get("error_msg"))[:300], "s": round(time.time() - t0, 1), "rc": p.returncode})
else:
    from autotriton.verify import Verifier, VerifyConfig
    from autotriton.tasks.suite import load_task_file
    text = open(cand).read()
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
        for _ in range(n):
            t0 = time.time()
            try:
                r = v.verify(load_task_file(task), text)
                rec = {"correct": r.correct, "error_kind": r.error_kind, "flags": r.hack_flags, "msg": (r.error_msg or "")[:300]}
            except Exception as e:
                rec = {"correct": None, "error_kind": "EXCEPTION", "flags": [], "msg": repr(e)[:300]}
            log({"task": task, "cand": cand, "path": "api", **rec, "s": round(time.time() - t0, 1)})
