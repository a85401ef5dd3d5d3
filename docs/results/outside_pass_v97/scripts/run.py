"""Usage: run.py TASK CANDFILE [n] [cli|api|both]  -> JSON lines to logs/"""
import sys, json, time, subprocess, os
task, cand = sys.argv[1], sys.argv[2]
if os.path.exists(task): task = os.path.abspath(task)
cand = os.path.abspath(cand)
n = int(sys.argv[3]) if len(sys.argv) > 3 else 1
mode = sys.argv[4] if len(sys.argv) > 4 else "both"
PY = "/work/main/.venv/bin/python"
env = dict(os.environ, PYTHONPATH="/tmp/v97")
name = os.path.basename(cand).rsplit(".", 1)[0] + "__" + os.path.basename(task).replace("/", "_").replace(".py", "")
logf = f"/tmp/op97/logs/{name}.jsonl"
def rec(d):
    with open(logf, "a") as f: f.write(json.dumps(d) + "\n")
    print(json.dumps(d), flush=True)
for i in range(n):
    if mode in ("cli", "both"):
        t0 = time.time()
        p = subprocess.run([PY, "-m", "autotriton.cli.main", "verify", "-t", task, cand, "--json", "--no-cache", "--device", "cpu"],
                           cwd="/tmp/v97", env=env, capture_output=True, text=True)
        dt = time.time() - t0
        try:
            j = json.loads(p.stdout[p.stdout.index("{"):])
            rec(dict(via="cli", task=task, cand=cand, rc=p.returncode, correct=j.get("correct"), error_kind=j.get("error_kind"),
                     msg=(j.get("error_msg") or "")[:300], s=round(dt, 1)))
        except Exception as e:
            rec(dict(via="cli", task=task, cand=cand, rc=p.returncode, correct=None, error_kind="UNPARSED",
                     msg=(p.stdout[-300:] + " || " + p.stderr[-600:]), s=round(dt, 1)))
    if mode in ("api", "both"):
        t0 = time.time()
        p = subprocess.run([PY, "/tmp/op97/scripts/api1.py", task, cand], cwd="/tmp/op97", env=env, capture_output=True, text=True)
        dt = time.time() - t0
        try:
            j = json.loads(p.stdout.strip().splitlines()[-1])
            j.update(via="api", task=task, cand=cand, rc=p.returncode, s=round(dt, 1)); rec(j)
        except Exception:
            rec(dict(via="api", task=task, cand=cand, rc=p.returncode, correct=None, error_kind="API_EXC", msg=p.stderr[-800:], s=round(dt, 1)))
