"""GPU memory of a task, known before its job is packed onto a GPU.

KernelBench's level 1 is large: 19_ReLU's input is 4096 x 393216 fp32 (6 GiB),
17 tasks need 8 GiB or more inside the reference forward, and 31_VisionAttention
peaks at 16 GiB. Six sandboxes with a fixed 0.9/6 of an H200 each refused all of
them as "does not fit"; one sandbox with the whole GPU took 145 s for six.

So each task's footprint is measured once per (task, shapes) and cached: the
reference runs on the `meta` device (no memory, no time: 250 KernelBench files in
a few seconds) under a dispatch mode that tracks the bytes alive inside forward.
Real jobs report the judge's `max_memory_allocated`, which raises the estimate
when it was low. `plan` turns a footprint into a reservation on one GPU; the
`GpuLedger` hands reservations out in arrival order, letting smaller jobs that fit
pass a waiting large one a bounded number of times, so a task that needs the whole
GPU is not starved: it waits for the GPU to drain and then runs alone.
"""

from __future__ import annotations

import contextlib
import subprocess
import threading
import time
import weakref
from dataclasses import dataclass

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_leaves

GiB = 1 << 30
# Per process, outside what the formulas count: the 256 MB L2 flush buffer, cuBLAS and
# Triton workspaces, caching-allocator rounding (CUDA's own context is not in the
# caching allocator and is not capped by the memory fraction).
PROCESS_OVERHEAD = 768 << 20
# Intermediates the meta run cannot see (cuDNN workspaces, candidate kernels that stage
# more than the reference does) and fragmentation.
MARGIN = 1.25
# Above this, one input set is 20x an H200's 60 MB L2: nothing of it stays cached
# between reps, so timing uses one set (and checks one rep) instead of two.
LEAN_INPUT_BYTES = 1 * GiB
# The ledger hands out this much of each GPU; the rest is for CUDA contexts.
USABLE = 0.9


@dataclass
class Footprint:
    """Bytes of the largest GPU shape setting of a task."""

    input_bytes: int  # one set of forward inputs
    output_bytes: int
    param_bytes: int
    forward_peak_bytes: int  # bytes alive inside the reference forward, its outputs included
    exact: bool = True  # False: forward could not run on meta (e.g. it calls .item()); guessed
    note: str = ""
    judge_peak_bytes: dict | None = None  # measured on a GPU: {"fp64": n, "native": n}
    # inside the forward of the judge's TF32 run (dot operands copied and truncated); 0: not measured
    tf32_peak_bytes: int = 0


@dataclass
class GpuPlan:
    """One job's share of a GPU."""

    reserve_bytes: int
    judge_fraction: float
    candidate_fraction: float
    fp64: bool  # float64 reference (else the native one, and the verdict says why)
    lean: bool  # one timing set and one checked rep (LEAN_INPUT_BYTES)
    alone: bool  # the job has the whole usable GPU


class LiveBytes(TorchDispatchMode):
    """Peak bytes of the meta storages that ops create while the mode is on, alive at once: each
    storage counted once, when an op first returns it (not one of the op's arguments' storages:
    not a view, not an in-place or out= result), counted again as far as an op grows it in place,
    and freed with its storage. Two homes of this
    count once followed the tensor object instead: every view inside dispatch counted its whole
    storage again (`aten.t` of a Linear's 256 MiB weight: the L3 task 2_ShallowWideMLP was planned
    at 71.7 GB and its judge peaked at 26.2 GB, H100, PERFORMANCE.md run 5), and a storage kept
    only through a view made outside dispatch (`.view(torch.float32)` of a fresh bitwise_and, the
    TF32 run's truncated operands) was freed while the view still held it. Storage objects are kept
    as long as their memory lives, so the storage identifies the memory. Used for the task's
    footprint and by the GPU-size probe of a candidate (worker.Worker.probe)."""

    def __init__(self):
        super().__init__()
        self.live = self.peak = 0
        self._held: dict[int, int] = {}  # id of each live storage counted -> the bytes counted for it

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        before = {id(s): s.nbytes() for s in _meta_storages((args, kwargs))}
        out = func(*args, **(kwargs or {}))
        # The arguments too: `resize_` and `set_` grow a storage in place and return an argument.
        # Each counted from where it stood (0 for a fresh one), so a storage made empty and then
        # resized to 256 GiB counts 256 GiB; growing it once counted nothing.
        for storage in _meta_storages((out, args, kwargs)):
            key = id(storage)
            grown = storage.nbytes() - self._held.get(key, before.get(key, 0))
            if grown > 0:
                self._hold(storage, grown)
        return out

    def _hold(self, storage, n: int) -> None:
        key = id(storage)
        if key not in self._held:
            self._held[key] = 0
            weakref.finalize(storage, self._free, key)
        self._held[key] += n
        self.live += n
        self.peak = max(self.peak, self.live)

    def _free(self, key: int) -> None:
        self.live -= self._held.pop(key)


def _meta_storages(value) -> list:
    """The distinct storages of the meta tensors in `value`."""
    found = {}
    for t in tree_leaves(value):
        if isinstance(t, torch.Tensor) and t.device.type == "meta":
            storage = t.untyped_storage()
            found[id(storage)] = storage
    return list(found.values())


def _nbytes(value) -> int:
    return sum(t.untyped_storage().nbytes() for t in tree_leaves(value) if isinstance(t, torch.Tensor))


def measure_setting(task_mod, dots=None) -> Footprint:
    """The footprint of the task module at its current shape (apply_shape first). `dots`: the
    TorchFunctionMode of the judge's TF32 run (judge._TruncatedDotInputs); given, forward runs once
    more under it and its peak, the truncated copies of every dot operand included, is counted."""
    with torch.device("meta"):
        model = task_mod.Model(*task_mod.get_init_inputs())
        inputs = task_mod.get_inputs()
        in_bytes, par_bytes = _nbytes(inputs), _nbytes(list(model.parameters()) + list(model.buffers()))
        try:
            peak, out = _forward_peak(model, inputs)
            tf32_peak = _forward_peak(model, inputs, dots)[0] if dots is not None else 0
        except Exception as exc:  # noqa: BLE001 - data-dependent code (.item()) cannot run on meta
            return Footprint(in_bytes, in_bytes, par_bytes, 2 * in_bytes, exact=False,
                             note=f"forward could not run on meta ({type(exc).__name__}); guessed 2x inputs")
        out_bytes = _nbytes(out)
        return Footprint(in_bytes, out_bytes, par_bytes, max(peak, out_bytes),
                         tf32_peak_bytes=max(tf32_peak, out_bytes) if dots is not None else 0)


def _forward_peak(model, inputs, mode=None) -> tuple[int, object]:
    """(peak live bytes inside forward, its output), on meta, under `mode` if given."""
    live = LiveBytes()
    with (mode if mode is not None else contextlib.nullcontext()), live, torch.no_grad():
        out = model(*inputs)
    return live.peak, out


def largest(footprints: list[Footprint]) -> Footprint:
    """Field by field maximum over a task's shape settings (measured ones carry no judge peak yet)."""
    return Footprint(max(f.input_bytes for f in footprints), max(f.output_bytes for f in footprints),
                     max(f.param_bytes for f in footprints), max(f.forward_peak_bytes for f in footprints),
                     all(f.exact for f in footprints), "; ".join(dict.fromkeys(f.note for f in footprints if f.note)),
                     tf32_peak_bytes=max(f.tf32_peak_bytes for f in footprints))


def from_dict(d: dict) -> Footprint:
    return Footprint(**{k: d[k] for k in Footprint.__dataclass_fields__ if k in d})


def judge_bytes(fp: Footprint, fp64: bool, lean: bool) -> int:
    """The judge at its peak, the timing phase: the input sets, the kept candidate
    outputs (at the judge's reply cap, twice the outputs: a padded reply must not run the
    judge out of memory and turn the candidate's failure into a skipped task), and the
    reference forward on one of them (a trial holds less: one set, one reply, one
    forward). The float64 reference adds its converted model and inputs, its own
    forward, the kept float64 outputs, and the TF32-truncated run (a clone of the inputs and a
    forward that also holds truncated copies of the dot operands: measured where known)."""
    sets = 1 if lean else 2
    native = fp.param_bytes + sets * fp.input_bytes + 2 * sets * fp.output_bytes + fp.forward_peak_bytes
    if not fp64:
        return native
    tf32_run = fp.input_bytes + max(fp.forward_peak_bytes, fp.tf32_peak_bytes)
    return native + 2 * fp.param_bytes + 2 * fp.input_bytes + 2 * fp.forward_peak_bytes + 2 * fp.output_bytes + tf32_run


def candidate_bytes(fp: Footprint, lean: bool) -> int:
    """The candidate at its peak, timing: the sets, one fresh clone per rep, the kept
    outputs, and its forward (assumed to need what the reference's does)."""
    sets = 1 if lean else 2
    return fp.param_bytes + (sets + 1) * fp.input_bytes + sets * fp.output_bytes + fp.forward_peak_bytes


def _need(judge: int, cand: int) -> int:
    return int(MARGIN * (judge + cand)) + 2 * PROCESS_OVERHEAD


def default_share_bytes(total_bytes: int, sandboxes_per_gpu: int) -> int:
    """The least a job reserves: an even split of the usable GPU between the sandboxes
    that share it (VerifyConfig.workers_per_gpu), so that many small jobs run at once; a
    larger task reserves what its footprint needs (`plan`). At least one sandbox: 0 from
    a config must not divide by zero."""
    return int(USABLE * total_bytes / max(1, sandboxes_per_gpu))


def plan(fp: Footprint, total_bytes: int, share_bytes: int, want_fp64: bool, alone: bool = False) -> GpuPlan:
    """The reservation for one job on a GPU of `total_bytes`, never less than the
    default `share_bytes` (so small tasks pack as before). The float64 reference is used
    when it fits on this GPU alone; the decision never depends on what else is running."""
    usable = int(USABLE * total_bytes)
    lean = fp.input_bytes > LEAN_INPUT_BYTES
    fp64 = want_fp64 and _need(_measured(fp, "fp64", judge_bytes(fp, True, lean)),
                               candidate_bytes(fp, lean)) <= usable
    judge = _measured(fp, "fp64" if fp64 else "native", judge_bytes(fp, fp64, lean))
    cand = candidate_bytes(fp, lean)
    need = _need(judge, cand)
    alone = alone or need > usable - share_bytes  # nothing else would fit beside it anyway
    reserve = usable if alone else max(share_bytes, need)
    # Split the reservation in proportion to the two needs; the candidate gets at least 40%
    # (its forward may stage more than the reference's).
    judge_part = min(0.6, (judge + PROCESS_OVERHEAD) / max(1, judge + cand + 2 * PROCESS_OVERHEAD))
    return GpuPlan(reserve, reserve * judge_part / total_bytes, reserve * (1 - judge_part) / total_bytes,
                   fp64, lean, alone)


def plan_unknown(total_bytes: int) -> GpuPlan:
    """A task whose footprint could not be measured runs alone."""
    usable = int(USABLE * total_bytes)
    return GpuPlan(usable, 0.5 * usable / total_bytes, 0.5 * usable / total_bytes, True, False, True)


def _measured(fp: Footprint, which: str, estimate: int) -> int:
    """The estimate, raised to what a real judge measured for this task (+10%)."""
    seen = (fp.judge_peak_bytes or {}).get(which, 0)
    return max(estimate, int(1.1 * seen))


def gpu_total_bytes(gpu_id: str) -> int:
    """Total memory of the GPU that CUDA_VISIBLE_DEVICES entry `gpu_id` names (an index or
    a UUID), read with nvidia-smi: this process does not initialise CUDA."""
    out = subprocess.run(["nvidia-smi", "--query-gpu=index,uuid,memory.total", "--format=csv,noheader,nounits"],
                         capture_output=True, text=True, check=False).stdout
    for line in out.strip().splitlines():
        index, uuid, mib = (part.strip() for part in line.split(","))
        if gpu_id in (index, uuid) or uuid.startswith(gpu_id):
            return int(mib) << 20
    raise RuntimeError(f"nvidia-smi does not list GPU {gpu_id!r}:\n{out}")


# How far a waiting reservation can be passed by later, smaller ones that fit (GpuLedger):
# at most this many passes, and none once it has waited this long. On KernelBench L2/L3
# (H100, 2026-11-24) strict arrival order made the batch wait 62.6 s of 106.7 s of job time
# behind three L3 models reserving 20-72 GB, while 2-6 GB jobs could have run beside them.
MAX_PASSES = 8
MAX_PASS_WAIT_S = 60.0


class GpuLedger:
    """Reservations on one GPU. Jobs wait in arrival order, but a later job that fits in what
    is free may pass earlier ones that do not (a 2 GB ReLU need not wait while a 72 GB model
    waits for the GPU to drain). No job starves: once a waiting job has been passed
    MAX_PASSES times or has waited MAX_PASS_WAIT_S, nothing passes it and memory drains to it.
    Among jobs that fit, the earliest goes first."""

    def __init__(self, total_bytes: int):
        self.total = total_bytes
        self.free = int(USABLE * total_bytes)
        self._cond = threading.Condition()
        self._waiting: dict[int, list] = {}  # ticket -> [bytes, since, times passed], oldest first
        self._next = 0
        self.passes = 0  # grants that passed an earlier waiter, for details and tests

    def acquire(self, nbytes: int) -> None:
        with self._cond:
            ticket = self._next
            self._next += 1
            self._waiting[ticket] = [nbytes, time.monotonic(), 0]
            while not self._may_go(ticket, nbytes):
                self._cond.wait(timeout=1.0)  # the waiting-time limit moves without a notify
            del self._waiting[ticket]
            passed = [w for t, w in self._waiting.items() if t < ticket]
            for w in passed:
                w[2] += 1
            self.passes += bool(passed)
            self.free -= nbytes
            self._cond.notify_all()

    def _may_go(self, ticket: int, nbytes: int) -> bool:
        if self.free < nbytes:
            return False
        now = time.monotonic()
        for t, (need, since, passes) in self._waiting.items():
            if t >= ticket:
                break
            if need <= self.free or passes >= MAX_PASSES or now - since >= MAX_PASS_WAIT_S:
                return False  # it goes first: it fits, or it may no longer be passed
        return True

    def release(self, nbytes: int) -> None:
        with self._cond:
            self.free += nbytes
            self._cond.notify_all()
