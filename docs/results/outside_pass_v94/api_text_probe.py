"""API-only text probes: texts a file cannot easily carry (NUL, lone surrogates ...).
usage: .venv/bin/python docs/results/outside_pass_v94/api_text_probe.py PROBE_NAME"""
import json, sys, time, traceback
from pathlib import Path
from autotriton.tasks import get_task
from autotriton.verify import Verifier, VerifyConfig

HERE = Path(__file__).resolve().parent
base = (HERE / "candidates" / "h_relu_ref.py").read_text()
PROBES = {
    "nul_in_comment": base.replace("# Flat elementwise", "# Flat\x00 elementwise"),
    "lone_surrogate_in_comment": base.replace("# Flat elementwise", "# Flat\udc80 elementwise"),
    "nul_in_string": base + '\nNOTE = "a\x00b"\n',
    "bom_mid_text": base.replace("class ModelNew", "\ufeffclass ModelNew"),
    "bytes_like_text": base.encode().decode("latin-1").replace("# Flat", "# Fl\u00e9at"),
}
name = sys.argv[1]
text = PROBES[name]
rec = {"probe": name, "time": time.strftime("%Y-%m-%dT%H:%M:%S")}
try:
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
        r = v.verify(get_task("builtin/l1/relu"), text)
    d = r.to_dict()
    rec["api"] = {"correct": d.get("correct"), "error_kind": d.get("error_kind"), "error_msg": (d.get("error_msg") or "")[:800]}
except BaseException as e:
    rec["api"] = {"correct": None, "error_kind": "RAISED", "error_msg": "".join(traceback.format_exception(e))[-2000:]}
(HERE / "logs" / f"api_probe_{name}__{time.strftime('%H%M%S')}.json").write_text(json.dumps(rec, indent=1))
print(name, json.dumps(rec["api"])[:600])
