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
`GpuLedger` hands reservations out first come, first served, so a task that needs
the whole GPU waits for it to drain and then runs alone.
"""

from __future__ import annotations

import subprocess
import threading
import time
import weakref
from collections.abc import Callable
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


@dataclass
class GpuPlan:
    """One job's share of a GPU."""

    reserve_bytes: int
    judge_fraction: float
    candidate_fraction: float
    fp64: bool  # float64 reference (else the native one, and the verdict says why)
    lean: bool  # one timing set and one checked rep (LEAN_INPUT_BYTES)
    alone: bool  # the job has the whole usable GPU
    need_bytes: int = 0  # what the footprint says the job needs; above reserve_bytes it runs short


class _LiveBytes(TorchDispatchMode):
    """Peak bytes of the tensors created inside forward that are alive at once."""

    def __init__(self):
        super().__init__()
        self.live = self.peak = 0

    def _free(self, n: int) -> None:
        self.live -= n

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        given = {id(t) for t in tree_leaves((args, kwargs)) if isinstance(t, torch.Tensor)}
        for t in tree_leaves(out):
            # Views (t._base set) and in-place results (an argument returned) own no new memory.
            if isinstance(t, torch.Tensor) and t._base is None and id(t) not in given:
                n = t.untyped_storage().nbytes()
                self.live += n
                self.peak = max(self.peak, self.live)
                weakref.finalize(t, self._free, n)
        return out


def _nbytes(value) -> int:
    return sum(t.untyped_storage().nbytes() for t in tree_leaves(value) if isinstance(t, torch.Tensor))


def measure_setting(task_mod) -> Footprint:
    """The footprint of the task module at its current shape (apply_shape first)."""
    with torch.device("meta"):
        model = task_mod.Model(*task_mod.get_init_inputs())
        inputs = task_mod.get_inputs()
        in_bytes, par_bytes = _nbytes(inputs), _nbytes(list(model.parameters()) + list(model.buffers()))
        live = _LiveBytes()
        try:
            with live, torch.no_grad():
                out = model(*inputs)
        except Exception as exc:  # noqa: BLE001 - data-dependent code (.item()) cannot run on meta
            return Footprint(in_bytes, in_bytes, par_bytes, 2 * in_bytes, exact=False,
                             note=f"forward could not run on meta ({type(exc).__name__}); guessed 2x inputs")
        return Footprint(in_bytes, _nbytes(out), par_bytes, max(live.peak, _nbytes(out)))


def largest(footprints: list[Footprint]) -> Footprint:
    """Field by field maximum over a task's shape settings (measured ones carry no judge peak yet)."""
    return Footprint(max(f.input_bytes for f in footprints), max(f.output_bytes for f in footprints),
                     max(f.param_bytes for f in footprints), max(f.forward_peak_bytes for f in footprints),
                     all(f.exact for f in footprints), "; ".join(dict.fromkeys(f.note for f in footprints if f.note)))


def from_dict(d: dict) -> Footprint:
    return Footprint(**{k: d[k] for k in Footprint.__dataclass_fields__ if k in d})


def judge_bytes(fp: Footprint, fp64: bool, lean: bool) -> int:
    """The judge at its peak, the timing phase: the input sets, the kept candidate
    outputs (at the judge's reply cap, twice the outputs: a padded reply must not run the
    judge out of memory and turn the candidate's failure into a skipped task), and the
    reference forward on one of them (a trial holds less: one set, one reply, one
    forward). The float64 reference adds its converted model and inputs, its own
    forward, the kept float64 outputs, and the TF32-truncated run."""
    sets = 1 if lean else 2
    native = fp.param_bytes + sets * fp.input_bytes + 2 * sets * fp.output_bytes + fp.forward_peak_bytes
    if not fp64:
        return native
    return native + 2 * fp.param_bytes + 3 * fp.input_bytes + 3 * fp.forward_peak_bytes + 2 * fp.output_bytes


def candidate_bytes(fp: Footprint, lean: bool) -> int:
    """The candidate at its peak, timing: the sets, one fresh clone per rep, the kept
    outputs, and its forward (assumed to need what the reference's does)."""
    sets = 1 if lean else 2
    return fp.param_bytes + (sets + 1) * fp.input_bytes + sets * fp.output_bytes + fp.forward_peak_bytes


def _need(judge: int, cand: int) -> int:
    return int(MARGIN * (judge + cand)) + 2 * PROCESS_OVERHEAD


def default_share_bytes(usable_bytes: int, sandboxes_per_gpu: int) -> int:
    """The least a job reserves: an even split of the usable GPU (GpuLedger.capacity) between
    the sandboxes that share it (VerifyConfig.workers_per_gpu), so that many small jobs run at
    once; a larger task reserves what its footprint needs (`plan`). At least one sandbox: 0
    from a config must not divide by zero."""
    return int(usable_bytes / max(1, sandboxes_per_gpu))


def plan(fp: Footprint, total_bytes: int, share_bytes: int, want_fp64: bool, alone: bool = False,
         usable_bytes: int | None = None) -> GpuPlan:
    """The reservation for one job on a GPU of `total_bytes` of which `usable_bytes` are ours
    (default: USABLE of it), never less than the default `share_bytes` (so small tasks pack as
    before). The float64 reference is used when it fits on this GPU alone; the decision never
    depends on what else is running."""
    fp64_room = int(USABLE * total_bytes)
    usable = min(fp64_room, usable_bytes) if usable_bytes is not None else fp64_room
    lean = fp.input_bytes > LEAN_INPUT_BYTES
    fp64 = want_fp64 and _need(_measured(fp, "fp64", judge_bytes(fp, True, lean)),
                               candidate_bytes(fp, lean)) <= fp64_room
    judge = _measured(fp, "fp64" if fp64 else "native", judge_bytes(fp, fp64, lean))
    cand = candidate_bytes(fp, lean)
    need = _need(judge, cand)
    alone = alone or need > usable - share_bytes  # nothing else would fit beside it anyway
    reserve = usable if alone else max(share_bytes, need)
    # Split the reservation in proportion to the two needs; the candidate gets at least 40%
    # (its forward may stage more than the reference's).
    judge_part = min(0.6, (judge + PROCESS_OVERHEAD) / max(1, judge + cand + 2 * PROCESS_OVERHEAD))
    return GpuPlan(reserve, reserve * judge_part / total_bytes, reserve * (1 - judge_part) / total_bytes,
                   fp64, lean, alone, need)


def plan_unknown(total_bytes: int, usable_bytes: int | None = None) -> GpuPlan:
    """A task whose footprint could not be measured runs alone."""
    usable = int(USABLE * total_bytes) if usable_bytes is None else usable_bytes
    return GpuPlan(usable, 0.5 * usable / total_bytes, 0.5 * usable / total_bytes, True, False, True)


def _measured(fp: Footprint, which: str, estimate: int) -> int:
    """The estimate, raised to what a real judge measured for this task (+10%)."""
    seen = (fp.judge_peak_bytes or {}).get(which, 0)
    return max(estimate, int(1.1 * seen))


def _smi_rows() -> list[tuple[str, str, int, int]]:
    """(index, uuid, total, used) bytes of every GPU, read with nvidia-smi: this process does
    not initialise CUDA."""
    out = subprocess.run(["nvidia-smi", "--query-gpu=index,uuid,memory.total,memory.used",
                          "--format=csv,noheader,nounits"], capture_output=True, text=True, check=False).stdout
    rows = []
    for line in out.strip().splitlines():
        index, uuid, total, used = (part.strip() for part in line.split(","))
        rows.append((index, uuid, int(total) << 20, int(used) << 20))
    return rows


def _smi_row(gpu_id: str) -> tuple[str, str, int, int]:
    for row in _smi_rows():
        if gpu_id in row[:2] or row[1].startswith(gpu_id):
            return row
    raise RuntimeError(f"nvidia-smi does not list GPU {gpu_id!r}")


def gpu_total_bytes(gpu_id: str) -> int:
    """Total memory of the GPU that CUDA_VISIBLE_DEVICES entry `gpu_id` names (an index or
    a UUID)."""
    return _smi_row(gpu_id)[2]


def gpu_used_bytes(gpu_id: str) -> int:
    """Memory every process together holds on that GPU now."""
    return _smi_row(gpu_id)[3]


class GpuLedger:
    """Reservations on one GPU, granted strictly in arrival order: a job that needs the
    whole GPU is not starved by small ones arriving after it.

    What the ledger hands out is the usable GPU less what other processes hold there. The
    model whose answers are being judged keeps its weights and its static KV cache on the same
    GPU (111 sequences of 3,000 tokens: ~8 GiB for the 135M model); counted as free, a
    KernelBench-L1 task with 6 GiB tensors, reserved "alone", ran its judge and candidate past
    the H100's 80 GB. `used_bytes` (memory every process holds, nvidia-smi's) is read again
    whenever no reservation is out, at most every REFRESH_S, so a trainer that grew between
    two reward batches is seen before the next one."""

    REFRESH_S = 2.0
    # How long a job that the GPU less others' memory cannot hold waits for that memory to come
    # back. Sandboxes that just ended still hold theirs for a moment: measured then, a 6 GiB
    # SELU's signed-input trial got 19 of the 24 GiB its candidate needed, and our own timing
    # loop ran out of memory in a correct kernel's process (H100, 2026-11-25).
    SETTLE_S = 30.0

    def __init__(self, total_bytes: int, used_bytes: Callable[[], int] | None = None):
        self.total = total_bytes
        self._used_bytes = used_bytes
        self._measured_at = -self.REFRESH_S
        self.capacity = self.free = self.others = 0
        self.resident = total_bytes
        self._refresh()
        self._cond = threading.Condition()
        self._tickets: list[int] = []
        self._next = 0

    def _refresh(self) -> None:
        """Only while no reservation is out: then all memory in use belongs to others."""
        now = time.monotonic()
        if now - self._measured_at < self.REFRESH_S:
            return
        self._measured_at = now
        self.others = self._used_bytes() if self._used_bytes else 0
        # the least others ever held: the part that stays (a resident model), not to be waited out
        self.resident = min(self.resident, self.others)
        # Never below a tenth of the GPU: a job then still runs, and an out-of-memory verdict
        # beside others is retried alone (Verifier._run).
        self.capacity = self.free = max(int(0.1 * self.total), int(USABLE * self.total) - self.others)

    def acquire(self, plan_for: Callable[[int], GpuPlan]) -> GpuPlan:
        """The plan `plan_for(capacity)` makes, once its reservation fits; the plan is made
        when the job's turn comes, as the capacity may have changed while it waited."""
        with self._cond:
            ticket = self._next
            self._next += 1
            self._tickets.append(ticket)
            settle_until = None
            while True:
                if self._tickets[0] == ticket:
                    if self.free == self.capacity:
                        self._refresh()
                    plan = plan_for(self.capacity)
                    # short, and others hold more than what stays: wait for that memory, a while
                    short = (plan.reserve_bytes < plan.need_bytes <= int(USABLE * self.total)
                             and self.others > self.resident + GiB)
                    if short:
                        settle_until = settle_until or time.monotonic() + self.SETTLE_S
                        if time.monotonic() >= settle_until:  # it stays: a new resident level
                            self.resident, short = self.others, False
                    if self.free >= plan.reserve_bytes and not short:
                        break
                self._cond.wait(timeout=self.REFRESH_S)
            self._tickets.pop(0)
            self.free -= plan.reserve_bytes
            self._cond.notify_all()
            return plan

    def release(self, nbytes: int) -> None:
        with self._cond:
            self.free += nbytes
            self._cond.notify_all()
