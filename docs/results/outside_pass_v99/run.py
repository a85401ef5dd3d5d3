"""run pairs: python run.py N TASK:CAND[:modes] ...   modes e.g. cli,api,ltf ; N repeats each.
Runs at most 2 verifications at a time; appends to log.jsonl"""
import json, subprocess, sys, time, os, threading
from concurrent.futures import ThreadPoolExecutor
PY = "/work/main/.venv/bin/python"
ENV = dict(os.environ, PYTHONPATH="/tmp/v99")
def one(task, cand, mode, i):
    t0 = time.time()
    if mode == "cli":
        cmd = [PY, "-m", "autotriton.cli.main", "verify", "-t", task, cand, "--json", "--no-cache", "--device", "cpu"]
    else:
        cmd = [PY, "api_text.py", task, cand] if mode == "apitext" else [PY, "api_verify.py", task, cand, "get_task" if mode == "api" else "load_task_file"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=ENV, cwd="/tmp/op99", timeout=1500)
        out, err, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        out, err, rc = "", "HANG (1500 s)", -999
    d = None
    if mode == "cli":
        s = out.find("{")
        try: d = json.loads(out[s:]) if s >= 0 else None
        except Exception: d = None
    else:
        for line in out.splitlines():
            if line.startswith("RESULT "): d = json.loads(line[7:])
    if d is None: kind, msg = "NO_VERDICT", (err[-600:] or out[-600:])
    elif "exception" in d: kind, msg = "EXCEPTION:" + d["exception"], d["msg"][:600]
    else:
        kind = "correct" if d.get("correct") else str(d.get("error_kind"))
        msg = (d.get("error_msg") or "")[:300]
    rec = {"task": task, "cand": cand, "mode": mode, "rep": i, "rc": rc, "kind": kind, "flags": (d or {}).get("hack_flags"),
           "msg": msg, "wall": round(time.time() - t0, 1), "speedup": (d or {}).get("speedup"), "ts": time.strftime("%H:%M:%S")}
    if kind == "NO_VERDICT" or kind.startswith("EXCEPTION"):
        rec["stderr_tail"] = err[-1500:]
    with lock:
        with open("/tmp/op99/log.jsonl", "a") as f: f.write(json.dumps(rec) + "\n")
        print(json.dumps({k: rec[k] for k in ("task", "cand", "mode", "rep", "rc", "kind", "flags", "wall")}), rec["msg"][:200].replace("\n", " | "), flush=True)
    return rec
lock = threading.Lock()
n = int(sys.argv[1]); jobs = []
for spec in sys.argv[2:]:
    parts = spec.split(":")
    task, cand = parts[0], parts[1]
    modes = parts[2].split(",") if len(parts) > 2 else ["cli", "api"]
    for i in range(n):
        for m in modes: jobs.append((task, cand, m, i))
with ThreadPoolExecutor(2) as ex:
    list(ex.map(lambda j: one(*j), jobs))
