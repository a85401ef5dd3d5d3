import json, glob, os, collections
rows = []
for f in sorted(glob.glob('/tmp/op97/logs/*.jsonl')):
    for l in open(f):
        rows.append(json.loads(l))
g = collections.OrderedDict()
for r in rows:
    k = (os.path.basename(r['cand']), os.path.basename(r['task']))
    g.setdefault(k, []).append(r)
for (c, t), rs in g.items():
    s = " ".join(f"{r['via']}:{'T' if r['correct'] else ('F' if r['correct'] is False else 'X')}/{r['error_kind']}" for r in rs)
    print(f"{c:40s} {t:32s} {s}")
    for r in rs:
        if r['error_kind'] not in ('none', 'wrong_output') or r['correct'] is None:
            print("     ", r['via'], (r.get('msg') or '')[:250].replace("\n", " "))
