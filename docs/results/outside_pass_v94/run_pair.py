"""Run one (task, candidate) pair through the CLI and the Python API; write logs/<name>.json.
usage: .venv/bin/python docs/results/outside_pass_v94/run_pair.py TASK CANDIDATE.py [--only cli|api] [--tag TAG]
"""
import json, subprocess, sys, time, os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent


def run_cli(task, cand):
    t0 = time.time()
    p = subprocess.run([str(ROOT / ".venv/bin/autotriton"), "verify", "-t", task, str(cand), "--json",
                        "--no-cache", "--device", "cpu"], capture_output=True, text=True, cwd=ROOT)
    out = {"rc": p.returncode, "secs": round(time.time() - t0, 1)}
    try:
        start = p.stdout.index("{")
        d = json.loads(p.stdout[start:p.stdout.rindex("}") + 1])
        out.update(correct=d.get("correct"), error_kind=d.get("error_kind"), error_msg=(d.get("error_msg") or "")[:1500],
                   hack_flags=d.get("hack_flags"))
    except Exception as e:
        out.update(correct=None, error_kind="NO_JSON", error_msg=(p.stdout[-1500:] + "\n--stderr--\n" + p.stderr[-1500:]))
    return out


def run_api(task, cand):
    t0 = time.time()
    code = r'''
import json, sys
from pathlib import Path
from autotriton.tasks import get_task
from autotriton.verify import Verifier, VerifyConfig
task, cand = sys.argv[1], sys.argv[2]
text = Path(cand).read_text()
with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
    r = v.verify(get_task(task), text)
d = r.to_dict()
print("@@JSON@@" + json.dumps(d))
'''
    p = subprocess.run([str(ROOT / ".venv/bin/python"), "-c", code, task, str(cand)], capture_output=True, text=True, cwd=ROOT)
    out = {"rc": p.returncode, "secs": round(time.time() - t0, 1)}
    if "@@JSON@@" in p.stdout:
        d = json.loads(p.stdout.split("@@JSON@@", 1)[1].strip().splitlines()[0])
        out.update(correct=d.get("correct"), error_kind=d.get("error_kind"), error_msg=(d.get("error_msg") or "")[:1500],
                   hack_flags=d.get("hack_flags"))
    else:
        out.update(correct=None, error_kind="EXCEPTION", error_msg=(p.stdout[-1000:] + "\n--stderr--\n" + p.stderr[-2000:]))
    return out


def main():
    args = sys.argv[1:]
    only = None; tag = ""
    if "--only" in args:
        i = args.index("--only"); only = args[i + 1]; del args[i:i + 2]
    if "--tag" in args:
        i = args.index("--tag"); tag = args[i + 1]; del args[i:i + 2]
    task, cand = args
    cand = Path(cand).resolve()
    rec = {"task": task, "candidate": str(cand.relative_to(ROOT)), "time": time.strftime("%Y-%m-%dT%H:%M:%S")}
    if only in (None, "cli"):
        rec["cli"] = run_cli(task, cand)
    if only in (None, "api"):
        rec["api"] = run_api(task, cand)
    name = cand.stem + (f"__{tag}" if tag else "") + "__" + time.strftime("%H%M%S")
    (HERE / "logs").mkdir(exist_ok=True)
    (HERE / "logs" / f"{name}.json").write_text(json.dumps(rec, indent=1))
    short = {k: {kk: rec[k][kk] for kk in ("correct", "error_kind", "secs")} for k in ("cli", "api") if k in rec}
    msgs = {k: rec[k]["error_msg"][:300] for k in ("cli", "api") if k in rec and rec[k].get("error_msg")}
    print(cand.name, task, json.dumps(short), json.dumps(msgs))


if __name__ == "__main__":
    main()
