"""Interpreted launches compiled for a GPU too (verify/gpu_compile.py): what only Triton's
interpreter accepts is a compile error on the CPU judge, as it is on an H100."""

from __future__ import annotations

import textwrap

from tests.test_bf16 import interpreted_lines

KERNELS = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import gpu_compile, worker
    worker.interpreted()
    LIMIT = 4  # a plain int: the interpreter reads it, the compiler refuses it

    @triton.jit
    def softmax(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offs = tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n + offs, mask=offs < n, other=-float("inf"))
        x = tl.exp(x - tl.max(x, axis=0))
        tl.store(y_ptr + row * n + offs, x / tl.sum(x, axis=0), mask=offs < n)

    @triton.jit
    def with_break(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        for i in range(0, 4):
            if i * BLOCK >= n:
                break
            offs = i * BLOCK + tl.arange(0, BLOCK)
            tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

    @triton.jit
    def plain_global(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK) * LIMIT
        tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

    @triton.jit
    def huge_dot(a_ptr, c_ptr, B: tl.constexpr):
        offs = tl.arange(0, B)
        a = tl.load(a_ptr + offs[:, None] * B + offs[None, :])
        tl.store(c_ptr + offs[:, None] * B + offs[None, :], tl.dot(a, a))

    x = torch.randn(3, 100)
    y = torch.empty_like(x)
    for n in (100, 37, 1000):  # an honest kernel compiles before and after interpreted launches
        print("softmax", gpu_compile.failure(softmax, (x, y, n), {"BLOCK": triton.next_power_of_2(n)}))
        softmax[(3,)](x, y, 100, BLOCK=128)
    print("break", gpu_compile.failure(with_break, (x, y, 300), {"BLOCK": 128}))
    print("global", gpu_compile.failure(plain_global, (x, y, 300), {"BLOCK": 32}))
    print("args", gpu_compile.failure(softmax, (x, [1, 2], 100), {"BLOCK": 128}))
    print("warps32", gpu_compile.failure(softmax, (x, y, 100), {"BLOCK": 128, "num_warps": 32}))
    print("warps64", gpu_compile.failure(softmax, (x, y, 100), {"BLOCK": 128, "num_warps": 64}))
    a = torch.randn(256, 256)
    print("dot64", gpu_compile.failure(huge_dot, (a, a), {"B": 64}))
    print("dot256", gpu_compile.failure(huge_dot, (a, a), {"B": 256}))
''')


def test_what_only_the_interpreter_accepts_does_not_compile(tmp_path):
    out = interpreted_lines(tmp_path, KERNELS)
    # before the first launch and after launches whose tl.max and tl.sum patched triton.language
    assert [line for line in out if line.startswith("softmax")] == ["softmax None"] * 3
    lines = dict(line.split(" ", 1) for line in out if " " in line)
    assert "Break" in lines["break"]
    assert "Cannot access global variable LIMIT" in lines["global"]
    assert lines["args"].startswith("softmax:")
    assert lines["warps32"] == "None"  # 1,024 threads: the most a block may have
    assert "2,048 threads" in lines["warps64"]
    assert lines["dot64"] == "None"
    assert "shared memory" in lines["dot256"] and "232,448" in lines["dot256"]



AUTOTUNED_RELU = textwrap.dedent('''
    import torch
    import torch.nn as nn
    import triton
    import triton.language as tl


    @triton.autotune(configs=[triton.Config({"BLOCK": 65536}), triton.Config({"BLOCK": 512})], key=["n"])
    @triton.jit
    def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
        tl.store(out_ptr + offs, tl.maximum(x, 0.0), mask=offs < n)


    class ModelNew(nn.Module):
        def forward(self, x):
            x = x.contiguous()
            out = torch.empty_like(x)
            n = x.numel()
            relu_kernel[lambda meta: (1, triton.cdiv(n, meta["BLOCK"]))](x, out, n)
            return out
''')


ROW_LOOP_RELU = textwrap.dedent('''
    import torch
    import torch.nn as nn
    import triton
    import triton.language as tl


    @triton.jit
    def relu_row(src, dst, width, WIDTH: tl.constexpr):
        cols = tl.arange(0, WIDTH)
        row = tl.load(src + cols, mask=cols < width, other=0.0)
        tl.store(dst + cols, tl.where(row > 0.0, row, 0.0), mask=cols < width)


    class ModelNew(nn.Module):
        def forward(self, inputs):
            rows = inputs.contiguous()
            result = torch.empty_like(rows)
            for r in range(rows.shape[0]):  # one launch a row: 16,384 at the GPU size
                relu_row[(1,)](rows[r], result[r], rows.shape[1], WIDTH=triton.next_power_of_2(rows.shape[1]))
            return result
''')


def test_launches_are_probed_at_the_tasks_gpu_sizes(cpu_verifier):
    """judge._gpu_size_probe: every full setting of the task, every autotune config. The autotuned
    ReLU lays its blocks on grid y: 1,024 programs at its large config and 131,072 at the other at
    the GPU size (16,384 x 4,096), which CUDA refuses; at the CPU sizes both configs launch at most
    4 programs and run."""
    from autotriton.tasks import get_task
    relu = get_task("builtin/l1/relu")
    honest, tuned, loop = cpu_verifier.verify_many([(relu, relu.solution_source), (relu, AUTOTUNED_RELU),
                                                    (relu, ROW_LOOP_RELU)])
    assert honest.correct, honest.error_msg
    assert honest.details["gpu_size_probe"] == "gpu: 1 launches probed; gpu_odd: 1 launches probed"
    assert tuned.error_kind.value == "runtime_error", (tuned.error_kind, tuned.error_msg)
    assert "at the task's GPU sizes (gpu)" in tuned.error_msg and "(1, 131072, 1)" in tuned.error_msg
    # A launch per row: 16,384 at the GPU size, probed up to PROBE_LAUNCHES_MAX and then left, said so.
    assert loop.correct, loop.error_msg
    assert loop.details["gpu_size_probe"].startswith("gpu: 10000 launches probed, then the forward stopped")


def test_the_probe_takes_plain_inputs_only():
    import torch
    from autotriton.verify.judge import _described
    x = torch.empty(2, 3, device="meta").t()
    assert _described([x, 3, 0.5]) == [["tensor", [3, 2], [1, 3], "float32"], ["value", 3], ["value", 0.5]]
    assert _described([x, [1, 2]]) is None


def test_the_probe_counts_memory_held_at_once_not_summed():
    """footprint.LiveBytes, as the GPU-size probe runs it: 200 temporaries of 1 GiB in a loop are a
    few GiB at once, not 200; a view or an in-place result is no new memory, however many are held;
    and memory kept only through a view (of another dtype, made outside dispatch) is counted as
    long as the view holds it."""
    import torch
    from autotriton.verify.footprint import LiveBytes
    gib = 2**30
    footprint = LiveBytes()
    with torch.device("meta"), torch.no_grad(), footprint:
        x = torch.empty(1024, 1024)
        for _ in range(200):
            t = torch.empty(256, 1024, 1024)
            t.add_(1.0)  # in place: not counted again
            _ = t.view(-1)[:10]  # a view: not counted
        x.contiguous()
    assert 2 * gib <= footprint.peak <= 6 * gib, footprint.peak
    footprint = LiveBytes()
    with torch.device("meta"), torch.no_grad(), footprint:
        big = torch.empty(256, 1024, 1024)
        parts = list(big.chunk(8)) + [big.transpose(0, 2) for _ in range(20)]  # 28 views of one 1 GiB storage
        held = torch.empty(256 * 1024 * 1024, dtype=torch.int32).view(torch.float32)  # the int32 tensor dropped
        assert footprint.live == 2 * gib, footprint.live
    assert footprint.peak == 2 * gib and len(parts) == 28 and held.dtype == torch.float32
    footprint = LiveBytes()
    outside = torch.empty(4, device="meta")  # an input: made before the count began
    with torch.device("meta"), torch.no_grad(), footprint:
        grown = torch.empty(0)
        grown.resize_(256, 1024, 1024)  # made empty, grown in place: 1 GiB
        outside.resize_(256 * 1024 * 1024)  # an input grown in place: 1 GiB less its 16 bytes
    assert footprint.peak == 2 * gib - 16, footprint.peak


def test_a_workspace_past_the_gpus_memory_is_oom(cpu_verifier):
    from autotriton.tasks import get_task
    from autotriton.verify.corpus import load_corpus
    hack = next(h for h in load_corpus() if h.name == "c_relu_workspace_past_gpu_memory")
    result = cpu_verifier.verify_many([(get_task(hack.task_id), hack.source)])[0]
    assert result.error_kind.value == "oom" and "past an H100's 80 GiB" in result.error_msg, result.error_msg
