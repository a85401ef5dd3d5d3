import json, collections
rows = [json.loads(l) for l in open("/tmp/op102/log.jsonl")]
agg = collections.OrderedDict()
for r in rows:
    k = (r["task"].split("/")[-1], r["cand"].split("/")[-1])
    a = agg.setdefault(k, {"api": [], "cli": []})
    a[r["path"]].append("correct" if r["correct"] else (r["error_kind"] + ("(" + ",".join(r["hack_flags"]) + ")" if r["hack_flags"] else "")))
for (t, c), a in agg.items():
    def s(v): return ", ".join(f"{x} x{n}" for x, n in collections.Counter(v).items()) or "-"
    print(f"| {t} | {c} | {s(a['api'])} | {s(a['cli'])} |")
print(len(rows), "verifications", len(agg), "pairs")
