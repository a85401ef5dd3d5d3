"""Interpreted default-precision float32 `tl.dot`s take TF32 operands on tasks whose tolerance does
not admit TF32 (verify/tf32.py): a sum written as tl.dot(ones, x) was exact on CPU and 5e-4 off on
a GPU (c_sum_dim_tf32_dot, rejected on an H200 in session 38); the same kernel at
input_precision="ieee" is exact on both and passes."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from autotriton.tasks import get_task
from autotriton.tasks.contract import admits_tf32

ADVERSARIAL = Path(__file__).parent.parent / "autotriton" / "verify" / "adversarial"

DOTS = textwrap.dedent('''
    import numpy as np, torch, triton, triton.language as tl
    from autotriton.verify import tf32
    tf32.install()
    tf32.install()  # idempotent: one truncation, not two wrappers

    @triton.jit
    def dot(a, b, out, PRECISION: tl.constexpr):
        r = tl.arange(0, 16)
        x = tl.load(a + r[:, None] * 16 + r[None, :])
        y = tl.load(b + r[:, None] * 16 + r[None, :])
        tl.store(out + r[:, None] * 16 + r[None, :], tl.dot(x, y, input_precision=PRECISION).to(tl.float32))

    def truncated(t):
        return (t.view(torch.int32) & -8192).view(torch.float32)

    torch.manual_seed(0)
    a, b = torch.randn(16, 16) * 3, torch.randn(16, 16) * 3
    exact = (a.double() @ b.double()).float()
    tf = (truncated(a).double() @ truncated(b).double()).float()
    for precision in ("tf32", "ieee", "tf32x3"):
        out = torch.empty(16, 16)
        dot[(1,)](a, b, out, precision)
        print(precision, (out - tf).abs().max().item() < 1e-4, (out - exact).abs().max().item() < 1e-4)
    out = torch.empty(16, 16)
    dot[(1,)](a.half(), b.half(), out, "tf32")  # fp16 operands: as they are
    print("fp16", (out - (a.half().double() @ b.half().double()).float()).abs().max().item() < 1e-2)
    from autotriton.verify import bf16
    bf16.install()
    bf16.install()
    out = torch.empty(16, 16)
    dot[(1,)](a.bfloat16(), b.bfloat16(), out, "tf32")  # bf16 operands: their values, not their bits
    print("bf16", (out - (a.bfloat16().double() @ b.bfloat16().double()).float()).abs().max().item() < 1e-3)
''')


def test_default_precision_float32_dots_take_tf32_operands(tmp_path):
    script = tmp_path / "dots.py"
    script.write_text(DOTS)
    proc = subprocess.run([sys.executable, str(script)], env=dict(os.environ, TRITON_INTERPRET="1"),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    # (matches the TF32 product, matches the exact one): the two differ by far more than 1e-4 here
    assert proc.stdout.split("\n")[:5] == ["tf32 True False", "ieee False True", "tf32x3 False True", "fp16 True", "bf16 True"]


def test_only_tasks_at_float32_s_own_tolerance_get_tf32_operands():
    assert not admits_tf32(get_task("builtin/l1/sum_dim").tolerance)
    assert admits_tf32(get_task("builtin/l1/matmul").tolerance)


def test_a_sum_as_a_tf32_dot_fails_and_the_same_sum_at_ieee_passes(cpu_verifier):
    cheat = (ADVERSARIAL / "c_sum_dim_tf32_dot.py").read_text()
    exact = cheat.replace("acc = tl.dot(ones, x, acc)", 'acc = tl.dot(ones, x, acc, input_precision="ieee")')
    assert exact != cheat
    task = get_task("builtin/l1/sum_dim")
    rejected, passed = cpu_verifier.verify_many([(task, cheat), (task, exact)])
    assert not rejected.correct and rejected.error_kind.value == "wrong_output", rejected.error_msg
    assert passed.correct, passed.error_msg


# A matmul as three bf16 dots (each operand split into a bf16 head and its bf16 remainder), more
# precise than TF32: written by an outside red-team pass (session 43), honest and rejected on CPU
# while the interpreter multiplied bf16 bits (verify/bf16.py).
BF16X3_MATMUL = """import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # One program per (BLOCK_M, BLOCK_N) tile of C; loop over K in BLOCK_K steps,
    # accumulating in float32. Masks cover the ragged edges in M, N and K.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        ks = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * stride_am + ks[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & (ks[None, :] < K), other=0.0)
        b = tl.load(b_ptr + ks[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=(ks[:, None] < K) & (rn[None, :] < N), other=0.0)
        a_hi = a.to(tl.bfloat16)
        a_lo = (a - a_hi.to(tl.float32)).to(tl.bfloat16)
        b_hi = b.to(tl.bfloat16)
        b_lo = (b - b_hi.to(tl.float32)).to(tl.bfloat16)
        acc += tl.dot(a_hi, b_lo)
        acc += tl.dot(a_lo, b_hi)
        acc += tl.dot(a_hi, b_hi)
    c_mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc, mask=c_mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        m, k = a.shape
        n = b.shape[1]
        c = torch.empty((m, n), device=a.device, dtype=a.dtype)
        block_m, block_n, block_k = 64, 64, 32
        grid = (triton.cdiv(m, block_m), triton.cdiv(n, block_n))
        matmul_kernel[grid](a, b, c, m, n, k,
                            a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                            BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k, num_warps=4)
        return c
"""


def test_hand_split_bf16_dots_are_narrow_float_whatever_their_precision(cpu_verifier):
    """A float32 matmul split by hand into bf16 heads and tails (three dots, about float32's
    precision) holds bf16 types as a cheat does, so since verifier 57 it is narrow_float, by
    decision: the types cannot tell the two apart (docs/VERIFIER.md). Heads only, too."""
    plain = BF16X3_MATMUL.replace("        acc += tl.dot(a_hi, b_lo)\n        acc += tl.dot(a_lo, b_hi)\n", "")
    assert plain != BF16X3_MATMUL
    task = get_task("builtin/l1/matmul")
    for result in cpu_verifier.verify_many([(task, BF16X3_MATMUL), (task, plain)]):
        assert (result.correct, result.error_kind.value, result.hack_flags) == (False, "hack", ["narrow_float"]), (
            result.error_kind, result.error_msg[-300:])


def test_interpreted_dot_tasks_are_bounded_at_a_tenth_of_the_tf32_runs_error(cpu_verifier):
    """On CPU a dot-product task's tl.dot multiplies float32 operands whole, so an honest answer
    errs as float32 does and reports a share of the TF32 run's error far under CPU_TF32_FACTOR;
    the tanh form of GELU swapped in behind the Linear (0.41 of that error, passed under the 2.5x
    the GPU keeps: outside pass on verifier 59) is a wrong answer here."""
    from autotriton.verify.judge import CPU_TF32_FACTOR, TF32_FACTOR
    assert CPU_TF32_FACTOR < TF32_FACTOR
    task = get_task("builtin/l2/linear_gelu")
    erf_form = "acc = 0.5 * acc * (1.0 + tl.erf(acc * 0.7071067811865476))"
    assert erf_form in task.solution_source
    tanh_form = task.solution_source.replace(
        erf_form, "acc = acc * tl.sigmoid(1.5957691216057308 * (acc + 0.044715 * acc * acc * acc))")
    honest, swapped = cpu_verifier.verify_many([(task, task.solution_source), (task, tanh_form)])
    assert honest.correct, honest.error_msg
    assert honest.details["tf32_error_ratio"] < CPU_TF32_FACTOR / 10, honest.details["tf32_error_ratio"]
    assert (swapped.correct, swapped.error_kind.value) == (False, "wrong_output"), swapped.error_msg
    assert "TF32 dot products" in swapped.error_msg
