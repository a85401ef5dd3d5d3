"""TritonBench runner: python tb_run.py ITEM_STEM(G) ANSWER.py [REPS] -> log.jsonl (path tb-api)"""
import json, sys, time
from pathlib import Path
sys.path.insert(0, "/tmp/v104")
from autotriton.tasks.tritonbench import load_tritonbench_g, load_tritonbench_t
from autotriton.eval.tritonbench import run_tritonbench_item, run_tritonbench_gold
ROOT = Path("/work/main/external/tritonbench/data")
stem, ans = sys.argv[1], sys.argv[2]
reps = int(sys.argv[3]) if len(sys.argv) > 3 else 1
chan = "T" if stem.startswith("T:") else "G"
stem = stem.split(":")[-1]
items = load_tritonbench_t(ROOT) if chan == "T" else load_tritonbench_g(ROOT)
item = next(i for i in items if Path(i.file).stem == stem)
code = item.gold_code if ans == "GOLD" else Path(ans).read_text()
t0 = time.time(); gold = run_tritonbench_gold(item, "cpu", 300.0); tg = time.time() - t0
for _ in range(reps):
    t0 = time.time()
    try:
        r = run_tritonbench_item(item, code, "cpu", 300.0, gold=gold)
        res = dict(correct=r.exec_ok, error_kind=r.error_kind or "none", flags=r.hack_flags, msg=(r.error_msg or "")[:400], call_ok=r.call_ok, launches=r.launches)
    except BaseException as e:
        res = dict(correct=None, error_kind="EXCEPTION", msg=repr(e)[:600])
    rec = dict(task=f"tritonbench_{chan}/{stem}", candidate=ans, path="tb-api", **res, seconds=round(time.time() - t0, 1), gold_seconds=round(tg, 1), when=time.strftime("%H:%M:%S"))
    open(Path(__file__).parent / "log.jsonl", "a").write(json.dumps(rec) + "\n")
    print(json.dumps(rec), flush=True)
