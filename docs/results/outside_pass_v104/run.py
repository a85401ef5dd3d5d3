"""Runner: python run.py PATH(api|cli) TASK CAND [REPS]  -> appends to log.jsonl"""
import json, subprocess, sys, time, os
from pathlib import Path
HERE = Path(__file__).resolve().parent
PY = "/work/main/.venv/bin/python"
def run_cli(task, cand):
    t0 = time.time()
    p = subprocess.run([PY, "-m", "autotriton.cli.main", "verify", "-t", task, cand, "--json", "--no-cache", "--device", "cpu"],
                       cwd=HERE, env={**os.environ, "PYTHONPATH": "/tmp/v104"}, capture_output=True, text=True, timeout=400)
    dt = time.time() - t0
    try:
        j = json.loads(p.stdout[p.stdout.index("{"):])
        return dict(correct=j.get("correct"), error_kind=j.get("error_kind"), flags=j.get("hack_flags"),
                    msg=(j.get("error_msg") or "")[:400], rc=p.returncode), dt
    except Exception:
        return dict(correct=None, error_kind="CLI_NO_JSON", rc=p.returncode, msg=(p.stdout[-300:] + p.stderr[-600:])), dt
def run_api(task, cand):
    sys.path.insert(0, "/tmp/v104")
    from autotriton.tasks import load_task_file
    from autotriton.verify import Verifier, VerifyConfig
    t0 = time.time()
    try:
        with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
            r = v.verify(load_task_file(task), Path(cand).read_text())
        d = r.to_dict()
        ek = d.get("error_kind")
        res = dict(correct=d.get("correct"), error_kind=ek, flags=d.get("hack_flags"), msg=(d.get("error_msg") or "")[:400])
    except BaseException as e:
        res = dict(correct=None, error_kind="EXCEPTION", msg=repr(e)[:600])
    return res, time.time() - t0
if __name__ == "__main__":
    path, task, cand = sys.argv[1:4]
    reps = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    for i in range(reps):
        res, dt = (run_cli if path == "cli" else run_api)(task, cand)
        rec = dict(task=task, candidate=cand, path=path, **res, seconds=round(dt, 1), when=time.strftime("%H:%M:%S"))
        with open(HERE / "log.jsonl", "a") as f:
            f.write(json.dumps(rec) + "\n")
        print(json.dumps(rec), flush=True)
