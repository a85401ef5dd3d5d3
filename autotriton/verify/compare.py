"""Output comparison: candidate outputs against the (float64) reference.

The allowed error per element is `atol * rms(ref) + rtol * |ref|` (see
`autotriton.tasks.contract.DEFAULT_TOLERANCE` for why atol is RMS-scaled).
NaN or Inf in a candidate output never passes, and shape and dtype must match
exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch

# Bound at import, before any candidate runs: a candidate that replaces
# torch.isfinite cannot make NaN pass (the runtime patch check flags it too).
_isfinite = torch.isfinite  # the judge never runs candidate code; kept for clarity of intent


@dataclass
class Mismatch:
    """Why outputs differ, in numbers a model can act on."""

    reason: str  # "count", "type", "shape", "dtype", "nonfinite", "values", "precision"
    detail: str
    max_abs_err: float | None = None
    max_rel_err: float | None = None
    mismatch_frac: float | None = None
    first_bad_index: list[int] | None = None

    def message(self) -> str:
        return self.detail


def flatten_outputs(out) -> list:
    """A forward may return a tensor, a scalar, or a (nested) tuple/list of them."""
    if isinstance(out, (tuple, list)):
        flat: list = []
        for item in out:
            flat.extend(flatten_outputs(item))
        return flat
    return [out]


def _rms(t: torch.Tensor) -> float:
    if t.numel() == 0:
        return 0.0
    return float(t.double().pow(2).mean().sqrt())


def compare_tensor(
    out, ref: torch.Tensor, expected_dtype: torch.dtype, tol: tuple[float, float], index: int,
    rms_rel: float | None = None,
) -> Mismatch | None:
    """`rms_rel`: also require rms(out - ref) <= rms_rel * rms(ref) (fp32 outputs only;
    see judge.TF32_RMS_REL: it separates TF32 from bf16 tiles where max error cannot)."""
    where = f"output {index}"
    if type(out) is not torch.Tensor:
        # Exact type: a Tensor subclass could defer its work until it is read.
        return Mismatch("type", f"{where}: expected a torch.Tensor, got {type(out).__name__}")
    if tuple(out.shape) != tuple(ref.shape):
        return Mismatch("shape", f"{where}: shape {tuple(out.shape)}, expected {tuple(ref.shape)}")
    if out.dtype != expected_dtype:
        return Mismatch("dtype", f"{where}: dtype {out.dtype}, expected {expected_dtype}")
    if not (out.is_floating_point() or out.is_complex()):
        bad = out.to(ref.device) != ref.to(out.dtype)
        if bool(bad.any()):
            idx = [int(i) for i in bad.nonzero()[0]]
            frac = float(bad.double().mean())
            return Mismatch("values", f"{where}: {frac:.1%} of integer elements differ (first at {idx})",
                            mismatch_frac=frac, first_bad_index=idx)
        return None
    o = out.detach().to(ref.device, torch.float64)
    r = ref.detach().to(torch.float64)
    finite = _isfinite(o)
    if not bool(finite.all()):
        idx = [int(i) for i in (~finite).nonzero()[0]]
        frac = float((~finite).double().mean())
        return Mismatch("nonfinite", f"{where}: {frac:.1%} of elements are NaN/Inf (first at {idx}); "
                        "unwritten output memory is poisoned with NaN", mismatch_frac=frac, first_bad_index=idx)
    atol, rtol = tol
    err = (o - r).abs()
    allowed = atol * _rms(r) + rtol * r.abs()
    bad = err > allowed
    if not bool(bad.any()):
        if rms_rel is not None and expected_dtype == torch.float32:
            return _rms_check(err, r, rms_rel, where)
        return None
    idx = [int(i) for i in bad.nonzero()[0]]
    rel = err / r.abs().clamp_min(1e-12)
    frac = float(bad.double().mean())
    max_abs, max_rel = float(err.max()), float(rel[bad].max())
    return Mismatch(
        "values",
        f"{where}: {frac:.2%} of elements outside tolerance (atol={atol:g}*rms, rtol={rtol:g}); "
        f"max abs err {max_abs:.3g}, max rel err {max_rel:.3g}, first bad index {idx} "
        f"(got {float(o[tuple(idx)]):.6g}, expected {float(r[tuple(idx)]):.6g})",
        max_abs_err=max_abs, max_rel_err=max_rel, mismatch_frac=frac, first_bad_index=idx,
    )


def _rms_check(err: torch.Tensor, r: torch.Tensor, rms_rel: float, where: str) -> Mismatch | None:
    rms_err, rms_ref = _rms(err), _rms(r)
    if rms_err <= rms_rel * rms_ref:
        return None
    return Mismatch("precision", f"{where}: rms error {rms_err:.3g} is {rms_err / max(rms_ref, 1e-300):.2e} of the "
                    f"output's rms (at most {rms_rel:g} for fp32 with TF32 dot products; bf16 tiles give ~2.4e-3)")


def _compare_scalar(o, r, index: int) -> Mismatch | None:
    """Non-tensor outputs: numbers decoded by the judge itself (wire.py), never objects."""
    if type(r) in (int, bool) or r is None:
        ok = type(o) is type(r) and o == r
    elif type(r) is float:
        ok = type(o) in (int, float) and math.isclose(o, r, rel_tol=1e-4, abs_tol=1e-6)
    else:
        return Mismatch("type", f"output {index}: the reference returned an unsupported {type(r).__name__}")
    return None if ok else Mismatch("values", f"output {index}: got {o!r}, expected {r!r}")


def compare_outputs(outs, refs, expected_dtypes, tolerance_for, rms_rel: float | None = None) -> Mismatch | None:
    """Compare flattened outputs. `tolerance_for(dtype_name) -> (atol, rtol)`."""
    outs, refs = flatten_outputs(outs), flatten_outputs(refs)
    if len(outs) != len(refs):
        return Mismatch("count", f"forward returned {len(outs)} outputs, expected {len(refs)}")
    for i, (o, r, dt) in enumerate(zip(outs, refs, expected_dtypes)):
        if not isinstance(r, torch.Tensor):
            bad = _compare_scalar(o, r, i)
            if bad is not None:
                return bad
            continue
        tol = tolerance_for(str(dt).replace("torch.", ""))
        bad = compare_tensor(o, r, dt, tol, i, rms_rel)
        if bad is not None:
            return bad
    return None


def is_constant(t) -> bool:
    """True when a tensor with more than one element holds one value everywhere."""
    if not isinstance(t, torch.Tensor) or t.numel() < 2:
        return False
    flat = t.detach().reshape(-1)
    return bool((flat == flat[0]).all())
