import sys, json, subprocess, os, dataclasses, time
task, f = sys.argv[1], sys.argv[2]
env = dict(os.environ, PYTHONPATH="/tmp/cc75")
t0=time.time()
p = subprocess.run(["/work/main/.venv/bin/autotriton", "verify", "-t", task, f, "--json", "--no-cache", "--device", "cpu"],
                   capture_output=True, text=True, env=env, cwd="/tmp/pass75")
open(f + ".cli.json", "w").write(p.stdout + ("\n#STDERR\n" + p.stderr if p.stderr else ""))
try:
    cli = json.loads(p.stdout)
except Exception:
    cli = {"correct": None, "error_kind": "CLI_NONJSON rc=%d" % p.returncode, "hack_flags": None}
t1=time.time()
# API in a subprocess to keep this script clean
code = r'''
import sys, json, dataclasses
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks import get_task
task, f = sys.argv[1], sys.argv[2]
try:
    r = Verifier(VerifyConfig(device="cpu", cache_dir=None)).verify(get_task(task), open(f).read())
    d = dataclasses.asdict(r) if dataclasses.is_dataclass(r) else dict(vars(r))
except Exception as e:
    import traceback
    d = {"correct": None, "error_kind": "API_EXC " + repr(e), "hack_flags": None, "tb": traceback.format_exc()}
print("@@JSON@@" + json.dumps(d, default=repr))
'''
q = subprocess.run(["/work/main/.venv/bin/python", "-c", code, task, f], capture_output=True, text=True, env=env, cwd="/tmp/pass75")
out = q.stdout.split("@@JSON@@")[-1] if "@@JSON@@" in q.stdout else ""
try:
    api = json.loads(out)
except Exception:
    api = {"correct": None, "error_kind": "API_NONJSON rc=%d %s" % (q.returncode, q.stderr[-300:]), "hack_flags": None}
open(f + ".api.json", "w").write(json.dumps(api, indent=1, default=repr))
t2=time.time()
line = "\t".join(map(str, [os.path.basename(f), task, cli.get("correct"), cli.get("error_kind"), cli.get("hack_flags"),
                           api.get("correct"), api.get("error_kind"), api.get("hack_flags"), "%.0fs/%.0fs"%(t1-t0,t2-t1)]))
open("/tmp/pass75/local/verdicts.tsv", "a").write(line + "\n")
print(line)
for k in ("message", "error", "details"):
    if k in cli:
        s = json.dumps(cli[k], default=repr); print("CLI", k, s[:1500])
