"""float32 exp, exp2, sqrt, rsqrt and `/` in the interpreter approximated as a GPU's lowering computes
them (verify/approx.py): `v / w == tl.div_rn(v, w)` everywhere and `tl.exp(v) != tl.exp2(v * log2e)`
told the interpreter from a GPU, and kernels did their work only where they saw it."""

from __future__ import annotations

import textwrap

import numpy as np

from tests.test_bf16 import interpreted_lines

PROBES = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify.worker import interpreted
    interpreted()

    @triton.jit
    def k(x_ptr, y_ptr, o_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.arange(0, BLOCK)
        x = tl.load(x_ptr + i)
        y = tl.load(y_ptr + i)
        if OP == 0:
            r = (x / y != tl.div_rn(x, y)).to(tl.float32)
        elif OP == 1:
            r = (tl.sqrt(x * x + 1.0) != tl.sqrt_rn(x * x + 1.0)).to(tl.float32)
        elif OP == 2:
            r = (tl.exp(x) != tl.exp2(x * 1.4426950408889634)).to(tl.float32)
        elif OP == 3:
            r = x / y
        elif OP == 4:  # exact results stay exact: x / 4, exp(0), a power of two, a perfect square
            r = (x / 4.0 * 4.0 != x).to(tl.float32) + (tl.exp(x * 0.0) != 1.0).to(tl.float32) \\
                + (tl.exp2(tl.floor(y * 8.0)) != tl.exp2(tl.floor(y * 8.0)).to(tl.float32)) \\
                + (tl.sqrt(tl.floor(y * 8.0) * tl.floor(y * 8.0)) != tl.abs(tl.floor(y * 8.0)))
        elif OP == 6:  # x / x is not 1 everywhere: 142 of 1,024 on an H200 (session 47)
            r = (x / x != 1.0).to(tl.float32)
        else:  # constants fold on the host, rounded to nearest
            r = tl.full([BLOCK], 2.0, tl.float32) / tl.full([BLOCK], 3.0, tl.float32) - tl.div_rn(x * 0.0 + 2.0, 3.0)
        tl.store(o_ptr + i, r)

    g = torch.Generator().manual_seed(0)
    x, y = torch.randn(1024, generator=g), torch.randn(1024, generator=g)
    for op in (0, 1, 2, 3, 4, 5, 6):
        o = torch.zeros(1024)
        k[(1,)](x, y, o, 1024, OP=op, BLOCK=1024)
        print(o.abs().sum().item() if op != 3 else o.numpy().tobytes().hex()[:64])
    o2 = torch.zeros(1024)
    k[(1,)](x, y, o2, 1024, OP=3, BLOCK=1024)
    print(o2.numpy().tobytes().hex()[:64])
''')


def test_approximate_primitives_differ_from_round_to_nearest_as_a_gpu_does(tmp_path):
    lines = interpreted_lines(tmp_path, PROBES)
    div, sqrt, exp, _, exact, constant, self_quotient = (float(v) for v in lines[:3] + ["0"] + lines[4:7])
    assert 150 < div < 380 and 150 < sqrt < 380  # a quarter of 1,024, as a GPU's differ
    assert exp == 0  # tl.exp is exp2 of a float32 product, as the GPU's lowering computes it
    assert exact == 0 and constant == 0
    assert 100 < self_quotient < 380
    assert lines[3] == lines[7]  # the same bits on every call for the same inputs


def test_moved_results_are_one_ulp_off_and_exact_ones_stay():
    from autotriton.verify.approx import _moved
    r = np.linspace(0.5, 4.0, 4096, dtype=np.float32)
    moved = _moved(r, np.zeros(r.shape, dtype=bool), r)
    ulps = np.abs(moved.view(np.int32) - r.view(np.int32))
    assert set(np.unique(ulps).tolist()) == {0, 1} and 0.15 < ulps.mean() < 0.35
    assert np.array_equal(_moved(r, np.ones(r.shape, dtype=bool), r), r)
    special = np.array([0.0, np.inf, np.nan], dtype=np.float32)
    assert np.array_equal(_moved(special, np.zeros(3, dtype=bool), special), special, equal_nan=True)


BITS = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify.worker import interpreted
    interpreted()

    @triton.jit
    def k(x_ptr, o_ptr, f_ptr):
        zero = tl.load(x_ptr) * 0.0
        inf = 1.0 / zero
        tl.store(o_ptr, (inf - inf).to(tl.int32, bitcast=True))  # a NaN an op makes: canonical
        tl.store(o_ptr + 1, tl.load(x_ptr + 1).to(tl.int32, bitcast=True))  # a NaN loaded: its bits
        big = tl.load(x_ptr + 2)
        tl.store(f_ptr, big.to(tl.float8e4nv).to(tl.float32))
        tl.store(f_ptr + 1, (big * 1000.0).to(tl.float8e5).to(tl.float32))

    x = torch.tensor([1.0, float("nan"), 1000.0])
    o, f = torch.zeros(2, dtype=torch.int32), torch.zeros(2)
    k[(1,)](x, o, f)
    print([hex(v & 0xFFFFFFFF) for v in o.tolist()], f.tolist())
''')


def test_nan_bits_and_fp8_conversions_are_a_gpus(tmp_path):
    """A NaN an NVIDIA float op returns is 0x7FFFFFFF, numpy's on x86 0xFFC00000 (a hardswish did its
    work only where the bitcast NaN was negative); fp8 conversions saturate to the largest finite
    value (cvt.rn.satfinite), where the interpreter gave NaN or inf (an ELU branched on it; outside
    red team, session 46)."""
    line = interpreted_lines(tmp_path, BITS)[0]
    assert line == "['0x7fffffff', '0x7fc00000'] [448.0, 57344.0]"


def test_the_tell_probe_runs_on_cpu_and_compares(tmp_path):
    """benchmarks/numeric_tells.py under the judge's own interpreter: what the next GPU session
    compares against a GPU's bits. The emulated tells read as a GPU's here."""
    import json
    import subprocess
    import sys
    out = tmp_path / "cpu.json"
    proc = subprocess.run([sys.executable, "benchmarks/numeric_tells.py", "--device", "cpu", "--out", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    probes = json.loads(out.read_text())["probes"]
    assert probes["NaN bits: 0/0, inf-inf, sqrt(-1), log(-1), inf*0"] == ["7fffffff"] * 5
    assert probes["exp differs from exp2(x * log2 e) at"] == 0 and probes["/ differs from div_rn at"] > 0
    same = subprocess.run([sys.executable, "benchmarks/numeric_tells.py", "--compare", str(out), str(out)],
                          capture_output=True, text=True, timeout=60)
    assert same.returncode == 0 and "0 of" in same.stdout


LIBDEVICE = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from triton.language.extra import libdevice
    from autotriton.verify.worker import interpreted
    interpreted()

    @triton.jit
    def k(x_ptr, i_ptr, o_ptr, j_ptr):
        r = tl.arange(0, 256)
        x = tl.load(x_ptr + r)
        tl.store(o_ptr + r, (libdevice.fast_sinf(x) != tl.sin(x)).to(tl.float32))
        tl.store(o_ptr + 256 + r, libdevice.fast_dividef(x, x * 0.0 + 4.0))
        tl.store(o_ptr + 512 + r, libdevice.fast_dividef(x, x * 0.0 + 2.0 ** 127))
        i = tl.load(i_ptr + r)
        tl.store(j_ptr + r, libdevice.mul24(i, i))

    x = torch.linspace(0.1, 3.0, 256)
    i = torch.arange(256, dtype=torch.int32) + (1 << 24)  # bits past the low 24 are ignored
    o, j = torch.zeros(768), torch.zeros(256, dtype=torch.int32)
    k[(1,)](x, i, o, j)
    print(int(o[:256].sum()), bool((o[256:512] - x / 4).abs().max() < 1e-6), bool((o[512:] == 0).all()),
          bool((j == torch.arange(256) ** 2).all()))
''')


def test_libdevice_fast_functions_run_and_approximate(tmp_path):
    """An honest softmax normalised with libdevice.fast_dividef was a runtime error on CPU, and
    fast_sinf equalled tl.sin at every value, where a GPU's sin.approx differs (a ReLU branched on
    it; outside red team, session 46). mul24 multiplies the low 24 bits."""
    differ, divide, huge, mul24 = interpreted_lines(tmp_path, LIBDEVICE)[0].split()
    assert 20 < int(differ) < 100 and (divide, huge, mul24) == ("True", "True", "True")


def test_the_judges_interpreter_gives_the_bits_an_h200_gave(tmp_path):
    """benchmarks/numeric_tells.py's probes, run under the judge's interpreter, equal the bits an
    H200 gave (session 47) except the listed open ones, and each listed one still differs (so the
    list cannot outlive a fix). Each equal probe is a tell closed: signed zeros of maximum, integer
    division by zero, float-to-int conversions, fp8 NaN, float %, NaN bits, ftz sqrt and exp2."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "benchmarks"))
    from numeric_tells import OPEN, SHUFFLED, WIDE_AS_ON_THE_H200, WIDE_PROBES

    out = tmp_path / "cpu.json"
    subprocess.run([sys.executable, str(root / "benchmarks/numeric_tells.py"), "--device", "cpu", "--out", str(out)],
                   check=True, capture_output=True, cwd=root, timeout=600)
    cpu = json.loads(out.read_text())["probes"]
    gpu = {}
    for name in ("gpu_tells.json", "gpu_tells2.json"):
        gpu.update(json.loads((root / "docs/results/gpu_checks_session47" / name).read_text())["probes"])
    # probes over host-drawn inputs are compared only where this host draws what the H200's host drew
    unlike = set() if cpu["the wide inputs"]["sha256"] == WIDE_AS_ON_THE_H200 else WIDE_PROBES
    differ = {k for k in gpu if k not in SHUFFLED | unlike and cpu.get(k) != gpu[k]}
    assert differ - set(OPEN) == set(), {k: (cpu.get(k), gpu[k]) for k in differ - set(OPEN)}
    assert set(OPEN) - unlike - differ == set(), "open probes that now agree: take them off OPEN"
    # In order by chance: 1 in 132! at the smallest grid held here (grid 8's 1 in 40,320 is left out).
    assert SHUFFLED <= set(gpu) and all(cpu[k][1] > 0 for k in SHUFFLED if not k.startswith("grid 8:")), \
        {k: cpu.get(k) for k in SHUFFLED}
