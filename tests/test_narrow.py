"""A float32 task's kernels holding bf16, fp16 or fp8 are judged from their types (verify/narrow.py):
`narrow_float`, whatever the output's error, while a task with a narrow float of its own keeps them."""

from __future__ import annotations

import textwrap
from pathlib import Path

from autotriton.tasks import get_task, task_from_source
from autotriton.verify.narrow import REBUILT, TaskTypes, found, refused, task_types
from tests.test_bf16 import interpreted_lines


def test_types_are_read_and_names_are_not():
    # SSA names, symbols and locations may spell a type's name
    assert found('%x_bf16 = tt.load %p : tensor<16x!tt.ptr<f32>> loc("out_fp16")') == ()
    assert found("tt.func public @relu_fp16(%arg0: !tt.ptr<f32>)") == ()
    assert found("%1 = arith.truncf %0 : tensor<16x16xf32> to tensor<16x16xbf16>") == ("bf16",)
    assert found("%2 = arith.truncf %0 : f32 to bf16") == ("bf16",)
    assert found("tt.store %p, %v : tensor<128x!tt.ptr<f16>>") == ("fp16",)
    assert found("%c = tt.fp_to_fp %a : tensor<32xf32> -> tensor<32xf8E4M3FN>") == ("fp8",)
    # an input precision that splits float32 operands into three bf16 products is not a bf16 value
    assert found("%d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<16x16xf32> * "
                 "tensor<16x16xf32> -> tensor<16x16xf32>") == ()
    assert found("%d = tt.dot %a, %b, %c : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>") == (
        "integer tl.dot",)
    assert found("%d = tt.dot_scaled %a scale %s, %b : tensor<16x32xf32>") == ("tl.dot_scaled",)


KERNELS = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import gpu_compile, worker
    worker.interpreted()

    @triton.jit
    def mm(a_ptr, c_ptr, B: tl.constexpr, MODE: tl.constexpr):
        offs = tl.arange(0, B)
        a = tl.load(a_ptr + offs[:, None] * B + offs[None, :])
        if MODE == 0:
            c = tl.dot(a, a)
        elif MODE == 1:
            c = tl.dot(a.to(tl.bfloat16), a.to(tl.bfloat16))
        elif MODE == 2:
            c = tl.dot(a, a, input_precision="tf32x3")
        elif MODE == 3:
            c = tl.dot(a.to(tl.int8), a.to(tl.int8)).to(tl.float32)
        else:
            c = tl.dot(a.to(tl.float8e4nv).to(tl.float32), a)
        tl.store(c_ptr + offs[:, None] * B + offs[None, :], c)

    @triton.jit
    def relu_fp16(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        x_bf16 = tl.load(x_ptr + offs, mask=offs < n)  # float32, whatever its name says
        tl.store(y_ptr + offs, tl.maximum(x_bf16, 0.0), mask=offs < n)

    a = torch.randn(32, 32)
    for mode in range(5):
        print("mm", mode, gpu_compile.check(mm, (a, a), {"B": 32, "MODE": mode}))
    x = torch.randn(100)
    print("relu f32", gpu_compile.check(relu_fp16, (x, x, 100), {"BLOCK": 128}))
    h = x.half()
    print("relu f16", gpu_compile.check(relu_fp16, (h, h, 100), {"BLOCK": 128}))
''')


def test_the_types_of_compiled_kernels(tmp_path):
    """The TTIR of real sm_90 compiles: one kernel specialised five ways, and a kernel named for
    fp16 that holds float32 only until it is given fp16 tensors."""
    lines = [line for line in interpreted_lines(tmp_path, KERNELS) if line]
    assert lines == ["mm 0 (None, ())", "mm 1 (None, ('bf16',))", "mm 2 (None, ())",
                     "mm 3 (None, ('integer tl.dot',))", "mm 4 (None, ('fp8',))",
                     "relu f32 (None, ())", "relu f16 (None, ('fp16',))"], lines


BITS = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import gpu_compile, worker
    worker.interpreted()

    @triton.jit
    def bits(x_ptr, y_ptr, i_ptr, h_ptr, n, MODE: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m, other=0.0)
        b = x.to(tl.int32, bitcast=True)
        if MODE == 0:    # abs by the sign mask
            y = (b & 0x7FFFFFFF).to(tl.float32, bitcast=True)
        elif MODE == 1:  # copysign(|x|, -x) by the masks
            nb = (-x).to(tl.int32, bitcast=True)
            y = ((b & 0x7FFFFFFF) | (nb & -2147483648)).to(tl.float32, bitcast=True)
        elif MODE == 2:  # 2^floor(x) built from an integer
            e = tl.floor(x).to(tl.int32)
            y = ((tl.minimum(tl.maximum(e, -100), 100) + 127) << 23).to(tl.float32, bitcast=True)
        elif MODE == 3:  # floor by an int conversion, in registers
            y = x.to(tl.int32).to(tl.float32)
        elif MODE == 4:  # a histogram: the bin from the value, counted by atomics
            bin = tl.minimum(tl.maximum((x * 4.0).to(tl.int32), 0), 15)
            tl.atomic_add(h_ptr + bin, 1, mask=m)
            y = x
        elif MODE == 5:  # random numbers
            y = x + tl.rand(0, offs)
        elif MODE == 6:  # a block's argmax stored as an index
            y = x
            tl.store(i_ptr + tl.program_id(0), tl.argmax(x, axis=0))
        elif MODE == 7:  # bf16 rounding by the bits, in registers
            y = ((b + 0x7FFF + ((b >> 16) & 1)) & -65536).to(tl.float32, bitcast=True)
        elif MODE == 8:  # bf16 bits kept in int16: a container filled
            tl.store(i_ptr + offs, (b >> 16).to(tl.int16), mask=m)
            y = x
        elif MODE == 9:  # fixed point in int16 (no bitcast): filled
            tl.store(i_ptr + offs, (x * 256.0).to(tl.int16), mask=m)
            y = x
        else:            # two bf16 to an int32, decoded in a loop: a container read
            acc = tl.zeros((BLOCK,), dtype=tl.float32)
            for k in range(0, 4):
                p = tl.load(i_ptr + k * BLOCK + offs, mask=m, other=0)
                acc += (p << 16).to(tl.float32, bitcast=True) + (p & -65536).to(tl.float32, bitcast=True)
            y = acc
        tl.store(y_ptr + offs, y, mask=m)

    x = torch.randn(100)
    for mode in range(11):
        ints = torch.zeros(512, dtype=torch.int16 if mode in (8, 9) else torch.int32)
        print(mode, gpu_compile.check(bits, (x, x, ints, torch.zeros(16, dtype=torch.int32), 100),
                                      {"MODE": mode, "BLOCK": 128})[1])
''')


def test_float_data_in_integer_forms(tmp_path):
    """Integer work on a float's bits and integer memory, read from real sm_90 compiles: the sign
    masks, 2^n from an integer, a floor, a histogram, tl.rand and an argmax hold no integer form of
    float data; bits rounded in registers, an int16 container filled by shifts or by a fixed-point
    conversion, and an int32 one decoded inside a loop do."""
    lines = [line for line in interpreted_lines(tmp_path, BITS) if line]
    assert lines == [f"{mode} ()" for mode in range(7)] + [
        f"7 ('{REBUILT}',)", "8 ('float data stored as i16',)", "9 ('float data stored as i16',)",
        "10 ('floats from i32 memory',)"], lines


SWAPS = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import gpu_compile, worker
    worker.interpreted()

    @triton.jit
    def swaps(x_ptr, y_ptr, MODE: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs)
        if MODE == 0:    # a permutation, by Triton's own xor swap
            y = tl.flip(tl.flip(x))
        elif MODE == 1:  # a bitonic sort, the same swap on the bits
            y = tl.sort(x)
        elif MODE == 2:  # low bits xor-reduced into every value: rebuilt
            b = x.to(tl.int32, bitcast=True)
            y = (b ^ tl.xor_sum(b & 0xFFFF, 0, keep_dims=True)).to(tl.float32, bitcast=True)
        else:            # bits summed by a reduction: rebuilt
            b = x.to(tl.int32, bitcast=True)
            y = (b - tl.sum(b, 0, keep_dims=True)).to(tl.float32, bitcast=True)
        tl.store(y_ptr + offs, y)

    x = torch.randn(16)
    for mode in range(4):
        print(mode, gpu_compile.check(swaps, (x, x), {"MODE": mode, "BLOCK": 16})[1])
''')


def test_bits_swapped_by_an_xor_reduction_are_honest(tmp_path):
    """tl.flip and tl.sort move a float's bits whole through an xor reduction (`bits ^ xor_sum(bits)`):
    both were narrow_float (outside pass on verifier 75). A reduction's body is read op by op, so a
    mask or an add in it still rebuilds."""
    lines = [line for line in interpreted_lines(tmp_path, SWAPS) if line]
    assert lines == ["0 ()", "1 ()", f"2 ('{REBUILT}',)", f"3 ('{REBUILT}',)"], lines


def test_a_task_with_a_narrow_float_of_its_own():
    import torch

    def narrow(source, dtypes=()):
        return task_types(source, dtypes).narrow_float
    assert not narrow("x = torch.randn(4, 4)\n", [torch.float32])
    assert narrow("x = torch.randn(4, 4, dtype=torch.float16)\n")
    assert narrow("return self.fc(x.half())\n")
    assert narrow("with torch.autocast('cuda'):\n")
    assert narrow("x = torch.randn(4)\n", [torch.bfloat16])  # a buffer, say
    assert not narrow("x = torch.randint(0, 9, (4,))\n", [torch.int8])
    # words in a comment or docstring do not make the task narrow
    assert not narrow('"""Sums half of the rows; unlike fp16 code, no overflow."""\n', [torch.float32])


def test_the_integer_widths_a_task_holds():
    import torch
    assert task_types("return x.argmax(-1)\n", [torch.float32, torch.int64]).int_widths == {64}
    assert task_types("idx = idx.long()\nq = x.to(torch.int16)\n", [torch.float32]).int_widths == {16, 64}
    assert task_types("return x[mask]\n", [torch.float32, torch.bool]).int_widths == {8}  # a byte in memory
    float32 = TaskTypes(narrow_float=False)
    assert refused("bf16", float32) and refused(REBUILT, float32)
    assert refused("float data stored as i16", float32) and refused("floats from i32 memory", float32)
    indices = TaskTypes(narrow_float=False, int_widths=frozenset({64}))
    assert not refused("floats from i64 memory", indices) and refused("float data stored as i16", indices)
    assert not refused(REBUILT, TaskTypes(narrow_float=True))


TASK = '''
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x)


def get_inputs():
    return [torch.randn(64, 300{dtype})]


def get_init_inputs():
    return []
'''

RELU = get_task("builtin/l1/relu").solution_source


def test_fp16_is_honest_on_an_fp16_task_and_a_hack_on_a_float32_one(cpu_verifier):
    half = task_from_source(TASK.format(dtype=", dtype=torch.float16"), task_id="t/half", suite="t", level=1)
    single = task_from_source(TASK.format(dtype=""), task_id="t/single", suite="t", level=1)
    plain = RELU
    downcast = RELU.replace("tl.maximum(x, 0.0)", "tl.maximum(x.to(tl.float16), 0.0)")
    assert downcast != plain
    results = cpu_verifier.verify_many([(half, plain), (half, downcast), (single, plain), (single, downcast)])
    on_half, on_half_cast, on_single, on_single_cast = results
    assert on_half.correct and on_half_cast.correct and on_single.correct, [r.error_msg for r in results]
    # the fp16 relu of a float32 input is off by 2^-11 of x too; the types say so first, at any error
    assert (on_single_cast.correct, on_single_cast.error_kind.value, on_single_cast.hack_flags) == (
        False, "hack", ["narrow_float"]), on_single_cast.error_msg


def test_bf16x3_is_an_allowed_precision_on_cpu(cpu_verifier):
    """float32 operands split into three bf16 products by a later pass: about float32's precision, the
    allowed form of a hand split. Triton 3.9's interpreter refused it (a runtime_error on CPU, correct
    on a GPU: outside pass on verifier 57); tf32.allow_gpu_precisions lets it run, exactly."""
    task = get_task("builtin/l2/linear_bias_relu")
    split = task.solution_source.replace("tl.dot(a, b, acc)", 'tl.dot(a, b, acc, input_precision="bf16x3")')
    assert split != task.solution_source
    result = cpu_verifier.verify(task, split)
    assert result.correct, result.error_msg


CASTS = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import gpu_compile, worker
    worker.interpreted()

    @triton.jit
    def casts(x_ptr, y_ptr, MODE: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        ints = y_ptr.to(tl.pointer_type(tl.int32))
        if MODE == 0:    # a float tl.atomic_max, its old value read back: whole bits of float memory
            tl.store(y_ptr, tl.atomic_max(y_ptr, tl.max(tl.load(x_ptr + offs), 0)))
        elif MODE == 1:  # float memory read as integers through a cast pointer, whole: honest
            tl.store(y_ptr + offs, tl.load(ints + offs).to(tl.float32, bitcast=True) + 1.0)
        elif MODE == 2:  # the same, its low bits cleared: rebuilt
            tl.store(y_ptr + offs, (tl.load(ints + offs) & -65536).to(tl.float32, bitcast=True))
        else:            # rounded bits written into float memory through the cast pointer: rebuilt
            tl.store(ints + offs, tl.load(x_ptr + offs).to(tl.int32, bitcast=True) & -65536)

    x = torch.randn(16)
    for mode in range(4):
        print(mode, gpu_compile.check(casts, (x, torch.zeros(16)), {"MODE": mode, "BLOCK": 16})[1])
''')


def test_float_memory_read_through_an_integer_pointer(tmp_path):
    """Float memory read through a pointer cast to an integer of its width gives a float's bits:
    the old value of a float tl.atomic_max read back was "rebuilt" from the value it stored (outside
    pass on verifier 127, h17 and h18b). Its bits changed are still rebuilt, and so are changed bits
    written back through such a pointer: integers stored into float memory are floats made of them, as
    a bitcast makes them (a 24-bit container unpacked into the output so passed: the pass on 134)."""
    lines = [line for line in interpreted_lines(tmp_path, CASTS) if line]
    assert lines == ["0 ()", "1 ()", f"2 ('{REBUILT}',)", f"3 ('{REBUILT}',)"], lines


REDUCED = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import gpu_compile, worker
    worker.interpreted()

    @triton.jit
    def reduced(x_ptr, keys_ptr, MODE: tl.constexpr, BLOCK: tl.constexpr):
        bits = tl.load(x_ptr + tl.arange(0, BLOCK)).to(tl.int32, bitcast=True)
        if MODE == 0:    # the largest key picked by tl.max: one value's whole bits
            tl.atomic_max(keys_ptr, tl.max(bits, 0))
        elif MODE == 1:  # bits summed by tl.sum: no float's bits any more
            tl.atomic_max(keys_ptr, tl.sum(bits, 0))
        elif MODE == 2:  # CUB's order-preserving key: the low bits flipped where the sign is set
            tl.atomic_max(keys_ptr, tl.max(bits ^ ((bits >> 31) & 0x7FFFFFFF), 0))
        else:            # the same with part of the mantissa: rounded
            tl.atomic_max(keys_ptr, tl.max(bits ^ ((bits >> 31) & 0x7FFF0000), 0))

    x = torch.rand(16)
    for mode in range(4):
        print(mode, gpu_compile.check(reduced, (x, torch.zeros(1, dtype=torch.int32)), {"MODE": mode, "BLOCK": 16})[1])
''')


def test_whole_bits_picked_by_a_reduction(tmp_path):
    """A reduction whose combine body only picks (tl.max of integer keys) passes a float's whole bits:
    an ordered key reduced by tl.max before its atomic_max was narrow_float (outside pass on verifier
    129, F2), and so does CUB's key `bits ^ ((bits >> 31) & 0x7FFFFFFF)` (F3); a sum of the bits, or
    part of the mantissa flipped, is no float's bits."""
    lines = [line for line in interpreted_lines(tmp_path, REDUCED) if line]
    assert lines == ["0 ()", "1 ('float data stored as i32',)", "2 ()", "3 ('float data stored as i32',)"], lines


PACKED = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import gpu_compile, worker
    worker.interpreted()

    @triton.jit
    def packed(x_ptr, w_ptr, y_ptr, MODE: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs)
        bits = x.to(tl.int32, bitcast=True)
        if MODE == 0:    # a look-back word: the value's bits low, a status flag high, stored whole
            tl.store(w_ptr + offs, (bits.to(tl.int64) & 0xFFFFFFFF) | (1 << 32))
        elif MODE == 1:  # an argmax key: the ordered value high, the index low, reduced, the value decoded
            key = tl.where(bits < 0, bits ^ 0x7FFFFFFF, bits)
            best = tl.max((key.to(tl.int64) << 32) | (BLOCK - offs).to(tl.int64), 0)
            hi = (best >> 32).to(tl.int32)
            tl.store(y_ptr, tl.where(hi < 0, hi ^ 0x7FFFFFFF, hi).to(tl.float32, bitcast=True))
        elif MODE == 2:  # a float read whole from the high half of a word in memory
            w = tl.load(w_ptr + offs)
            tl.store(y_ptr + offs, (w >> 32).to(tl.int32).to(tl.float32, bitcast=True))
        elif MODE == 3:  # copysign(1, x) by the bits
            tl.store(y_ptr + offs, ((bits & -2147483648) | 0x3F800000).to(tl.float32, bitcast=True))
        elif MODE == 4:  # rounded to bf16 before it is packed: narrowed
            tl.store(w_ptr + offs, (bits & -65536).to(tl.int64) | (1 << 32))
        elif MODE == 5:  # two floats' high halves to one word: narrowed
            y = tl.load(x_ptr + BLOCK + offs).to(tl.int32, bitcast=True)
            tl.store(w_ptr + offs, ((bits.to(tl.int64) >> 16) << 32) | ((y.to(tl.int64) >> 16) & 0xFFFF))
        elif MODE == 6:  # a float and a rounded one to one word: narrowed
            y = tl.load(x_ptr + BLOCK + offs).to(tl.int32, bitcast=True)
            tl.store(w_ptr + offs, (bits.to(tl.int64) << 32) | ((y & -65536).to(tl.int64) & 0xFFFFFFFF))
        elif MODE == 7:  # bits 16 to 48 of a word read as a float: a bf16 half above its neighbour's bits
            w = tl.load(w_ptr + offs)
            tl.store(y_ptr + offs, (w >> 16).to(tl.int32).to(tl.float32, bitcast=True))
        elif MODE == 8:  # the sign and mantissa bits of another value: rebuilt
            tl.store(y_ptr + offs, ((bits & -2147483648) | 0x3F800000 | (bits & 0x7F)).to(tl.float32, bitcast=True))
        elif MODE == 9:  # two floats to one word, a mask whose low half is abs's cutting the high one to bf16
            y = tl.load(x_ptr + BLOCK + offs).to(tl.int32, bitcast=True)
            word = (bits.to(tl.int64) << 32) | (y.to(tl.int64) & 0xFFFFFFFF)
            tl.store(w_ptr + offs, word & -281472829227009)  # 0xFFFF00007FFFFFFF
        elif MODE == 10:  # an argmax key packed by an add and a multiply, the index below the value
            key = tl.where(bits < 0, bits ^ 0x7FFFFFFF, bits).to(tl.int64)
            tl.atomic_max(w_ptr, tl.max(key * 4294967296 + (BLOCK - offs).to(tl.int64), 0))
        elif MODE == 11:  # an unsigned radix key: every bit flipped on negatives, the sign set on the rest
            u = tl.where(bits < 0, ~bits, bits | -2147483648)
            tl.atomic_max(w_ptr.to(tl.pointer_type(tl.uint64)), tl.max(u.to(tl.uint32).to(tl.uint64) << 32, 0))
        elif MODE == 12:  # a container's word cut to 24 bits, a constant or-ed above it: a 24-bit float read
            w = tl.load(w_ptr + offs)
            tl.store(y_ptr + offs, ((w & 0xFFFFFF00) | (1 << 40)).to(tl.int32).to(tl.float32, bitcast=True))
        elif MODE == 13:  # a constant or-ed over the field's low mantissa bits: rounded
            tl.store(y_ptr + offs, (bits.to(tl.int64) | 0x7F).to(tl.int32).to(tl.float32, bitcast=True))
        elif MODE == 14:  # whole bits and-ed into words that hold a rounding mask: memory keeps them rounded
            tl.atomic_and(w_ptr + offs, bits.to(tl.int64) << 32)
        elif MODE == 15:  # a double's bits under a mask that keeps 15 mantissa bits
            d = x.to(tl.float64).to(tl.int64, bitcast=True)
            tl.store(y_ptr + offs, (d & -137438953472).to(tl.float64, bitcast=True).to(tl.float32))
        elif MODE == 16:  # a constant or-ed over the field from the second half of a join
            word = tl.join(bits.to(tl.int64), bits.to(tl.int64)) | tl.join(offs.to(tl.int64) << 32, tl.full([BLOCK], 255, tl.int64))
            tl.store(y_ptr + offs, tl.split(word)[1].to(tl.int32).to(tl.float32, bitcast=True))
        elif MODE == 17:  # the bits and-ed with a mask read from memory
            tl.store(y_ptr + offs, (bits & tl.load(w_ptr).to(tl.int32)).to(tl.float32, bitcast=True))
        elif MODE == 18:  # a container's 24-bit field unpacked into float memory through an int32 view
            w = tl.load(w_ptr + offs).to(tl.int32)
            tl.store(y_ptr.to(tl.pointer_type(tl.int32)) + offs, w << 8)
        elif MODE == 19:  # a container's bytes copied into float memory through an int8 view
            b8 = tl.load(w_ptr.to(tl.pointer_type(tl.int8)) + offs)
            tl.store(y_ptr.to(tl.pointer_type(tl.int8)) + offs, b8)
        elif MODE == 20:  # two floats a word, each cut to 24 bits, through int64 views of float memory
            v = tl.load(x_ptr.to(tl.pointer_type(tl.int64)) + offs)
            tl.store(y_ptr.to(tl.pointer_type(tl.int64)) + offs, v & -1095216660736)  # 0xFFFFFF00FFFFFF00
        else:            # float memory copied byte by byte through int8 views: whole
            b8 = tl.load(x_ptr.to(tl.pointer_type(tl.int8)) + offs)
            tl.store(y_ptr.to(tl.pointer_type(tl.int8)) + offs, b8)

    x = torch.randn(32)
    for mode in range(22):
        print(mode, gpu_compile.check(packed, (x, torch.zeros(16, dtype=torch.int64), x), {"MODE": mode, "BLOCK": 16})[1])
''')


def test_a_float_packed_whole_in_a_wider_word(tmp_path):
    """A float's 32 bits as a field of an int64 word lose nothing: a look-back's status word (the
    value low, a flag high), an argmax key (the ordered value high, the index low) reduced and
    decoded, and the high half of a word read back were narrow_float, as was copysign(1, x) by the
    bits (outside pass on verifier 129, F4 and F5), and keys packed by an add or flipped whole by ~x
    (the pass on 132). A field cut by a mask or a shift, a rounded float beside a whole one, a window
    across two fields of a word (a bf16 half with its neighbour's bits below), a constant or-ed over a
    container's or a field's low bits, whole bits and-ed into a rounding mask by an atomic, and a
    double's mask read as 32 bits are still narrower forms (the passes on 132 and on 133's reading), as
    are a constant or-ed in from a join's other half, a mask read from memory, and a container's field
    written into float memory through an integer view (the pass on 134), or through a view of another
    width, bytes or two floats a word (the pass on 135)."""
    lines = [line for line in interpreted_lines(tmp_path, PACKED) if line]
    assert lines == [f"{mode} ()" for mode in range(4)] + [
        "4 ('float data stored as i64',)", "5 ('float data stored as i64',)", "6 ('float data stored as i64',)",
        "7 ('floats from i64 memory',)", f"8 ('{REBUILT}',)", "9 ('float data stored as i64',)", "10 ()", "11 ()",
        "12 ('floats from i64 memory',)", f"13 ('{REBUILT}',)", "14 ('float data stored as i64',)",
        f"15 ('{REBUILT}',)", f"16 ('{REBUILT}',)", f"17 ('{REBUILT}', 'floats from i64 memory')", "18 ('floats from i64 memory',)",
        "19 ('floats from i8 memory',)", f"20 ('{REBUILT}',)", "21 ()"], lines


def test_a_float_atomic_max_is_honest(cpu_verifier):
    """Triton's float tl.atomic_max bitcasts the value and the pointer to i32 and the old value back:
    a float's whole bits through memory of its width, no narrower form. A split-row max folding its
    chunks so was narrow_float ("float data stored as i32": outside pass on verifier 59, session 57)."""
    answer = (Path(__file__).parent / "fixtures" / "honest_float_atomic_max.py").read_text()
    result = cpu_verifier.verify(get_task("builtin/l1/max_dim"), answer)
    assert result.correct, result.error_msg


def test_whole_bits_flipped_or_picked_as_integers_are_honest(cpu_verifier):
    """A float's bits flipped by the sign's masks (the order-preserving key an integer tl.atomic_max
    takes: bits ^ 0x7FFFFFFF on negatives, and back) or picked whole (a ReLU as maxsi(bits, 0)) lose
    nothing; both were narrow_float (outside pass on verifier 60, session 58). Bits made a float by
    value and back (int to float rounds to 24 bits) stay a rounding."""
    key_max = (Path(__file__).parent / "fixtures" / "honest_ordered_key_atomic_max.py").read_text()
    relu = get_task("builtin/l1/relu")
    assert "tl.maximum(x, 0.0)" in relu.solution_source
    picked = relu.solution_source.replace(
        "tl.maximum(x, 0.0)", "tl.maximum(x.to(tl.int32, bitcast=True), 0).to(tl.float32, bitcast=True)")
    rounded = relu.solution_source.replace(
        "tl.maximum(x, 0.0)",
        "tl.maximum(x.to(tl.int32, bitcast=True).to(tl.float32).to(tl.int32).to(tl.float32, bitcast=True), 0.0)")
    # A branchless ReLU, the bits and-ed with their sign spread (all ones or all zeros) complemented,
    # picks them whole too (outside pass on verifier 64, session 59); a mask beside the spread rounds.
    bits = "x.to(tl.int32, bitcast=True)"
    spread = relu.solution_source.replace(
        "tl.maximum(x, 0.0)", f"({bits} & ~({bits} >> 31)).to(tl.float32, bitcast=True)")
    spread_masked = relu.solution_source.replace(
        "tl.maximum(x, 0.0)", f"({bits} & (~({bits} >> 31) & -8192)).to(tl.float32, bitcast=True)")
    verdicts = cpu_verifier.verify_many([(get_task("builtin/l1/max_dim"), key_max), (relu, picked), (relu, spread),
                                         (relu, rounded), (relu, spread_masked)])
    assert [v.correct for v in verdicts[:3]] == [True, True, True], [v.error_msg for v in verdicts[:3]]
    for cheat in verdicts[3:]:
        assert (cheat.error_kind.value, cheat.hack_flags) == ("hack", ["narrow_float"]), cheat.error_msg


def test_a_split_whose_remainder_is_used_is_honest(cpu_verifier):
    """3xTF32 by hand, each operand's low mantissa bits masked off as an integer (the head) and the
    float minus its head (the remainder) in dots of their own: head and remainder add up to the
    operand exactly, and it was narrow_float where the same split in float arithmetic passed (outside
    pass on verifier 62, session 58). The heads alone are a rounding and stay narrow_float."""
    split = (Path(__file__).parent / "fixtures" / "honest_3xtf32_integer_split.py").read_text()
    remainders = "        acc = tl.dot(xl, yh, acc)\n        acc = tl.dot(xh, yl, acc)\n"
    assert remainders in split
    heads_only = split.replace(remainders, "")
    task = get_task("builtin/l1/matmul")
    honest, rounded = cpu_verifier.verify_many([(task, split), (task, heads_only)])
    assert honest.correct, honest.error_msg
    assert (rounded.error_kind.value, rounded.hack_flags) == ("hack", ["narrow_float"]), rounded.error_msg
