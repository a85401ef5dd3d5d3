"""Where Triton's interpreter (the CPU judge) and a GPU compute different bits: each is a tell.

A kernel that sees a difference the GPU makes and the interpreter does not knows which judge runs
it, and can do the work on one only (outside red team, session 45: an fma, approximate sqrt and
division, integer division by zero, the sign of maximum(-0, +0)). This runs one small kernel per
probe on fixed inputs and writes every output's bits; run it on CPU (under the judge's own
interpreter patches, worker.interpreted) and on a GPU, then compare:

    python benchmarks/numeric_tells.py --device cpu --out cpu.json
    python benchmarks/numeric_tells.py --device cuda --out gpu.json
    python benchmarks/numeric_tells.py --compare cpu.json gpu.json

A probe whose bits differ is a tell the interpreter still has (VERIFIER.md "CPU and GPU numerics").
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys

# Probes where the judge's interpreter still differs from the H200 (session 47's runs,
# docs/results/gpu_checks_session47), each with why; tests/test_approx.py holds the rest equal.
OPEN = {
    **{f"{op} over 1024 values": "an approximate function's own bits (the hashed one-ulp moves differ)"
       for op in ("sqrt", "rsqrt", "log", "exp", "exp2", "sin", "cos")},
    "/ over random": "div.full's own bits",
    "sqrt differs from sqrt_rn at": "a count of approximate bits",
    "/ differs from div_rn at": "a count of approximate bits",
    "x / x, (x * y) / y exact": "a count of approximate bits (142 of 1,024 there)",
    "exp differs from the float64 exp, rounded, at": "a count of approximate bits",
    "exp2 differs from the float64 exp2, rounded, at": "a count of approximate bits",
    "exp at subnormals, 4, -130, -149, -100": "ex2.approx's own bits at 4 and -100",
    "tl.cumsum order of 128 values": "the scan's lane order depends on the layout",
    "uint8 div by zero of 7, -7, 0, 100, 70000, -70000, 2^33, -2^33": "the 16-bit register shows through a widening",
    "uint8 mod by zero of 7, -7, 0, 100, 70000, -70000, 2^33, -2^33": "the 16-bit register shows through a widening",
    "float32 to int8 (as int64)": "the 16-bit register shows through a widening (stored, the low byte agrees)",
    "float32 to uint8 (as int64)": "the 16-bit register shows through a widening (stored, the low byte agrees)",
    "t - (c + acc) in a loop, t = a * a before it": "LLVM fuses within a basic block only; the interpreter sees no blocks",
    "load at 4 * (i // 4) hinted contiguous, width 1024": "a GPU trusts contiguity hints in vector loads",
    "... it equals the plain x[i] at (of 1024)": "a GPU trusts contiguity hints in vector loads",
}
# Probes whose value is drawn anew each run on both machines (programs' start order), so equal bits
# would be chance: at a grid of 8 the H200's [4, 8] comes up about once in 20 shuffles and failed a
# CI run. tests/test_approx.py holds the interpreter to starting its programs out of order instead.
SHUFFLED = {f"grid {g}: program 0's ticket, programs out of order" for g in (8, 132, 1024, 16384)}
INT_MIN = -2 ** 31
N = 1024  # elements of each sampled probe
# The wide-range inputs are torch.randn through torch.exp on the host, whose vector code differs by
# the host's SIMD width, so their bits differ between machines, and so do the probes over them. On a
# host whose draws hash as the H200 host's did, the correctly rounded sqrt_rn agrees with the H200's
# (session 67, a Sapphire Rapids CPU with AVX-512: listed open since session 47 as "not found", it
# was these inputs); this hash is that host's draw.
WIDE_AS_ON_THE_H200 = "ed26d57becb95bdc"
WIDE_PROBES = {f"{op} over {N} values" for op in ("sqrt", "sqrt_rn", "rsqrt", "log")} | {"sqrt differs from sqrt_rn at"}


def _kernels():
    import triton
    import triton.language as tl

    @triton.jit
    def binary(a_ptr, b_ptr, o_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = i < n
        a = tl.load(a_ptr + i, mask=m)
        b = tl.load(b_ptr + i, mask=m)
        if OP == "maximum":
            r = tl.maximum(a, b)
        elif OP == "minimum":
            r = tl.minimum(a, b)
        elif OP == "floordiv":
            r = a // b
        elif OP == "mod":
            r = a % b
        elif OP == "shl":
            r = a << b
        elif OP == "shr":
            r = a >> b
        elif OP == "div":
            r = a / b
        elif OP == "div_rn":
            r = tl.div_rn(a, b)
        elif OP == "sub":
            r = a - b
        elif OP == "fms":  # a * a - b: fused on a GPU?
            r = a * a - b
        elif OP == "frem":
            r = a % b
        else:
            r = a * b
        tl.store(o_ptr + i, r, mask=m)

    @triton.jit
    def unary(a_ptr, o_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = i < n
        a = tl.load(a_ptr + i, mask=m)
        if OP == "sqrt":
            r = tl.sqrt(a)
        elif OP == "sqrt_rn":
            r = tl.sqrt_rn(a)
        elif OP == "rsqrt":
            r = tl.rsqrt(a)
        elif OP == "exp":
            r = tl.exp(a)
        elif OP == "exp2":
            r = tl.exp2(a)
        elif OP == "log":
            r = tl.log(a)
        elif OP == "sin":
            r = tl.sin(a)
        elif OP == "cos":
            r = tl.cos(a)
        else:
            r = a
        tl.store(o_ptr + i, r.to(o_ptr.dtype.element_ty), mask=m)

    @triton.jit
    def reduce_sum(a_ptr, o_ptr, BLOCK: tl.constexpr):
        tl.store(o_ptr, tl.sum(tl.load(a_ptr + tl.arange(0, BLOCK)), axis=0))

    @triton.jit
    def scan_sum(a_ptr, o_ptr, BLOCK: tl.constexpr):
        tl.store(o_ptr + tl.arange(0, BLOCK), tl.cumsum(tl.load(a_ptr + tl.arange(0, BLOCK)), axis=0))

    @triton.jit
    def dot_sum(a_ptr, o_ptr, BLOCK: tl.constexpr):  # sum(a * b): a thread's adds fused with the products?
        a = tl.load(a_ptr + tl.arange(0, BLOCK))
        tl.store(o_ptr, tl.sum(a * a, axis=0))

    @triton.jit
    def loop_fms(a_ptr, o_ptr, n):  # the product before a runtime loop, the subtraction in it
        a = tl.load(a_ptr)
        p = a * a
        r = a * 0.0
        for _ in range(n):
            r = p - tl.load(a_ptr + 1)
        tl.store(o_ptr, r)

    @triton.jit
    def nan_bits(o_ptr):
        zero = tl.load(o_ptr).to(tl.float32) * 0.0  # 0.0, unknown to the compiler
        inf = 1.0 / zero
        tl.store(o_ptr + 0, (zero / zero).to(tl.int32, bitcast=True))
        tl.store(o_ptr + 1, (inf - inf).to(tl.int32, bitcast=True))
        tl.store(o_ptr + 2, tl.sqrt(zero - 1.0).to(tl.int32, bitcast=True))
        tl.store(o_ptr + 3, tl.log(zero - 1.0).to(tl.int32, bitcast=True))
        tl.store(o_ptr + 4, (inf * zero).to(tl.int32, bitcast=True))

    return binary, unary, reduce_sum, nan_bits, scan_sum, dot_sum, loop_fms


def _kernels_second():
    """Probes for what the first GPU run (H200, session 47) left open: narrow and unsigned integer
    division by zero, conversions through a 16-bit register, the corpus files' own tells."""
    import triton
    import triton.language as tl

    @triton.jit
    def int_ops(a_ptr, b_ptr, o_ptr, n, OP: tl.constexpr, TYPE: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = i < n
        a = tl.load(a_ptr + i, mask=m).to(TYPE)
        b = tl.load(b_ptr + i, mask=m).to(TYPE)
        r = a // b if OP == "div" else a % b
        tl.store(o_ptr + i, r.to(tl.int64), mask=m)

    @triton.jit
    def to_int(a_ptr, o_ptr, n, TYPE: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = i < n
        r = tl.load(a_ptr + i, mask=m).to(TYPE)
        tl.store(o_ptr + i, r.to(tl.int64, bitcast=False), mask=m)

    @triton.jit
    def runtime_nan(o_ptr, big):  # the hardswish file's tell: inf from a launch argument
        inf = tl.zeros([16], tl.float32) + big * big
        nan = inf - inf
        tl.store(o_ptr + tl.arange(0, 16), nan.to(tl.int32, bitcast=True))
        tl.store(o_ptr + 16, tl.sum((nan.to(tl.int32, bitcast=True) < 0).to(tl.int32), axis=0))

    @triton.jit
    def loop_acc(o_ptr, n):  # the fma-across-a-loop file's tell, its values from a launch argument
        zf = (n < 0).to(tl.float32)
        zi = (n < 0).to(tl.int32)
        a = zf + 1.000244140625
        c = zf + 1.00048828125
        t = a * a
        acc = zf
        for _ in range(0, zi + 1):
            acc = acc + (t - (c + acc))
        tl.store(o_ptr, acc)

    @triton.jit
    def hinted(x_ptr, o_ptr, WIDTH: tl.constexpr):  # offsets 4 * (i // 4) declared contiguous
        i = tl.arange(0, WIDTH)
        g = tl.max_contiguous(tl.multiple_of((i // 4) * 4, 4), 4)
        tl.store(o_ptr + i, tl.load(x_ptr + g))

    @triton.jit
    def tickets(counter_ptr, o_ptr):  # the order programs start in
        tl.store(o_ptr + tl.program_id(0), tl.atomic_add(counter_ptr, 1))

    @triton.jit
    def frem_more(a_ptr, b_ptr, o_ptr, n, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = i < n
        tl.store(o_ptr + i, tl.load(a_ptr + i, mask=m) % tl.load(b_ptr + i, mask=m), mask=m)

    return int_ops, to_int, runtime_nan, loop_acc, hinted, tickets, frem_more


def second_probes(device: str) -> dict:
    import torch
    int_ops, to_int, runtime_nan, loop_acc, hinted, tickets, frem_more = _kernels_second()
    import triton.language as tl
    out: dict = {}
    a = torch.tensor([7, -7, 0, 100, 70000, -70000, 2 ** 33, -2 ** 33], dtype=torch.int64)
    b = torch.zeros(8, dtype=torch.int64)
    for name, t in (("int8", tl.int8), ("int16", tl.int16), ("uint8", tl.uint8), ("uint16", tl.uint16),
                    ("uint32", tl.uint32), ("uint64", tl.uint64), ("int64", tl.int64)):
        for op in ("div", "mod"):
            o = torch.empty(8, dtype=torch.int64, device=device)
            int_ops[(1,)](a.to(device), b.to(device), o, 8, OP=op, TYPE=t, BLOCK=8)
            out[f"{name} {op} by zero of 7, -7, 0, 100, 70000, -70000, 2^33, -2^33"] = _bits(o)
    special = torch.tensor([float("nan"), float("inf"), -float("inf"), 70000.7, -40000.5, 300.7, -1.5,
                            3e9, 5e9, -3e9, 1e20, 2.0 ** 63, -2.0 ** 63, 2.0 ** 64, 32768.0, 65535.5])
    for name, t in (("int8", tl.int8), ("uint8", tl.uint8), ("uint16", tl.uint16), ("uint32", tl.uint32),
                    ("uint64", tl.uint64), ("int64", tl.int64), ("int16", tl.int16), ("int32", tl.int32)):
        o = torch.empty(16, dtype=torch.int64, device=device)
        to_int[(1,)](special.to(device), o, 16, TYPE=t, BLOCK=16)
        out[f"float32 to {name} (as int64)"] = _bits(o)
    o = torch.zeros(17, dtype=torch.int32, device=device)
    runtime_nan[(1,)](o, 3.0e38)
    out["inf - inf from a launch argument; how many negative"] = _bits(o)
    o = torch.zeros(1, device=device)
    loop_acc[(1,)](o, 5)
    out["t - (c + acc) in a loop, t = a * a before it"] = _bits(o)
    x = torch.arange(1024, dtype=torch.float32)
    for width in (16, 1024):
        o = torch.empty(width, device=device)
        hinted[(1,)](x.to(device), o, WIDTH=width)
        out[f"load at 4 * (i // 4) hinted contiguous, width {width}"] = _digest(o)
        out[f"... it equals the plain x[i] at (of {width})"] = int((o.cpu() == x[:width]).sum())
    for grid in (8, 132, 1024, 16384):
        counter = torch.zeros(1, dtype=torch.int32, device=device)
        o = torch.empty(grid, dtype=torch.int32, device=device)
        tickets[(grid,)](counter, o)
        o = o.cpu()
        out[f"grid {grid}: program 0's ticket, programs out of order"] = [
            int(o[0]), int((o != torch.arange(grid, dtype=torch.int32)).sum())]
    fa = torch.tensor([-4.0, 5.0, float("inf"), 7.0, 1e-40, -1e10, 1e10, 5.5, 1e30, 3.0, -0.0, 16777217.0])
    fb = torch.tensor([2.0, float("inf"), 2.0, 0.0, 1.0, 3.0, -3.0, -2.0, 7.0, 1e-40, 5.0, 3.0])
    o = torch.empty(12, device=device)
    frem_more[(1,)](fa.to(device), fb.to(device), o, 12, BLOCK=16)
    out["float %: -4%2, 5%inf, inf%2, 7%0, 1e-40%1, -1e10%3, 1e10%-3, 5.5%-2, 1e30%7, 3%1e-40, -0%5, 16777217%3"] = _bits(o)
    return out


def _kernels_third():
    """Probes for the signed zero of c_matmul_count_in_a_dict_key's tick: on an H200 (session 61) its
    `tl.store(st + calls, -0.0)` left the zeros' bits as they were over six calls, where the interpreter
    writes 0x80000000 and counts calls by them (docs/results/verifier68_h200_s61)."""
    import triton
    import triton.language as tl

    @triton.jit
    def neg_zero(a_ptr, o_ptr):  # a holds +0.0 at runtime, unknown to the compiler
        z = tl.load(a_ptr)
        tl.store(o_ptr + 0, -0.0)
        tl.store(o_ptr + 1 + tl.arange(0, 4), tl.full([4], -0.0, tl.float32))
        tl.store(o_ptr + 5, -z)
        tl.store(o_ptr + 6, z * -1.0)
        tl.store(o_ptr + 7, 0.0 - z)

    @triton.jit
    def reciprocal_sign(s_ptr, o_ptr, BLOCK: tl.constexpr):  # 1 / s for signed zeros, and its sign
        s = tl.load(s_ptr + tl.arange(0, BLOCK))
        tl.store(o_ptr + tl.arange(0, BLOCK), ((1.0 / s) < 0).to(tl.float32))
        tl.store(o_ptr + BLOCK + tl.arange(0, BLOCK), 1.0 / s)

    @triton.jit
    def tick(st):  # the corpus file's own counter: calls so far = negative zeros held
        s = tl.load(st + tl.arange(0, 16))
        calls = tl.sum(((1.0 / s) < 0).to(tl.int32), 0)
        if calls < 16:
            tl.store(st + calls, -0.0)

    return neg_zero, reciprocal_sign, tick


def third_probes(device: str) -> dict:
    import torch
    neg_zero, reciprocal_sign, tick = _kernels_third()
    out: dict = {}
    o = torch.ones(8, device=device)
    neg_zero[(1,)](torch.zeros(1, device=device), o)
    out["-0.0 stored: constant, tl.full, -z, z * -1, 0 - z"] = _bits(o)
    s = torch.tensor([0.0, -0.0, 1.0, -1.0, 1e-45, -1e-45, float("inf"), -float("inf")], device=device)
    o = torch.empty(16, device=device)
    reciprocal_sign[(1,)](s, o, BLOCK=8)
    out["1 / s < 0, then 1 / s, for +0, -0, 1, -1, +-1e-45, +-inf"] = _bits(o)
    st = torch.zeros(16, device=device)
    for _ in range(3):
        tick[(1,)](st)
    out["a count of negative zeros ticked 3 times"] = _bits(st)
    return out


def _bits(t) -> list[str]:
    """Each element's bits as hex: a float's sign of zero and NaN payload count."""
    import torch
    if t.dtype.is_floating_point:
        t = t.view({1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[t.element_size()])
    return [format(int(v) & ((1 << (8 * t.element_size())) - 1), "x") for v in t.cpu().tolist()]


def _digest(t) -> dict:
    """A sampled probe: its bits' hash, and how many elements differ from the round-to-nearest run."""
    return {"sha256": hashlib.sha256(t.cpu().numpy().tobytes()).hexdigest()[:16]}


def probes(device: str) -> dict:
    import torch
    binary, unary, reduce_sum, nan_bits, scan_sum, dot_sum, loop_fms = _kernels()
    out: dict = {}

    def run2(op, a, b, dtype=None):
        a, b = a.to(device), b.to(device)
        o = torch.empty(a.shape, dtype=dtype or a.dtype, device=device)
        binary[(triton_cdiv(a.numel(), 256),)](a, b, o, a.numel(), OP=op, BLOCK=256)
        return o.cpu()  # the probes compare results with CPU tensors

    def run1(op, a, dtype=None):
        a = a.to(device)
        o = torch.empty(a.shape, dtype=dtype or a.dtype, device=device)
        unary[(triton_cdiv(a.numel(), 256),)](a, o, a.numel(), OP=op, BLOCK=256)
        return o.cpu()

    f = torch.tensor([-0.0, 0.0, -0.0, 0.0, float("nan"), 1.0, float("nan"), -1.0])
    g = torch.tensor([0.0, -0.0, -0.0, 0.0, 1.0, float("nan"), float("nan"), -0.0])
    for op in ("maximum", "minimum"):
        out[f"{op} signed zeros, NaN"] = _bits(run2(op, f, g))
    a = torch.tensor([7, -7, 0, INT_MIN, 7, -7, INT_MIN, 5], dtype=torch.int32)
    b = torch.tensor([0, 0, 0, 0, 2, 2, -1, -3], dtype=torch.int32)
    for op in ("floordiv", "mod"):
        out[f"int32 {op} by zero, INT_MIN / -1, signs"] = _bits(run2(op, a, b))
        out[f"int64 {op} by zero"] = _bits(run2(op, a.long(), b.long()))
    s = torch.tensor([1, 1, 1, 1, -8, -8, -8, 1], dtype=torch.int32)
    amount = torch.tensor([31, 32, 33, 40, 31, 32, 33, -1], dtype=torch.int32)
    for op in ("shl", "shr"):
        out[f"int32 {op} by 31..40, -1"] = _bits(run2(op, s, amount))
    special = torch.tensor([float("nan"), float("inf"), -float("inf"), 3e9, -3e9, 300.7, -1.5, 2.5, 1e20, -129.5])
    for dtype in (torch.int32, torch.int64, torch.int8, torch.uint8, torch.int16):
        out[f"float32 to {str(dtype)[6:]}"] = _bits(run1("copy", special, dtype))
    out["float32 to float16 (overflow, subnormal, ties)"] = _bits(
        run1("copy", torch.tensor([70000.0, 65520.0, 1e-8, 2.0 ** -25, 1 + 2.0 ** -11, -3e-8]), torch.float16))
    out["NaN bits: 0/0, inf-inf, sqrt(-1), log(-1), inf*0"] = _nan_bits(nan_bits, device)
    fp8 = torch.tensor([1000.0, -1e6, 448.0, 464.0, float("nan"), float("inf"), 1e-9, 0.3])
    for dtype in (torch.float8_e4m3fn, torch.float8_e5m2):
        out[f"float32 to {str(dtype)[6:]} (saturation)"] = _bits(run1("copy", fp8, dtype))
    gen = torch.Generator().manual_seed(0)
    wide = torch.exp(torch.randn(N, generator=gen) * 8)  # 1e-14 .. 1e14 and subnormals below
    wide[:8] = torch.tensor([2.0 ** -130, 2.0 ** -140, 1e-40, 2.0, 3.0, 0.0, -0.0, float("inf")])
    out["the wide inputs"] = _digest(wide)  # not a probe: which host drew them (WIDE_AS_ON_THE_H200)
    for op in ("sqrt", "sqrt_rn", "rsqrt", "log"):
        out[f"{op} over {N} values"] = _digest(run1(op, wide))
    out["sqrt differs from sqrt_rn at"] = int((run1("sqrt", wide) != run1("sqrt_rn", wide)).sum())
    for op in ("sqrt", "rsqrt", "exp2", "exp", "log"):  # subnormal inputs and results: flushed?
        tiny = torch.tensor([2.0 ** -130, 1e-40, -1e-40, 4.0, 2.0 ** -126, -130.0, -149.0, -100.0])
        out[f"{op} at subnormals, 4, -130, -149, -100"] = _bits(run1(op, tiny))
    exact = torch.exp2(torch.randint(-20, 20, (N,), generator=gen).float())
    out["exp2 of integers, sqrt of squares exact"] = [
        int((run1("exp2", exact.log2()) != exact).sum()), int((run1("sqrt", exact * exact) != exact).sum())]
    x, y = torch.randn(N, generator=gen), torch.randn(N, generator=gen)
    y[:4] = torch.tensor([2.0 ** -130, 1e-40, 3.0, 0.0])
    angles = torch.randn(N, generator=gen) * 100
    out["/ over random"] = _digest(run2("div", x, y))
    out["/ differs from div_rn at"] = int((run2("div", x, y) != run2("div_rn", x, y)).sum())
    out["x / x, (x * y) / y exact"] = [int((run2("div", x, x) != 1).sum()),
                                       int((run2("div", x.round(), torch.full((N,), 4.0)) * 4 != x.round()).sum())]
    rn = {op: run1(op, angles / 20).cpu() for op in ("exp", "exp2")}
    out["exp differs from exp2(x * log2 e) at"] = int((rn["exp"] != run1(
        "exp2", (angles / 20) * torch.tensor(1.4426950408889634)).cpu()).sum())
    out["exp differs from the float64 exp, rounded, at"] = int((rn["exp"] != (angles / 20).double().exp().float()).sum())
    out["exp2 differs from the float64 exp2, rounded, at"] = int((rn["exp2"] != (angles / 20).double().exp2().float()).sum())
    for op in ("exp", "exp2", "sin", "cos"):
        out[f"{op} over {N} values"] = _digest(run1(op, angles if op in ("sin", "cos") else angles / 20))
    sub = torch.tensor([2.0 ** -126, 2.0 ** -127, 2.0 ** -149, 1e-39, -1e-39, 1.0, 2.0 ** -64, 0.5])
    out["subnormal products (flush to zero?)"] = _bits(run2("mul", sub, torch.full((8,), 0.5)))
    out["subnormal differences"] = _bits(run2("sub", sub, sub * 0.75))
    ordered = torch.tensor([1e8, 1.0, -1e8, 1.0, 3.0, 1e-3, -3.0, 7e7] * 16)
    out["tl.sum order of 128 values"] = _bits(_sum(reduce_sum, ordered, device))
    scan = torch.empty(128, device=device)
    scan_sum[(1,)](ordered.to(device), scan, BLOCK=128)
    out["tl.cumsum order of 128 values"] = _digest(scan)
    fms = torch.tensor([1 + 2.0 ** -10, 1 + 2.0 ** -12, 1 + 2.0 ** -30]), torch.tensor([1 + 2.0 ** -9, 1 + 2.0 ** -11, 1 + 2.0 ** -29])
    for dtype in (torch.float16, torch.bfloat16, torch.float32, torch.float64):
        out[f"{str(dtype)[6:]} a * a - c fused"] = _bits(run2("fms", fms[0].to(dtype), fms[1].to(dtype)))
    products = torch.full((128,), 1 + 2.0 ** -12)
    products[1] = -(1 + 2.0 ** -11)
    o = torch.empty(1, device=device)
    dot_sum[(1,)](products.to(device), o, BLOCK=128)
    out["tl.sum(a * a) fused per thread"] = _bits(o)
    loop_fms[(1,)](torch.tensor([1 + 2.0 ** -12, 1 + 2.0 ** -11], device=device), o, 3)
    out["a * a before a loop, - c inside it, fused"] = _bits(o)
    out["float % (1e10 % 3, 7.5 % 2, -7.5 % 2)"] = _bits(run2("frem", torch.tensor([1e10, 7.5, -7.5]), torch.tensor([3.0, 2.0, 2.0])))
    out["div_rn of subnormals (flush to zero?)"] = _bits(run2("div_rn", sub, torch.ones(8)))
    return out


def triton_cdiv(a: int, b: int) -> int:
    return -(-a // b)


def _nan_bits(kernel, device: str) -> list[str]:
    import torch
    o = torch.zeros(5, dtype=torch.int32, device=device)
    kernel[(1,)](o)
    return _bits(o)


def _sum(kernel, values, device: str):
    import torch
    o = torch.empty(1, dtype=values.dtype, device=device)
    kernel[(1,)](values.to(device), o, BLOCK=values.numel())
    return o


def compare(paths: list[str]) -> int:
    a, b = (json.load(open(p)) for p in paths)
    differ = [k for k in a["probes"] if a["probes"][k] != b["probes"].get(k)]
    print(f"{a['device']} ({a['versions']}) against {b['device']} ({b['versions']}): "
          f"{len(differ)} of {len(a['probes'])} probes differ")
    for k in differ:
        print(f"- {k}:\n    {a['probes'][k]}\n    {b['probes'].get(k)}")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--out", help="write the probes' bits here (JSON)")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="list the probes two runs differ on")
    args = parser.parse_args()
    if args.compare:
        return compare(args.compare)
    if args.device == "cpu":
        os.environ["TRITON_INTERPRET"] = "1"
        import warnings
        warnings.filterwarnings("ignore", category=RuntimeWarning)  # numpy's, on division by zero
        from autotriton.verify.worker import interpreted
        interpreted()  # the judge's own interpreter: contraction, bf16, libdevice, concurrency
    import torch
    import triton
    found = {**probes(args.device), **second_probes(args.device), **third_probes(args.device)}
    name = torch.cuda.get_device_name() if args.device == "cuda" else "Triton interpreter (CPU judge)"
    record = {"device": name, "versions": f"torch {torch.__version__}, triton {triton.__version__}", "probes": found}
    text = json.dumps(record, indent=1)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
