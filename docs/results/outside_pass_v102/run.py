#!/usr/bin/env python
"""Runner: python run.py [--cli|--api|--both] [-n N] TASK CAND ...pairs as task:cand"""
import sys, os, json, time, subprocess, argparse
HERE = "/tmp/op102"
PY = "/work/main/.venv/bin/python"
def run_cli(task, cand):
    t0 = time.time()
    env = dict(os.environ, PYTHONPATH="/tmp/v102")
    p = subprocess.run([PY, "-m", "autotriton.cli.main", "verify", "-t", task, cand, "--json", "--no-cache", "--device", "cpu"],
                       cwd=HERE, env=env, capture_output=True, text=True, timeout=600)
    dt = time.time() - t0
    try:
        j = json.loads(p.stdout[p.stdout.index("{"):])
    except Exception:
        j = {"raw_stdout": p.stdout[-2000:], "raw_stderr": p.stderr[-2000:]}
    return j, dt, p.returncode
def run_api(task, cand):
    t0 = time.time()
    env = dict(os.environ, PYTHONPATH="/tmp/v102")
    code = r'''
import sys, json
from autotriton.tasks import load_task_file
from autotriton.verify import Verifier, VerifyConfig
t = load_task_file(sys.argv[1]); c = open(sys.argv[2], encoding="utf-8", errors="surrogateescape").read()
try:
    r = Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)).verify(t, c)
    d = r.to_dict() if hasattr(r, "to_dict") else r.__dict__
    print("@@JSON@@" + json.dumps(d, default=str))
except BaseException as e:
    import traceback; traceback.print_exc()
    print("@@JSON@@" + json.dumps({"exception": repr(e)}))
'''
    p = subprocess.run([PY, "-c", code, task, cand], cwd=HERE, env=env, capture_output=True, text=True, timeout=600)
    dt = time.time() - t0
    try:
        j = json.loads(p.stdout.split("@@JSON@@")[-1])
    except Exception:
        j = {"raw_stdout": p.stdout[-2000:], "raw_stderr": p.stderr[-2000:]}
    return j, dt, p.returncode
def summarize(j):
    return {k: j.get(k) for k in ("correct", "error_kind", "hack_flags", "static_ok", "compiled", "launched", "exception")} | {"error_msg": (j.get("error_msg") or "")[:400]}
if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--path", default="api", choices=["api", "cli"])
    ap.add_argument("-n", type=int, default=1)
    ap.add_argument("pairs", nargs="+")
    a = ap.parse_args()
    for pair in a.pairs:
        task, cand = pair.split(":")
        for i in range(a.n):
            fn = run_cli if a.path == "cli" else run_api
            try:
                j, dt, rc = fn(task, cand)
            except subprocess.TimeoutExpired:
                j, dt, rc = {"timeout": True}, 600, None
            s = summarize(j)
            rec = {"task": task, "cand": cand, "path": a.path, "rc": rc, "seconds": round(dt, 1), **s,
                   "time": time.strftime("%H:%M:%S")}
            with open(f"{HERE}/log.jsonl", "a") as f: f.write(json.dumps(rec) + "\n")
            with open(f"{HERE}/full/{os.path.basename(task)}__{os.path.basename(cand)}__{a.path}__{int(time.time())}.json", "w") as f:
                json.dump(j, f, default=str)
            print(json.dumps(rec), flush=True)
