#!/usr/bin/env python
"""judge.py TASK FILE: judge once by CLI and once by API; save FILE.cli.json and FILE.api.json."""
import json, os, subprocess, sys, time, dataclasses
CLONE = "/tmp/cc74x"
PY = "/work/main/.venv/bin/python"
CLI = "/work/main/.venv/bin/autotriton"

def jsonable(o):
    try:
        json.dumps(o); return o
    except Exception:
        pass
    if dataclasses.is_dataclass(o):
        return {k: jsonable(v) for k, v in dataclasses.asdict(o).items()}
    if isinstance(o, dict):
        return {str(k): jsonable(v) for k, v in o.items()}
    if isinstance(o, (list, tuple)):
        return [jsonable(v) for v in o]
    if hasattr(o, "__dict__"):
        return {k: jsonable(v) for k, v in vars(o).items()}
    return repr(o)

def main():
    task, f = sys.argv[1], os.path.abspath(sys.argv[2])
    env = dict(os.environ, PYTHONPATH=CLONE)
    t0 = time.time()
    p = subprocess.run([CLI, "verify", "-t", task, f, "--json", "--no-cache", "--device", "cpu"],
                       cwd=CLONE, env=env, capture_output=True, text=True, timeout=3600)
    t1 = time.time()
    try:
        cli = json.loads(p.stdout)
    except Exception:
        cli = {"unparsed_stdout": p.stdout[-5000:]}
    cli = {"_rc": p.returncode, "_stderr_tail": p.stderr[-3000:], "_wall_s": round(t1 - t0, 1), "result": cli}
    json.dump(cli, open(f + ".cli.json", "w"), indent=1, default=repr)
    code = ("import json,sys,dataclasses\n"
            "sys.path.insert(0, %r)\n" % os.path.dirname(os.path.abspath(__file__)) +
            "from autotriton.verify import Verifier, VerifyConfig\n"
            "from autotriton.tasks import get_task\n"
            "from judge import jsonable\n"
            "r = Verifier(VerifyConfig(device='cpu', cache_dir=None)).verify(get_task(sys.argv[1]), open(sys.argv[2], errors='surrogateescape').read())\n"
            "print('@@JSON@@' + json.dumps(jsonable(r), default=repr))\n")
    q = subprocess.run([PY, "-c", code, task, f], cwd=CLONE, env=env, capture_output=True, text=True, timeout=3600)
    t2 = time.time()
    api = None
    for line in q.stdout.splitlines():
        if line.startswith("@@JSON@@"):
            api = json.loads(line[8:])
    api = {"_rc": q.returncode, "_stderr_tail": q.stderr[-3000:], "_wall_s": round(t2 - t1, 1), "result": api}
    json.dump(api, open(f + ".api.json", "w"), indent=1, default=repr)
    def summ(d):
        r = d["result"] or {}
        return "correct=%s kind=%s flags=%s msg=%s" % (r.get("correct"), r.get("error_kind"), r.get("hack_flags"),
                                                       str(r.get("error_msg") or "").strip().splitlines()[-1][:400] if r.get("error_msg") else "".replace("\n", " | "))
    print("CLI rc=%d %.0fs %s" % (p.returncode, t1 - t0, summ(cli)))
    print("API rc=%d %.0fs %s" % (q.returncode, t2 - t1, summ(api)))

if __name__ == "__main__":
    main()
