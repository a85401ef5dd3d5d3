import json, collections
rows = [json.loads(l) for l in open("/tmp/op99/log.jsonl")]
by = collections.OrderedDict()
for r in rows:
    by.setdefault((r["task"], r["cand"]), []).append(r)
for (t, c), rs in by.items():
    kinds = collections.Counter(f'{r["mode"]}:{r["kind"]}' for r in rs)
    print(f"{t:38s} {c:45s} " + ", ".join(f"{k} x{v}" for k, v in kinds.items()))
print(len(rows), "verifications,", len(by), "pairs")
