"""float32 multiply-adds contracted in the interpreter (verify/contraction.py), as a GPU's fp fusion
makes them one fma: `a * a + c` kept its 2^-24 only on a GPU, and a kernel told the two apart by it."""

from __future__ import annotations

import textwrap

from tests.test_bf16 import interpreted_lines

FUSED = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import bf16, contraction
    bf16.install()
    contraction.install()
    contraction.install()  # idempotent

    @triton.jit
    def k(o_ptr, b_ptr, n):
        z = n.to(tl.float32) * 0.0
        a = z + 1.000244140625  # 1 + 2^-12
        c = z - 1.00048828125   # -(1 + 2^-11)
        tl.store(o_ptr, a * a + c)
        tl.store(o_ptr + 1, c + a * a)
        tl.store(o_ptr + 2, a * a - (z + 1.00048828125))
        p = a * a
        tl.store(o_ptr + 3, p.to(tl.float64).to(tl.float32) + c)  # cast between: not fused
        ab = (z + 1.0).to(tl.bfloat16)
        tl.store(b_ptr, ab * ab + ab)  # bf16: rounded per op, bf16.py's

    o, b = torch.zeros(4), torch.zeros(1, dtype=torch.bfloat16)
    k[(1,)](o, b, 5)
    print(o.tolist())
    print(b.tolist())
''')


def test_a_float32_multiply_add_is_one_fma(tmp_path):
    lines = interpreted_lines(tmp_path, FUSED)
    assert lines[0] == str([2.0 ** -24, 2.0 ** -24, 2.0 ** -24, 0.0])
    assert lines[1] == "[2.0]"


FOLDED = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import contraction
    contraction.install()

    @triton.jit
    def k(o_ptr, fa, fc, one, SCALE: tl.constexpr):
        A = tl.zeros([4], tl.float32) + fa  # a launch's float argument: a runtime value
        C = tl.zeros([4], tl.float32) + fc
        i = tl.arange(0, 4)
        tl.store(o_ptr + i, (A * A) * 1.0 + C)  # x * 1.0 folded: an fma after it
        tl.store(o_ptr + 4 + i, (A * A - 0.0) + C)  # x - 0.0 folded
        a = tl.full([4], 1.000244140625, tl.float32)
        c = tl.full([4], -1.00048828125, tl.float32)
        tl.store(o_ptr + 8 + i, a * a + c)  # constants: folded on the host, each op rounded
        tl.store(o_ptr + 12 + i, A * SCALE + c)  # a constexpr is a constant, A is not: an fma
        differ = tl.zeros([4], tl.float32)
        for d in tl.static_range(3, 35):  # an int argument of 1 is specialised: 1 / (d * one) folds
            t = (tl.full([4], d, tl.int32) * one).to(tl.float32)
            differ += (1.0 / t != tl.div_rn(1.0, t)).to(tl.float32)
        tl.store(o_ptr + 16 + i, differ)

    from autotriton.verify import approx
    approx.install()
    o = torch.zeros(20)
    k[(1,)](o, 1.000244140625, -1.00048828125, 1, SCALE=1.000244140625)
    print([o[j].item() for j in (0, 4, 8, 12, 16)])
''')


def test_constants_fold_as_the_compiler_folds_them(tmp_path):
    """Triton's compiler folds constant arithmetic on the host, each op rounded (0, where the
    interpreter's fma gave 2^-24: a tell), and folds x * 1.0 and x - 0.0 to x, so the product
    before them still meets the add as one fma (outside red team, session 46). A launch's float
    argument is a runtime value on a GPU, never a constant; an int argument equal to 1 is one (Triton
    specialises it), so a division by it folds exactly (the second pass)."""
    assert interpreted_lines(tmp_path, FOLDED)[0] == str([2.0 ** -24, 2.0 ** -24, 0.0, 2.0 ** -24, 0.0])


HALVES = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import contraction
    contraction.install()

    @triton.jit
    def k(h_ptr, d_ptr):
        h = tl.load(h_ptr)
        tl.store(h_ptr + 1, h * h - tl.load(h_ptr + 2))
        d = tl.load(d_ptr)
        tl.store(d_ptr + 1, d * d - tl.load(d_ptr + 2))

    h = torch.tensor([1 + 2 ** -10, 0.0, 1 + 2 ** -9], dtype=torch.float16)
    d = torch.tensor([1 + 2 ** -30, 0.0, 1 + 2 ** -29], dtype=torch.float64)
    k[(1,)](h, d)
    print(h[1].item(), d[1].item())
''')


def test_float16_and_float64_multiply_adds_are_fused_too(tmp_path):
    """fma.rn.f16 and fma.rn.f64 on a GPU: an fp16 a*a - c kept 2^-20 and an fp64 one 2^-60 only
    there, and a matmul stopped after one K tile where it saw them (outside red team, session 46)."""
    assert interpreted_lines(tmp_path, HALVES)[0] == f"{2.0 ** -20} {2.0 ** -60}"
