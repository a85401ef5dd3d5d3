"""The worker process: build each class, search for inputs its forward accepts, validate the
rendered task (two fresh builds, float64), under time, memory and network limits."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import re
import signal
import sys
import time
from dataclasses import dataclass
from typing import Callable

from autotriton.data.harvest.plan import (
    Call,
    InitPlan,
    InputPlan,
    init_plans,
    input_plans,
    render_init_inputs,
    render_inputs,
    render_task,
)

# Address space a worker may map beyond torch's own: importing transformers takes
# ~0.5 GiB; 8 GiB stops a module that builds full-size weights (a composite config's
# default sub-configs asked for 512 MiB tensors) before it takes down a 16-worker box.
WORKER_EXTRA_ADDRESS_SPACE_GB = 8
# Importing a transformers modeling file cold takes 6 s on a quiet 2-core machine.
PRELOAD_BUDGET_S = 120.0


class _Timeout(BaseException):
    """Raised by SIGALRM; a BaseException so harvested `except Exception` blocks let it through."""


class _NetworkRefused(OSError):
    pass


class _Rejected(Exception):
    def __init__(self, stage: str, reason: str, detail: str = ""):
        super().__init__(f"{stage}: {reason}: {detail}")
        self.stage, self.reason, self.detail = stage, reason, detail


def _alarm(_signum, _frame):
    raise _Timeout("time limit")


class _budget:
    """SIGALRM after `seconds`, or earlier if an enclosing budget runs out first."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.outer_deadline: float | None = None

    def __enter__(self):
        outer, _ = signal.getitimer(signal.ITIMER_REAL)
        self.outer_deadline = time.monotonic() + outer if outer > 0 else None
        signal.setitimer(signal.ITIMER_REAL, min(self.seconds, outer) if outer > 0 else self.seconds)

    def __exit__(self, *exc):
        if self.outer_deadline is None:
            signal.setitimer(signal.ITIMER_REAL, 0)
        else:  # give the enclosing budget back what it had left (it may fire at once)
            signal.setitimer(signal.ITIMER_REAL, max(1e-3, self.outer_deadline - time.monotonic()))
        return False


def _refuse_network() -> None:
    import socket

    def refuse(*_args, **_kwargs):
        raise _NetworkRefused("network access refused by the harvest worker")
    socket.socket.connect = refuse
    socket.socket.connect_ex = refuse
    socket.create_connection = refuse
    socket.getaddrinfo = refuse


def _reason(exc: BaseException, default: str) -> str:
    text = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, _Timeout):
        return "timeout"
    if isinstance(exc, _NetworkRefused) or re.search(r"offline mode|couldn't connect|network access", text, re.I):
        return "needs_network"
    if isinstance(exc, MemoryError) or re.search(r"can't allocate memory|out of memory", text, re.I):
        return "oom"  # past WORKER_EXTRA_ADDRESS_SPACE_GB: e.g. full-size default sub-configs
    if re.search(r"cuda|nvidia|gpu", text, re.I):
        return "needs_cuda"
    if isinstance(exc, ImportError):
        return "import_error"
    if isinstance(exc, (SystemExit, KeyboardInterrupt)):
        return "crash"
    return default


def _short(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:300]


def _load(source: str, name: str, workdir: str):
    from autotriton.tasks.contract import module_from_source
    path = os.path.join(workdir, f"{name}.py")
    with open(path, "w") as f:
        f.write(source)
    return module_from_source(source, name, path)


def _build(cls, plan: InitPlan, core):
    import torch
    ns = dict(vars(core))
    ns.update(plan.constants)
    exec("\n".join(plan.imports + [render_init_inputs(plan)]), ns)  # noqa: S102 - our rendered code
    with torch.device("cpu"):
        torch.manual_seed(0)
        values = ns["get_init_inputs"]()
        torch.manual_seed(0)
        model = cls(*values) if plan.call.star else _instantiate(cls, plan.call, values)
    return model.eval(), values


def _instantiate(cls, call: Call, values: list):
    if call.positional:
        return cls(*values)
    return cls(**dict(zip(call.names, values)))


def _inputs(plan: InputPlan) -> list:
    import torch
    ns = {"torch": torch, **plan.constants}
    exec(render_inputs(plan), ns)  # noqa: S102 - our rendered code
    torch.manual_seed(1)
    return ns["get_inputs"]()


def _forward_call(model, call: Call, values: list):
    import torch
    with torch.no_grad():
        if call.positional:
            return model(*values)
        return model(**dict(zip(call.names, values)))


def _flat(out) -> list:
    if isinstance(out, (tuple, list)):
        return [t for item in out for t in _flat(item)]
    return [out]


def _output_kind(out) -> str:
    import torch
    if isinstance(out, torch.Tensor):
        return "tensor"
    if isinstance(out, (tuple, list)):
        flat = _flat(out)
        if flat and all(isinstance(t, torch.Tensor) for t in flat):
            return "tensors"
        if any(isinstance(t, torch.Tensor) for t in out):
            return "filter"
    if hasattr(out, "to_tuple") and any(isinstance(t, torch.Tensor) for t in out.to_tuple()):
        return "to_tuple"
    return ""


def _kept_outputs(out, kind: str) -> list:
    import torch
    if kind == "to_tuple":
        out = out.to_tuple()
    if kind in ("filter", "to_tuple"):
        return [t for t in out if isinstance(t, torch.Tensor)]
    return _flat(out)


def _output_problem(outs: list, inputs: list) -> str:
    import torch
    if any(t.is_complex() for t in outs):
        return "complex_output"
    if any(t.numel() == 0 for t in outs):
        return "empty_output"
    if any(t.is_floating_point() and not bool(torch.isfinite(t).all()) for t in outs):
        return "nonfinite"
    ins = [x for x in _flat(inputs) if isinstance(x, torch.Tensor)]
    if all(any(t.data_ptr() == x.data_ptr() and t.shape == x.shape for x in ins) for t in outs):
        return "identity"  # nn.Identity, dropout in eval: nothing to write a kernel for
    return ""


@dataclass
class _Found:
    init: InitPlan
    inputs: InputPlan
    out_kind: str
    has_children: bool


def _try_inputs(model, plan: InitPlan, values: list, time_limit_s: float, notes: dict) -> _Found | None:
    for xp in input_plans(model, plan, values):
        try:
            args = _inputs(xp)
            start = time.perf_counter()
            with _budget(time_limit_s):
                out = _forward_call(model, xp.call, args)
            elapsed = time.perf_counter() - start
        except _Timeout:
            raise _Rejected("run", "timeout", f"forward did not finish in {time_limit_s} s") from None
        except BaseException as exc:  # noqa: BLE001 - a harvested forward failing is data
            notes.setdefault("run", exc)
            continue
        if elapsed > time_limit_s:
            raise _Rejected("run", "timeout", f"forward took {elapsed:.1f} s > {time_limit_s} s")
        kind = _output_kind(out)
        problem = _output_problem(_kept_outputs(out, kind), args) if kind else "not_tensor_output"
        if problem:
            notes.setdefault("outputs", problem)
            continue
        return _Found(plan, xp, kind, any(True for _ in model.children()))
    return None


def _search(cls, core, job: dict, time_limit_s: float, step: Callable[[str], None]) -> _Found:
    """The first constructor plan and input plan under which forward runs and gives usable outputs."""
    notes: dict = {}
    try:
        plans = init_plans(cls, core, job.get("original"), set(vars(core)))
    except LookupError as exc:
        raise _Rejected("build", "init_unresolved", str(exc)) from None
    for plan in plans:
        step("build")
        try:
            model, values = _build(cls, plan, core)
        except _Timeout:
            raise
        except BaseException as exc:  # noqa: BLE001 - a harvested constructor failing is data
            notes.setdefault("build", exc)
            continue
        step("run")
        found = _try_inputs(model, plan, values, time_limit_s, notes)
        if found is not None:
            return found
    if "outputs" in notes:
        raise _Rejected("outputs", notes["outputs"])
    if "run" in notes:
        raise _Rejected("run", _reason(notes["run"], "forward_failed"), _short(notes["run"]))
    exc = notes.get("build")
    raise _Rejected("build", _reason(exc, "init_failed") if exc else "init_failed", _short(exc) if exc else "")


def _run_task(mod, forward_seed: int, fp64: bool = False) -> list:
    """Build and run a rendered task the way the verifier does."""
    import torch

    from autotriton.verify.loading import to_device
    with torch.device("cpu"):
        torch.manual_seed(0)
        init = mod.get_init_inputs()
        torch.manual_seed(0)
        model = mod.Model(*init)
        torch.manual_seed(1)
        inputs = mod.get_inputs()
    if fp64:
        model = model.double()
        inputs = to_device(inputs, "cpu", lambda d: torch.float64)
    torch.manual_seed(forward_seed)
    with torch.no_grad():
        return _flat(model(*inputs))


def _close64(a, b) -> bool:
    """float64 output matches the float32 one to float32 precision (so a float64 reference
    does not make correct float32 kernels look wrong)."""
    import torch
    if a.shape != b.shape:
        return False
    if not a.is_floating_point():
        return torch.equal(a, b.to(a.dtype))
    a64, b64 = a.double(), b.double()
    if not bool(torch.isfinite(b64).all()):
        return False
    rms = float(a64.pow(2).mean().sqrt()) if a64.numel() else 0.0
    return bool(((a64 - b64).abs() <= 1e-3 * rms + 1e-3 * a64.abs() + 1e-6).all())


def _validate(source: str, name: str, workdir: str) -> bool:
    """Deterministic and finite from fresh builds; returns whether float64 works too."""
    import torch
    try:
        mod = _load(source, name, workdir)
        first, second = _run_task(mod, 11), _run_task(mod, 22)
    except _Timeout:
        raise
    except BaseException as exc:  # noqa: BLE001 - the rendered task failing is data (a guess that does not hold)
        raise _Rejected("outputs", "task_failed", _short(exc)) from None
    if not all(isinstance(t, torch.Tensor) for t in first):
        raise _Rejected("outputs", "not_tensor_output")
    if any(t.is_floating_point() and not bool(torch.isfinite(t).all()) for t in first):
        raise _Rejected("outputs", "nonfinite")
    if len(first) != len(second) or not all(a.shape == b.shape and torch.equal(a, b) for a, b in zip(first, second)):
        raise _Rejected("determinism", "nondeterministic", "two fresh builds with the same seed differ")
    try:
        out64 = _run_task(mod, 11, fp64=True)
    except _Timeout:
        raise
    except BaseException:  # noqa: BLE001 - no float64 kernel is data: the task says REFERENCE_FP64 = False
        return False
    return len(out64) == len(first) and all(_close64(a, b) for a, b in zip(first, out64))


def _level(found: _Found, forward_calls: int) -> int:
    if found.has_children:
        return 3
    return 1 if forward_calls <= 2 else 2


def _probe(job: dict, workdir: str, time_limit_s: float, step: Callable[[str, str], None]) -> dict:
    """One class: import its copied source, search arguments, render, validate."""
    import torch
    step("import", "build")
    try:
        with _budget(5 * time_limit_s):
            core = _load(job["imports"] + "\n\n" + job["body"], f"harvest_core_{job['task_id']}", workdir)
    except BaseException as exc:  # noqa: BLE001 - a harvested file failing to import is data
        return {"stage": "build", "reason": _reason(exc, "import_error"), "detail": _short(exc)}
    cls = getattr(core, job["name"], None)
    if not (isinstance(cls, type) and issubclass(cls, torch.nn.Module)):
        return {"stage": "build", "reason": "not_module", "detail": f"{job['name']} is not an nn.Module"}
    stage = ["build"]

    def sub(name: str) -> None:
        stage[0] = name
        step("search", name)
    try:
        with _budget(6 * time_limit_s):
            found = _search(cls, core, job, time_limit_s, sub)
        step("validate", "outputs")
        stage[0] = "outputs"
        source = render_task(job, found.init, found.inputs, found.out_kind, 0, True)
        with _budget(4 * time_limit_s):
            fp64 = _validate(source, f"harvest_task_{job['task_id']}", workdir)
    except _Rejected as rej:
        return {"stage": rej.stage, "reason": rej.reason, "detail": rej.detail}
    except BaseException as exc:  # noqa: BLE001 - a timeout or exit raised from harvested code is data
        return {"stage": stage[0] if stage[0] != "outputs" else "run", "reason": _reason(exc, "crash"),
                "detail": _short(exc)}
    level = _level(found, job["forward_calls"])
    source = render_task(job, found.init, found.inputs, found.out_kind, level, fp64)
    return {"stage": "kept", "source": source, "level": level, "reference_fp64": fp64}


def worker_main() -> None:
    """Entry point of `python -c` workers: a job (JSON line) on stdin, events (JSON lines)
    on the original stdout; harvested code's own prints go to stderr."""
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    job = json.loads(sys.stdin.readline())

    def emit(**event) -> None:
        proto.write(json.dumps(event) + "\n")
    import resource

    import torch
    torch.set_num_threads(1)  # `workers` processes share the cores
    # The cap is on top of what torch itself maps (a CUDA build maps several GB more).
    with open("/proc/self/statm") as f:
        cap = int(f.read().split()[0]) * resource.getpagesize() + (WORKER_EXTRA_ADDRESS_SPACE_GB << 30)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    # Uninitialised memory reads as NaN: parameters left as torch.empty (transformers v5
    # initialises them in PreTrainedModel.post_init, which a bare submodule never calls)
    # give NaN here instead of garbage that may happen to repeat across two builds.
    torch.use_deterministic_algorithms(True, warn_only=True)
    _refuse_network()
    signal.signal(signal.SIGALRM, _alarm)
    if job.get("original"):
        try:
            with _budget(PRELOAD_BUDGET_S):
                importlib.import_module(job["original"])
        except BaseException as exc:  # noqa: BLE001 - logged; each class then fails on its own import
            print(f"harvest: preloading {job['original']} failed: {_short(exc)}", file=sys.stderr)
    emit(event="ready")
    for i, cls_job in enumerate(job["classes"]):
        if i < job["start"]:
            continue
        emit(event="start", index=i)
        result = _probe(dict(cls_job, original=job["original"]), job["workdir"], job["time_limit_s"],
                        lambda phase, stage, i=i: emit(event="phase", index=i, phase=phase, stage=stage))
        emit(event="result", index=i, **result)
    proto.close()
    os._exit(0)  # harvested code may have left non-daemon threads behind


