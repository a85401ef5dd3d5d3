"""Quick in-process check of built-in task folders (task.py + solution.py) in
Triton's CPU interpreter. A development aid for writing tasks; the real judge
is `autotriton verify`, which runs candidates in isolated processes.

usage: TRITON_INTERPRET=1 python scripts/dev_check.py autotriton/tasks/builtin/l1/softmax [...]
"""
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("TRITON_INTERPRET", "1")
import torch  # noqa: E402

from autotriton.tasks.contract import task_from_source  # noqa: E402
from autotriton.verify.compare import compare_outputs, flatten_outputs  # noqa: E402
from autotriton.verify.loading import apply_shape, module_from_source, size_constants, to_device  # noqa: E402


def check(folder: Path) -> bool:
    src, sol = (folder / "task.py").read_text(), (folder / "solution.py").read_text()
    task = task_from_source(src, task_id=str(folder), suite="dev", level=0, solution_source=sol)
    tmp = tempfile.mkdtemp()
    for name, text in (("task", src), ("solution", sol)):
        Path(tmp, f"{name}.py").write_text(text)
    tmod = module_from_source(src, "dev_task", f"{tmp}/task.py")
    smod = module_from_source(sol, "dev_solution", f"{tmp}/solution.py")
    defaults = size_constants(tmod)
    ok = True
    for setting in task.shapes_for("interp"):
        for trial in range(3):
            apply_shape(tmod, setting, defaults)
            seed = 1000 + trial
            torch.manual_seed(seed)
            init = tmod.get_init_inputs()
            torch.manual_seed(seed)
            ref = tmod.Model(*init)
            torch.manual_seed(seed)
            cand = smod.ModelNew(*init)
            torch.manual_seed(seed + 7)
            inputs = tmod.get_inputs()
            with torch.no_grad():
                native = flatten_outputs(ref(*[x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]))
                if task.reference_fp64:
                    ref = ref.double()
                    ref_out = ref(*to_device(inputs, "cpu", lambda d: torch.float64))
                else:
                    ref_out = native
                t0 = time.time()
                out = cand(*[x.clone() if isinstance(x, torch.Tensor) else x for x in inputs])
                dt = time.time() - t0
            bad = compare_outputs(out, ref_out, [getattr(t, "dtype", None) for t in native], task.tolerance_for)
            status = "ok" if bad is None else f"FAIL {bad.detail}"
            print(f"{folder.name:28s} {setting.name:14s} trial {trial}: {status} ({dt*1000:.0f} ms)")
            ok &= bad is None
    return ok


if __name__ == "__main__":
    results = [check(Path(p)) for p in sys.argv[1:]]
    print(f"{sum(results)} passed, {len(results) - sum(results)} failed")
    sys.exit(0 if all(results) else 1)
