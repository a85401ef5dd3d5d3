"""The write tracker's view of torch ops a forward runs (verify/guards.py), without a verifier."""

import torch

from autotriton.verify.guards import WriteTracker


def _ops(fn) -> list[str]:
    x = torch.randn(8, 4)
    tracker = WriteTracker([x], poison_allocations=False)
    with tracker:
        fn(x)
    return tracker.compute_ops


def test_a_cast_that_rounds_is_compute_and_one_that_widens_is_not():
    """`x.to(torch.bfloat16)` on the host did a fake-quantisation task's whole work while the kernel
    only widened it back (outside red team, 2026-11-29); masks, ids and widening casts are layout."""
    assert any("float32 to torch.bfloat16" in op for op in _ops(lambda x: x.to(torch.bfloat16)))
    assert any("to torch.int32" in op for op in _ops(lambda x: x.to(torch.int32)))
    assert any("float32 to torch.float16" in op for op in _ops(lambda x: x.half()))
    mask, ids = torch.rand(8, 4) > 0.5, torch.arange(8)
    assert _ops(lambda x: mask.to(x.dtype)) == []
    assert _ops(lambda x: ids.to(torch.int32)) == []
    assert _ops(lambda x: x.half().float()) != [] and _ops(lambda x: x.double()) == []
    assert _ops(lambda x: x.contiguous().clone()) == []
