"""usage: tb_run.py ITEM_ID CAND [N] -- scores a TritonBench answer N times, logs to log.jsonl"""
import sys, json, time
sys.path.insert(0, "/tmp/v114")
from autotriton.tasks.tritonbench import load_tritonbench_g, load_tritonbench_t
from autotriton.eval.tritonbench import run_tritonbench_item, run_tritonbench_gold
D = "/work/main/external/tritonbench/data"
item_id, cand = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 1
items = {x.id: x for x in (load_tritonbench_g(D) + load_tritonbench_t(D))}
item = items[item_id]
gold = run_tritonbench_gold(item, "cpu", 300.0)
print("gold ok:", gold.exited_ok, "changed:", getattr(gold, "changed", None), "called:", getattr(gold, "called", None))
code = item.gold_code if cand == "GOLD" else open(cand).read()
for _ in range(n):
    t0 = time.time()
    try:
        r = run_tritonbench_item(item, code, "cpu", 300.0, gold=gold)
        rec = {"correct": r.exec_ok, "error_kind": r.error_kind, "flags": r.hack_flags, "msg": (r.error_msg or "")[:300]}
    except Exception as e:
        rec = {"correct": None, "error_kind": "EXCEPTION", "flags": [], "msg": repr(e)[:300]}
    rec = {"task": item_id, "cand": cand, "path": "tb", **rec, "s": round(time.time() - t0, 1)}
    with open("/tmp/op114/log.jsonl", "a") as f: f.write(json.dumps(rec) + "\n")
    print(json.dumps(rec)[:600], flush=True)
