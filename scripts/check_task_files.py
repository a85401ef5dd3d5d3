"""Does each task file run as a reference? A development aid for writing task files
(the development suite, a user's own modules); the judge is `autotriton verify`.

Each file loads through the same loader as `verify --task FILE` (derived interp sizes),
then in a fresh process: the interp shape setting applied, `Model(*get_init_inputs())`
built twice from seed 0, forward in fp32 twice (outputs must be finite and identical)
and once in fp64. The file's own (GPU) sizes are reported as input megabytes.

usage: python scripts/check_task_files.py FILE.py [FILE.py ...]   (exit 1 if any fails)
"""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import copy, json, sys, time
import torch
torch.set_num_threads(1)
from pathlib import Path
from autotriton.tasks.suite import load_task_file
from autotriton.verify.loading import apply_shape, module_from_source, size_constants, clone_all, to_device
task = load_task_file(Path(sys.argv[1]))
mod = module_from_source(task.source, "checked_task", sys.argv[1])
defaults = size_constants(mod)
torch.manual_seed(0)
full_mb = sum(x.numel() * x.element_size() for x in mod.get_inputs() if isinstance(x, torch.Tensor)) / 2**20 \
    if "--no-full" not in sys.argv else None
setting = next((s for s in task.shapes if s.mode == "interp"), task.shapes[0])
apply_shape(mod, setting, defaults)
start = time.perf_counter()
outs = []
for _ in range(2):
    torch.manual_seed(0)
    model = mod.Model(*mod.get_init_inputs())
    torch.manual_seed(1)
    inputs = mod.get_inputs()
    with torch.no_grad():
        outs.append(model(*clone_all(inputs)))
flat = lambda o: [t for t in (o if isinstance(o, (list, tuple)) else [o])]
a, b = flat(outs[0]), flat(outs[1])
ok = all(isinstance(t, torch.Tensor) for t in a) and all(torch.equal(x, y) for x, y in zip(a, b))
finite = ok and all(torch.isfinite(t.float()).all().item() for t in a if t.is_floating_point())
with torch.no_grad():
    try:
        copy.deepcopy(model).double()(*to_device(clone_all(inputs), "cpu", lambda d: torch.float64))
        fp64 = "ok"
    except (RuntimeError, TypeError) as exc:
        fp64 = f"unavailable: {str(exc)[:100]}"
print(json.dumps({"deterministic": ok, "finite": finite, "fp64": fp64, "interp": setting.overrides,
                  "full_input_mb": full_mb, "seconds": round(time.perf_counter() - start, 2)}))
"""


def check(path: Path) -> bool:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TRITON_INTERPRET="1")
    proc = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120)
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
    if proc.returncode or not last.startswith("{"):
        print(f"FAIL {path}: {proc.stderr.strip()[-400:]}")
        return False
    row = json.loads(last)
    good = row["deterministic"] and row["finite"] and row["seconds"] < 10
    print(f"{'ok  ' if good else 'FAIL'} {path}: {row}")
    return good


if __name__ == "__main__":
    results = [check(Path(p)) for p in sys.argv[1:]]
    sys.exit(0 if all(results) else 1)
