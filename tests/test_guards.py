"""The write tracker's view of torch ops a forward runs (verify/guards.py), without a verifier."""

import pytest
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


def test_an_op_that_raises_is_compute_seen_before_it_runs():
    """A 275-GB resize_ raised out-of-memory on an H200 before the tracker saw it, and the verdict was
    oom, not the hack (session 57): ops are noted before they run."""
    x = torch.randn(8, 4)
    tracker = WriteTracker([x], poison_allocations=False)
    with pytest.raises(RuntimeError), tracker:
        torch.mm(x, x)  # (8, 4) @ (8, 4)
    assert tracker.compute_ops == ["mm"]


def test_init_compute_marks_what_torch_or_python_computed():
    """guards.InitCompute: values computed by torch ops, copies of them and tensors of more than
    DATA_TABLE_MAX Python values are computed; draws, index ranges, fills and a few coefficients
    are not (the judge then keeps parameters and the reference's own buffers out of it)."""
    from autotriton.verify.guards import DATA_TABLE_MAX, InitCompute, storage_key
    mode = InitCompute()
    with mode:
        scaled = torch.randn(4, 3) * 0.02
        grid = torch.linspace(-1, 1, 50)
        table = (1.0 / (1.0 + torch.exp(-grid))).to(torch.float64)
        python_table = torch.tensor([float(i) for i in range(DATA_TABLE_MAX + 1)])
        coefficients = torch.tensor([0.25, 0.5, 0.25])
        drawn, ones = torch.randn(8), torch.ones(3)
    computed = mode.computed
    assert storage_key(scaled) in computed and storage_key(table) in computed
    assert storage_key(python_table) in computed
    for fresh in (grid, coefficients, drawn, ones):
        assert storage_key(fresh) not in computed


def test_init_compute_counts_python_values_across_tensors():
    """Tensors made from Python data are counted (from_data) whatever their size: the worker adds
    them up over everything the candidate keeps, so a table cut into small pieces is one table."""
    from autotriton.verify.guards import InitCompute, storage_key
    mode = InitCompute()
    with mode:
        pieces = [torch.tensor([float(i)] * 600) for i in range(2)]
        fresh = torch.zeros(600)
    assert all(mode.from_data[storage_key(t)] == 600 for t in pieces)
    assert storage_key(fresh) not in mode.from_data and not mode.computed


def test_init_compute_counts_elements_set_one_at_a_time():
    """`buf[i] = v` in a loop writes Python values into a tensor: counted as data; a fill of the
    whole tensor is a constant."""
    from autotriton.verify.guards import InitCompute, storage_key
    mode = InitCompute()
    with mode:
        table = torch.empty(10)
        for i in range(10):
            table[i] = float(i) ** 0.5
        whole = torch.empty(10)
        whole.fill_(2.0)
    assert mode.from_data[storage_key(table)] == 10
    assert storage_key(whole) not in mode.from_data


def test_python_numbers_counts_inside_tuples_and_lists():
    """guards.python_numbers: what a launch or a kept container hands over as Python values."""
    from autotriton.verify.guards import python_numbers
    assert python_numbers([3, 0.5, (1.0, 2.0, [3, 4]), "x", True, torch.zeros(3)]) == 6


def test_a_forward_making_a_table_from_python_data_is_flagged_across_calls_and_launches():
    """WriteTracker: more than 1,024 values made tensors from Python data in one forward (the
    legacy torch.Tensor(list) passes the rules), or more than 1,024 distinct Python floats handed
    to its kernels over all launches (64 launches of 32 floats each), is a table; a few constants,
    the same at every launch, and small tensors from Python data are not."""
    from autotriton.verify.guards import STATE, DATA_TABLE_MAX

    def tables(fn) -> list[str]:
        STATE.python_tables = []
        tracker = WriteTracker([torch.zeros(4)], poison_allocations=False)
        with tracker:
            fn(tracker)
        return STATE.python_tables

    assert tables(lambda t: [torch.Tensor([0.5] * 600) for _ in range(2)])  # 1,200 values in two tensors
    assert not tables(lambda t: [torch.Tensor([0.5] * 600)])
    assert tables(lambda t: [t.launched([torch.zeros(2), 7, *(k + j / 64 for j in range(32))]) for k in range(64)])
    assert not tables(lambda t: [t.launched([torch.zeros(2), k, 1e-5, 0.01]) for k in range(5000)])
    assert len(tables(lambda t: [t.launched([float(k)]) for k in range(2 * DATA_TABLE_MAX)])) == 1  # once
    STATE.python_tables = []


def test_an_autotuners_reset_to_zero_leaves_the_output_fresh(cpu_verifier):
    """A split-K sum into an output its autotuner zeroes (`reset_to_zero`) was output_not_from_kernel:
    the reset, a torch fill over memory the benchmark runs had written, made it torch's (outside pass
    on verifier 59, session 57). The reset is Triton's and makes memory fresh, as torch.zeros does."""
    from pathlib import Path
    from autotriton.tasks import get_task
    answer = (Path(__file__).parent / "fixtures" / "honest_autotuned_split_k_sum.py").read_text()
    result = cpu_verifier.verify(get_task("builtin/l1/sum_dim"), answer)
    assert result.correct, result.error_msg


def test_an_autotuners_restore_value_gives_the_output_back_its_history(cpu_verifier):
    """A split sum whose autotuner saves and restores its output around each benchmarked config
    (`restore_value`) was output_not_from_kernel: the restore, a torch copy_, made the output
    torch's, although the final launch writes it (outside pass on verifier 60, session 58). The
    copy back gives the memory the history it had when saved: fresh zeros, then the kernel's."""
    from pathlib import Path
    from autotriton.tasks import get_task
    answer = (Path(__file__).parent / "fixtures" / "honest_autotuned_sum_restore_value.py").read_text()
    result = cpu_verifier.verify(get_task("builtin/l1/sum_dim"), answer)
    assert result.correct, result.error_msg
