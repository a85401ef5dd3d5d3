import json, collections
rows = [json.loads(l) for l in open("/tmp/op99/log.jsonl")]
def cls(r):
    c = r["cand"].split("/")[-1]
    if r["task"].startswith("dev/") or "90_MetaMatmul" in r["task"] or c.startswith("enc_"): return "CLI/API"
    if c.startswith("h_"): return "honest"
    if c.startswith(("d_",)) or c in ("r_float_tensor.py", "r_any_tensor.py", "r_max_iter.py", "r_set_rows.py", "r_zip_rows.py"): return "D"
    if c.startswith("e_") or c in ("r_abs_tensor.py", "r_sum_tensor.py", "r_divmod_tensor.py", "x_neg_zero.py", "x_grad.py"): return "E"
    return "crash"
agg = collections.OrderedDict((k, collections.Counter()) for k in ["D", "E", "crash", "CLI/API", "honest"])
pairs = collections.defaultdict(set)
for r in rows:
    k = cls(r); pairs[k].add((r["task"], r["cand"])); agg[k]["verifications"] += 1
    if r["kind"] in ("NO_VERDICT",) or r["kind"].startswith("EXCEPTION"): agg[k]["crashes"] += 1
print("| class | pairs | verifications | crashes (no verdict) |")
for k, c in agg.items():
    print(f"| {k} | {len(pairs[k])} | {c['verifications']} | {c['crashes']} |")
print(len(rows))
