"""A float32 task's kernels holding bf16, fp16 or fp8 are judged from their types (verify/narrow.py):
`narrow_float`, whatever the output's error, while a task with a narrow float of its own keeps them."""

from __future__ import annotations

import textwrap

from autotriton.tasks import get_task, task_from_source
from autotriton.verify.narrow import found, task_has_narrow
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


def test_a_task_with_a_narrow_float_of_its_own():
    import torch
    assert not task_has_narrow("x = torch.randn(4, 4)\n", [torch.randn(4)])
    assert task_has_narrow("x = torch.randn(4, 4, dtype=torch.float16)\n", [])
    assert task_has_narrow("return self.fc(x.half())\n", [])
    assert task_has_narrow("with torch.autocast('cuda'):\n", [])
    assert task_has_narrow("x = torch.randn(4)\n", [torch.randn(4).bfloat16()])  # a buffer, say
    assert not task_has_narrow("x = torch.randint(0, 9, (4,))\n", [torch.zeros(4, dtype=torch.int8)])
    # words in a comment or docstring do not make the task narrow
    assert not task_has_narrow('"""Sums half of the rows; unlike fp16 code, no overflow."""\n', [torch.randn(2)])


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
