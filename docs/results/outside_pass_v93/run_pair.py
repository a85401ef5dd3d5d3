"""Run one (task, candidate) pair through the CLI and the Python API; print both verdicts.

usage (from /work/main):
  .venv/bin/python docs/results/outside_pass_v93/run_pair.py TASK CANDIDATE.py [--only cli|api] [--timeout-s S]
TASK: a built-in id (builtin/l1/relu) or a path to a task .py file.
"""
import json
import subprocess
import sys
import time
import traceback
from pathlib import Path

ROOT = Path("/work/main")


def short(d):
    keys = ("correct", "error_kind", "error_msg", "hack_flags", "parsed", "static_ok", "compiled", "launched")
    out = {k: d.get(k) for k in keys}
    if isinstance(out.get("error_msg"), str):
        out["error_msg"] = out["error_msg"][:600]
    return out


def run_cli(task, cand, timeout_s=None):
    t = time.time()
    cmd = ["timeout", "600", str(ROOT / ".venv/bin/autotriton"), "verify", "-t", task, cand,
           "--json", "--no-cache", "--device", "cpu"]
    if timeout_s:
        cmd += ["--timeout-s", str(timeout_s)]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    dt = time.time() - t
    try:
        d = json.loads(p.stdout[p.stdout.index("{"):])
        return {"rc": p.returncode, "secs": round(dt, 1), **short(d)}
    except Exception:
        return {"rc": p.returncode, "secs": round(dt, 1), "CRASH_stdout": p.stdout[-1500:],
                "CRASH_stderr": p.stderr[-3000:]}


def run_api(task, cand, timeout_s=None):
    t = time.time()
    try:
        sys.path.insert(0, str(ROOT))
        from autotriton.verify import Verifier, VerifyConfig
        from autotriton.tasks import get_task
        text = Path(cand).read_text()
        kw = {"timeout_s": timeout_s} if timeout_s else {}
        v = Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1, **kw))
        try:
            r = v.verify(get_task(task), text)
        finally:
            v.close()
        d = r.to_dict()
        return {"secs": round(time.time() - t, 1), **short(d)}
    except BaseException:
        return {"secs": round(time.time() - t, 1), "CRASH": traceback.format_exc()[-3000:]}


if __name__ == "__main__":
    args = sys.argv[1:]
    only = timeout_s = None
    if "--only" in args:
        i = args.index("--only"); only = args[i + 1]; del args[i:i + 2]
    if "--timeout-s" in args:
        i = args.index("--timeout-s"); timeout_s = float(args[i + 1]); del args[i:i + 2]
    task, cand = args[0], args[1]
    res = {"task": task, "candidate": cand}
    if only != "api":
        res["cli"] = run_cli(task, cand, timeout_s)
    if only != "cli":
        res["api"] = run_api(task, cand, timeout_s)
    if "cli" in res and "api" in res:
        res["same_verdict"] = (res["cli"].get("correct"), res["cli"].get("error_kind")) == \
                              (res["api"].get("correct"), res["api"].get("error_kind"))
    print(json.dumps(res, indent=1, default=str))
