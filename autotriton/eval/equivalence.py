"""Is a rewritten task the same task? Run both and compare (tasks/rewrite.py proposes, this disposes).

`kept_rewrites(task, k)` proposes rewrites of `task` from fixed seeds and keeps the first `k`
whose `Model` gives the original's outputs, checked in one confined child process per task
(verify/confined_run.py: no network, own uid, read-only filesystem, memory cap, timeout):

- both files run at the rewrite's interp sizes (the original at the same values, through the
  rewrite's map of renamed and resized constants), on CPU, so the check costs seconds;
- parameters: both models are built from seed 0, then the original's parameters and buffers
  are copied into the rewrite by position; a rewrite whose list of parameter shapes differs
  is not the same module;
- inputs: the rewrite's `get_inputs()` must make inputs of the original's shapes and dtypes;
  both models then run on the original's inputs, and again on signed (randn) ones, since a
  rewrite could agree on [0, 1) inputs only (`torch.rand`);
- outputs: same structure, shapes and dtypes; floats within 1e-9 of the rms in float64 (1e-5
  in float32 where the module cannot run in float64), NaN where the original has NaN; others
  exactly.

A rewrite that fails any of these is dropped with its reason; that is data, not an error.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from autotriton.tasks.contract import Task
from autotriton.tasks.rewrite import Rewrite, propose, rewritten_task

CHECK_TIMEOUT_S = 120.0
CHECK_MEMORY_MB = 4096


@dataclass(frozen=True)
class RewriteCheck:
    """The verdict on one proposed rewrite."""

    rewrite: Rewrite
    equal: bool
    reason: str  # why it is not the same task ("" when it is)


def _original_overrides(rw: Rewrite, rw_overrides: dict[str, int]) -> dict[str, int]:
    """The rewrite's size values under the original's constant names."""
    back = {new: old for old, new in rw.names.items()}
    return {**rw.sizes, **{back.get(k, k): v for k, v in rw_overrides.items()}}


def _check_sizes(task: Task) -> dict[str, int]:
    interp = [s for s in task.shapes if s.mode == "interp"]
    return dict(interp[0].overrides) if interp else {}


def check_rewrites(task: Task, proposals: list[tuple[Rewrite, Task]],
                   timeout_s: float = CHECK_TIMEOUT_S) -> list[RewriteCheck]:
    """Run the original and every proposal in one confined child; one verdict per proposal."""
    from autotriton.verify.confined_run import run_confined
    from autotriton.verify.sandbox import _work_root
    if not proposals:
        return []
    with tempfile.TemporaryDirectory(prefix="autotriton-rw-", dir=_work_root()) as tmp:
        work = Path(tmp)
        (work / "original.py").write_text(task.prompt_source)
        jobs = []
        for i, (rw, t) in enumerate(proposals):
            (work / f"rewrite_{i}.py").write_text(rw.source)
            sizes = _check_sizes(t)
            jobs.append({"path": str(work / f"rewrite_{i}.py"), "rewrite": sizes,
                         "original": _original_overrides(rw, sizes)})
        (work / "job.json").write_text(json.dumps({"original": str(work / "original.py"), "jobs": jobs,
                                                   "fp64": task.reference_fp64}))
        (work / "check.py").write_text(_CHILD)
        env = {"HOME": str(work), "TMPDIR": str(work), "PYTHONDONTWRITEBYTECODE": "1", "CUDA_VISIBLE_DEVICES": "",
               "OMP_NUM_THREADS": "1", "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
               "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        run = run_confined([sys.executable, "check.py", "job.json"], str(work), env, timeout_s,
                           CHECK_MEMORY_MB, cpu_mode=True)
        verdicts = _read_verdicts(work / "verdicts.json", len(proposals))
    if verdicts is None:
        why = "timed out" if run.timed_out else f"the check exited {run.returncode}: {run.output_tail[-300:]}"
        return [RewriteCheck(rw, False, f"not checked: {why}") for rw, _ in proposals]
    return [RewriteCheck(rw, v == "", v) for (rw, _), v in zip(proposals, verdicts)]


def _read_verdicts(path: Path, n: int) -> list[str] | None:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if not (isinstance(data, list) and len(data) == n and all(isinstance(v, str) for v in data)):
        return None
    return data


def kept_rewrites(task: Task, k: int, timeout_s: float = CHECK_TIMEOUT_S) -> tuple[list[Task], list[RewriteCheck]]:
    """The first `k` proposals that run the same as `task`, as Tasks `<id>#rw0..`, and every
    proposal's verdict (for the log)."""
    proposals = propose(task, k)
    checks = check_rewrites(task, proposals, timeout_s)
    kept = [rw for rw, c in zip(proposals, checks) if c.equal][:k]
    return [rewritten_task(task, rw, i) for i, (rw, _) in enumerate(kept)], checks


# Runs confined, with the task files it is given: argv[1] = job.json. Writes verdicts.json, one
# string per rewrite ("" = the same task).
_CHILD = r'''
import copy, json, sys
import torch
torch.set_num_threads(1)
from autotriton.tasks.contract import ShapeSetting
from autotriton.verify.compare import flatten_outputs
from autotriton.verify.loading import apply_shape, clone_all, size_constants, to_device
from autotriton.tasks.contract import module_from_source

job = json.load(open(sys.argv[1]))


def load(path, name, overrides):
    mod = module_from_source(open(path).read(), name, path)
    apply_shape(mod, ShapeSetting("check", "interp", overrides), size_constants(mod))
    return mod


def build(mod):
    torch.manual_seed(0)
    return mod.Model(*mod.get_init_inputs())


def inputs_of(mod):
    torch.manual_seed(1)
    return list(mod.get_inputs())


def signature(xs):
    return [(tuple(x.shape), x.dtype) if isinstance(x, torch.Tensor) else type(x).__name__ for x in xs]


def signed(xs):
    torch.manual_seed(2)
    return [torch.randn_like(x) if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in xs]


def differ(a, b, tol):
    fa, fb = flatten_outputs(a), flatten_outputs(b)
    if len(fa) != len(fb):
        return f"{len(fb)} outputs, the original has {len(fa)}"
    for i, (x, y) in enumerate(zip(fa, fb)):
        if not isinstance(x, torch.Tensor):
            if x != y:
                return f"output {i}: {y!r}, the original gives {x!r}"
            continue
        if not isinstance(y, torch.Tensor) or x.shape != y.shape or x.dtype != y.dtype:
            return f"output {i}: {getattr(y, 'shape', y)} {getattr(y, 'dtype', '')}, the original {tuple(x.shape)} {x.dtype}"
        if not x.is_floating_point():
            if not torch.equal(x, y):
                return f"output {i}: values differ"
            continue
        nan = torch.isnan(x)
        if not torch.equal(nan, torch.isnan(y)):
            return f"output {i}: NaN where the original has none, or the reverse"
        xf, yf = x[~nan].double(), y[~nan].double()
        finite = torch.isfinite(xf)
        if not torch.equal(xf[~finite], yf[~finite]):
            return f"output {i}: infinities differ"
        xf, yf = xf[finite], yf[finite]
        if xf.numel() == 0:
            continue
        rms = xf.pow(2).mean().sqrt().item()
        err = (xf - yf).abs().max().item()
        if err > tol * max(rms, 1e-30) + tol * 1e-6:
            return f"output {i}: max error {err:.3g} (rms {rms:.3g})"
    return ""


def one(spec, original_path, fp64):
    orig = load(original_path, "original_task", spec["original"])
    rw = load(spec["path"], "rewritten_task", spec["rewrite"])
    m_o, m_r = build(orig), build(rw)
    so, sr = m_o.state_dict(), m_r.state_dict()
    if [tuple(t.shape) for t in so.values()] != [tuple(t.shape) for t in sr.values()]:
        return "parameters differ in number or shape"
    m_r.load_state_dict(dict(zip(sr.keys(), so.values())))
    x_o, x_r = inputs_of(orig), inputs_of(rw)
    if signature(x_o) != signature(x_r):
        return f"get_inputs makes {signature(x_r)}, the original {signature(x_o)}"
    for xs in (x_o, signed(x_o)):
        with torch.no_grad():
            if fp64:
                try:
                    a = copy.deepcopy(m_o).double()(*to_device(clone_all(xs), "cpu", lambda d: torch.float64))
                    b = copy.deepcopy(m_r).double()(*to_device(clone_all(xs), "cpu", lambda d: torch.float64))
                    why = differ(a, b, 1e-9)
                    if why:
                        return why
                    continue
                except (RuntimeError, TypeError):
                    pass
            why = differ(m_o(*clone_all(xs)), m_r(*clone_all(xs)), 1e-5)
            if why:
                return why
    return ""


verdicts = []
for spec in job["jobs"]:
    try:
        verdicts.append(one(spec, job["original"], job["fp64"]))
    except Exception as exc:  # the rewrite (or the original at its sizes) does not run: not the same task
        verdicts.append(f"does not run: {type(exc).__name__}: {str(exc)[:200]}")
json.dump(verdicts, open("verdicts.json", "w"))
'''
