"""usage: run.py TASK CAND [TASK CAND ...]  -> runs CLI and API, prints compact verdicts, appends to results.jsonl"""
import json, subprocess, sys, os, time, traceback
sys.path.insert(0, '/work/main')
os.chdir('/work/main')
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks.contract import Task, file_task
from autotriton.tasks import get_task
args = sys.argv[1:]
pairs = list(zip(args[::2], args[1::2]))
v = Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1))
def short(d):
    return {k: d.get(k) for k in ("correct", "error_kind", "hack_flags", "launched", "compiled")} | {"msg": (d.get("error_msg") or "")[:300]}
for task, cand in pairs:
    t0 = time.time()
    p = subprocess.run([".venv/bin/autotriton", "verify", "-t", task, cand, "--json", "--no-cache", "--device", "cpu"], capture_output=True, text=True)
    try:
        cli = json.loads(p.stdout); clis = short(cli)
    except Exception:
        cli = None; clis = {"CRASH": p.returncode, "stderr": p.stderr[-1500:], "stdout": p.stdout[-500:]}
    t1 = time.time()
    try:
        if os.path.exists(task):
            tobj = get_task(task)
        else:
            tobj = get_task(task)
        r = v.verify(tobj, open(cand).read())
        api = r.to_dict() if hasattr(r, "to_dict") else r.__dict__
        apis = short(api if isinstance(api, dict) else {})
    except Exception:
        apis = {"CRASH": traceback.format_exc()[-1500:]}
    t2 = time.time()
    rec = {"task": task, "cand": cand, "cli": clis, "api": apis, "rc": p.returncode, "t_cli": round(t1-t0,1), "t_api": round(t2-t1,1)}
    with open(os.environ.get("RESULTS", "/tmp/results.jsonl"), "a") as f: f.write(json.dumps(rec) + "\n")
    same = (clis.get("correct"), clis.get("error_kind")) == (apis.get("correct"), apis.get("error_kind"))
    print(f"== {os.path.basename(cand)} [{task}] rc={p.returncode} same={same} t={rec['t_cli']}/{rec['t_api']}")
    print("  CLI:", json.dumps(clis)[:700])
    if not same: print("  API:", json.dumps(apis)[:700])
    sys.stdout.flush()
v.close()
