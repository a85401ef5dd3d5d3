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
''')


def test_default_precision_float32_dots_take_tf32_operands(tmp_path):
    script = tmp_path / "dots.py"
    script.write_text(DOTS)
    proc = subprocess.run([sys.executable, str(script)], env=dict(os.environ, TRITON_INTERPRET="1"),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    # (matches the TF32 product, matches the exact one): the two differ by far more than 1e-4 here
    assert proc.stdout.split("\n")[:4] == ["tf32 True False", "ieee False True", "tf32x3 False True", "fp16 True"]


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
