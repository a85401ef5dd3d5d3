#!/usr/bin/env python
"""Run one task/candidate pair through the CLI and the API of the frozen copy /tmp/v96 (verifier 96, e77e0f9).
usage: run_pair.py TASK CANDIDATE [--n N] [--only cli|api] [--timeout S]
Appends one JSON line per verification to logs/<candidate-stem>__<task>.jsonl"""
import json, os, subprocess, sys, time, argparse, pathlib
HERE = pathlib.Path(__file__).resolve().parent
V = "/tmp/v96"  # frozen copy of e77e0f9: git archive e77e0f9 | tar -x -C /tmp/v96
PY = "/work/main/.venv/bin/python"
ap = argparse.ArgumentParser(); ap.add_argument("task"); ap.add_argument("cand")
ap.add_argument("--n", type=int, default=1); ap.add_argument("--only", default="")
ap.add_argument("--timeout", type=float, default=60.0)
a = ap.parse_args()
cand = str(pathlib.Path(a.cand).resolve())
task = a.task
if os.path.exists(task): task = str(pathlib.Path(task).resolve())
env = dict(os.environ, PYTHONPATH=V)
API = r'''
import json, sys, time, traceback
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks import get_task
try:
    task = get_task(sys.argv[1])
    r = Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1, timeout_s=float(sys.argv[3]))).verify(task, open(sys.argv[2], encoding="utf-8", errors="surrogateescape").read())
    d = r.to_dict()
    print("@@" + json.dumps({"correct": d.get("correct"), "error_kind": d.get("error_kind"), "error_msg": (d.get("error_msg") or "")[:400], "hack_flags": d.get("hack_flags")}, default=str))
except BaseException as e:
    print("@@" + json.dumps({"correct": None, "error_kind": "EXCEPTION_OUT_OF_VERIFY", "error_msg": traceback.format_exc()[-1500:]}))
'''
tname = pathlib.Path(task).stem if os.path.exists(task) else task.replace('/', '_')
logf = HERE / "logs" / f"{pathlib.Path(cand).stem}__{tname}.jsonl"
modes = [m for m in ("cli", "api") if not a.only or m == a.only]
for i in range(a.n):
    for m in modes:
        t0 = time.time()
        if m == "cli":
            p = subprocess.run([PY, "-m", "autotriton.cli.main", "verify", "-t", task, cand, "--json", "--no-cache", "--device", "cpu", "--timeout-s", str(a.timeout)], cwd=V, env=env, capture_output=True, text=True)
            try:
                d = json.loads(p.stdout[p.stdout.index("{"):])
                rec = {"correct": d.get("correct"), "error_kind": d.get("error_kind"), "error_msg": (d.get("error_msg") or "")[:400], "hack_flags": d.get("hack_flags"), "rc": p.returncode}
            except Exception:
                rec = {"correct": None, "error_kind": "CLI_NO_JSON", "error_msg": (p.stdout[-600:] + p.stderr[-1500:]), "rc": p.returncode}
        else:
            p = subprocess.run([PY, "-c", API, task, cand, str(a.timeout)], cwd="/tmp", env=env, capture_output=True, text=True)
            line = [l for l in p.stdout.splitlines() if l.startswith("@@")]
            rec = json.loads(line[-1][2:]) if line else {"correct": None, "error_kind": "API_NO_OUTPUT", "error_msg": p.stderr[-1500:]}
        rec.update(mode=m, task=a.task, cand=pathlib.Path(cand).name, seconds=round(time.time() - t0, 1), when=time.strftime("%H:%M:%S"))
        with open(logf, "a") as f: f.write(json.dumps(rec) + "\n")
        print(json.dumps(rec)[:700], flush=True)
