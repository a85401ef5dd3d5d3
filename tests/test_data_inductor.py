"""The Inductor teacher's rewriter: real H100 captures -> standalone ModelNew modules.

Every capture without library calls must rewrite, pass the static rules, and verify
correct on the CPU interpreter at the size it was captured at; captures whose library
calls are matrix products (cuBLAS mm, addmm, bmm) rewrite them as Triton matmuls, and
any other library call is labelled, not rewritten."""

from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path

import pytest

from autotriton.data.teachers.inductor import fixed_shape_task, rewrite
from autotriton.tasks.sizes import as_judged
from autotriton.data.teachers.inductor.capture import Capture
from autotriton.tasks import get_task
from autotriton.tasks.contract import METADATA_MARKER
from autotriton.verify.rules import check_rules

FIXTURE = Path(__file__).parent / "fixtures" / "inductor" / "captures_train_h100.json"
CAPTURES = [Capture(**d) for d in json.loads(FIXTURE.read_text())]
EXTERN = {c.task_id for c in CAPTURES if any("extern_kernels." in code for code in c.codes)}
PURE = [c.task_id for c in CAPTURES if c.task_id not in EXTERN]
BY_ID = {c.task_id: c for c in CAPTURES}


@pytest.fixture(scope="module")
def rewrites():
    return {c.task_id: rewrite(c, get_task(c.task_id).source) for c in CAPTURES}


def test_fixture_split():
    # 38 train tasks captured on an H100: 11 call cuBLAS (mm/addmm/bmm), 27 are pure Triton.
    assert len(CAPTURES) == 38 and len(EXTERN) == 11 and len(PURE) == 27


def test_every_pure_triton_capture_rewrites(rewrites):
    failed = {t: rewrites[t].reason for t in PURE if not rewrites[t].ok}
    assert not failed


def test_library_products_become_triton_matmuls(rewrites):
    """extern_kernels.mm/addmm/bmm (cuBLAS) are launches of the template's tiled matmul; a weight
    Inductor reinterprets as its transpose is `.t()`, an input reshaped `.view(...)`: the rules
    refuse as_strided on a tensor forward did not allocate."""
    failed = {t: rewrites[t].reason for t in EXTERN if not rewrites[t].ok}
    # a 0-d tensor where forward takes a (37, 43) residual: the binding's limit, not the products'
    assert set(failed) == {"builtin/l2/matmul_scale_residual"}, failed
    assert all("do not match parameters + inputs" in reason for reason in failed.values())
    # Dynamo's call took b before a: bound by their (unique) shapes
    assert "launch_gemm_kernel(a[None], b.t()[None]" in rewrites["builtin/l1/matmul_transposed_b"].code
    mlp = rewrites["builtin/l3/mlp"]
    assert mlp.kernels[-2:] == ["gemm_kernel", "gemm_bias_kernel"]
    assert "launch_gemm_kernel(x.view((s57 * s93, s50))[None], fc1_weight.t()[None]" in mlp.code
    assert "launch_gemm_bias_kernel(" in mlp.code and ", fc2_bias, buf2, buf2[None])" in mlp.code
    assert "extern_kernels" not in mlp.code.split("class ModelNew")[1].replace("(extern_kernels.", "")
    bmm = rewrites["builtin/l1/batched_matmul"]
    assert bmm.kernels == ["gemm_kernel"] and "lowers forward into 1 library matrix product" in bmm.reasoning
    for task_id in EXTERN - set(failed):
        r = rewrites[task_id]
        assert check_rules(r.code) == [], task_id
        for kernel in r.kernels:
            assert f"`{kernel}`" in r.reasoning


def test_other_library_calls_and_scaled_products_are_refused():
    mm = BY_ID["builtin/l1/matmul"]
    source = get_task(mm.task_id).source
    pool = replace(mm, codes=[mm.codes[0].replace("extern_kernels.mm(", "aten.avg_pool2d.default(")])
    r = rewrite(pool, source)
    assert not r.ok and r.extern == ["aten.avg_pool2d.default"] and r.reason == "extern kernels: aten.avg_pool2d.default"
    # a convolution is rewritten (test_a_convolution_becomes_an_implicit_gemm...), but not one without its output's layout
    conv = replace(mm, codes=[mm.codes[0].replace("extern_kernels.mm(", "extern_kernels.convolution(")])
    r = rewrite(conv, source)
    assert not r.ok and "extern_kernels.convolution" in r.reason
    scaled = replace(mm, codes=[mm.codes[0].replace("out=buf0)", "alpha=2, out=buf0)")])
    r = rewrite(scaled, source)
    assert not r.ok and "alpha=2" in r.reason


def test_a_resumed_build_judges_again_what_failed_under_other_rewriter_code():
    from autotriton.data.build import _failed_under_other_code
    from autotriton.data.teachers.inductor import teacher_version
    now = teacher_version()
    assert len(now) == 16 and now == teacher_version()
    assert _failed_under_other_code("inductor", {"correct": False, "error_msg": "rewrite_failed: extern kernels: mm"})
    assert _failed_under_other_code("inductor", {"correct": False, "teacher_version": "0" * 16})
    assert not _failed_under_other_code("inductor", {"correct": False, "teacher_version": now})
    assert not _failed_under_other_code("inductor", {"correct": True})  # a verified pair stays
    assert not _failed_under_other_code("llm", {"correct": False})  # samples are not drawn again
    assert not _failed_under_other_code("inductor", {"correct": False, "error_msg": "capture_failed: task failed "
                                                     "to build: ValueError: Attempted to use an uninitialized parameter"})


@pytest.mark.parametrize("task_id", PURE)
def test_rewrite_is_plain_readable_triton(rewrites, task_id):
    r = rewrites[task_id]
    assert check_rules(r.code) == []
    for text in ("torch._inductor", "triton_heuristics", "triton_helpers", "tl_math", "async_compile",
                 "libdevice.", "in_ptr0"):
        assert text not in r.code, text
    tree = ast.parse(r.code)
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert imported <= {"math", "torch", "torch.nn", "triton", "triton.language"}
    assert not any(isinstance(n, ast.ImportFrom) for n in ast.walk(tree))
    jitted = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)
              and [ast.unparse(d) for d in n.decorator_list] == ["triton.jit"]}
    assert r.kernels and set(r.kernels) <= jitted
    assert not any(k.startswith("triton_") for k in r.kernels)
    assert "# Source nodes: [" in r.code  # Inductor's provenance comments survive
    for kernel in r.kernels:
        assert f"`{kernel}`" in r.reasoning
    assert "Tiling:" in r.reasoning and "Fused graph" in r.reasoning


def test_rewrite_details(rewrites):
    # A float attribute Dynamo lifted into a 0-d tensor argument comes back as self.<attr>.
    assert "self.negative_slope" in rewrites["builtin/l1/leaky_relu"].code
    assert "self.eps" in rewrites["builtin/l1/rmsnorm"].code
    # Parameters are read in capture order; __init__ is the reference's own.
    layernorm = rewrites["builtin/l1/layernorm"]
    assert "norm_weight = self.norm.weight" in layernorm.code
    assert "self.norm = nn.LayerNorm(hidden)" in layernorm.code
    assert "Persistent reduction" in layernorm.reasoning and "x.shape[2] = 37" in layernorm.reasoning
    softmax = rewrites["builtin/l1/softmax"].reasoning
    assert "Looped reduction" in softmax and "3 passes" in softmax
    assert "tiled_grid(" in rewrites["builtin/l1/transpose_2d"].code


def _viewed_add() -> str:
    """The add capture returning its buffer through reinterpret_tensor (as views of
    intermediate buffers do in bigger graphs)."""
    add = BY_ID["builtin/l1/add"]
    code = add.codes[0].replace("return (buf0, )", "return (reinterpret_tensor(buf0, (s33, s50), (s50, 1), 0), )")
    r = rewrite(replace(add, codes=[code]), get_task(add.task_id).source)
    assert r.ok and "return buf0.as_strided((s33, s50), (s50, 1), 0)" in r.code
    return r.code


def test_rewrites_verify_on_cpu(rewrites, cpu_verifier):
    pairs = []
    for task_id in PURE:
        task = get_task(task_id)
        pairs.append((fixed_shape_task(task, task.shapes_for("interp")[0]), rewrites[task_id].code))
    pairs.append((get_task("builtin/l1/add"), _viewed_add()))
    # the library products as Triton matmuls; attention's capture predates the capture's call order
    # (34c059d): its call takes k before q, one shape, so its rewrite computes k @ q^T and is wrong
    for task_id in sorted(EXTERN - {"builtin/l2/matmul_scale_residual", "builtin/l3/attention"}):
        task = get_task(task_id)
        pairs.append((fixed_shape_task(task, task.shapes_for("interp")[0]), rewrites[task_id].code))
    results = cpu_verifier.verify_many(pairs)
    failed = {task.id: f"{res.error_kind.value}: {res.error_msg[:300]}"
              for (task, _), res in zip(pairs, results) if not res.correct}
    assert not failed
    assert all(res.launched for res in results)


def test_fixed_shape_task_pins_one_size():
    task = get_task("builtin/l1/layernorm")
    setting = task.shapes_for("interp")[0]
    fixed = fixed_shape_task(task, setting)
    assert fixed.id == f"{task.id}@{setting.name}"
    assert (fixed.split, fixed.tags, fixed.suite, fixed.level) == (task.split, task.tags, task.suite, task.level)
    assert [s.name for s in fixed.shapes_for("interp")] == ["pinned"]
    assert [s.name for s in fixed.shapes_for("gpu")] == ["pinned"]
    assert "INTERP_SHAPES" not in fixed.source and fixed.source.count("GPU_SHAPES") == 1  # the pinned one only
    assert 'GPU_SHAPES = {"pinned": {}}' in fixed.source and "GPU_SHAPES" not in fixed.prompt_source
    assert as_judged(fixed) == fixed  # no derived interp sizes
    constants = {n.targets[0].id: ast.literal_eval(n.value) for n in ast.parse(fixed.source).body
                 if isinstance(n, ast.Assign) and n.targets[0].id.isupper()}
    assert {k: constants[k] for k in setting.overrides} == setting.overrides
    assert fixed.prompt_source.count("class Model") == 1


def test_fixed_shape_task_keeps_tolerance():
    task = get_task("builtin/l1/matmul")
    fixed = fixed_shape_task(task, task.shapes_for("gpu")[1])
    assert fixed.tolerance == task.tolerance and fixed.tolerance_reason == task.tolerance_reason
    assert METADATA_MARKER in fixed.source and "TOLERANCE" not in fixed.prompt_source
    assert "M = 3001" in fixed.source
    # A harvested file has no TOLERANCE of its own; the judge derives TF32's for its Linear, and
    # the pinned task keeps what the judge derived.
    from pathlib import Path as _Path

    from autotriton.tasks.contract import task_from_source
    source = (_Path(__file__).parent / "fixtures/harvest/transformers_style_gated_mlp.py").read_text()
    harvested = task_from_source(source, task_id="harvest/tiny_gated_mlp", suite="harvest", level=2)
    assert not harvested.tolerance
    pinned = fixed_shape_task(harvested, harvested.shapes_for("interp")[0])
    assert pinned.tolerance == {"float32": (1e-2, 1e-2)} and "dot products" in pinned.tolerance_reason


def test_what_cannot_be_rewritten_is_data():
    add = BY_ID["builtin/l1/add"]
    source = get_task(add.task_id).source
    assert rewrite(replace(add, ok=False, reason="boom"), source).reason == "capture failed: boom"
    assert "graph breaks" in rewrite(replace(add, codes=add.codes * 2), source).reason
    relu = BY_ID["builtin/l1/relu"]
    odd = replace(relu, codes=[relu.codes[0].replace("triton_helpers.maximum", "triton_helpers.frobnicate")])
    r = rewrite(odd, get_task(relu.task_id).source)
    assert not r.ok and "triton_helpers.frobnicate has no rewrite" in r.reason
    # The wrong task's source: forward takes one input, the capture two.
    r = rewrite(add, get_task("builtin/l1/relu").source)
    assert not r.ok and "get_inputs() passes 2 inputs; forward takes 1 to 1 positional" in r.reason


def test_harvested_style_task_with_inherited_forward(cpu_verifier):
    """Harvested tasks are `class Model(Harvested)` with only __init__; forward comes from the parent."""
    import json as _json
    from pathlib import Path as _Path

    from autotriton.data.teachers.inductor import fixed_shape_task, rewrite
    from autotriton.data.teachers.inductor.capture import Capture
    from autotriton.tasks import get_task, task_from_source
    caps = {c["task_id"]: c for c in _json.loads(
        (_Path(__file__).parent / "fixtures/inductor/captures_train_h100.json").read_text())}
    relu = get_task("builtin/l1/relu")
    src = relu.source.replace("class Model(nn.Module):", "class Rectifier(nn.Module):")
    src = src.replace("\n\ndef get_inputs", "\n\nclass Model(Rectifier):\n    def __init__(self):\n"
                      "        super().__init__()\n        self.eval()\n\n\ndef get_inputs", 1)
    task = task_from_source(src, task_id="harvest/rectifier", suite="harvest", level=1)
    rw = rewrite(Capture(**caps["builtin/l1/relu"]), task.source)
    assert rw.ok, rw.reason
    # Rectifier's __init__ (nn.Module's) and Model's own lines, as ModelNew's: a solution may not
    # subclass a same-file class whose __init__ builds layers (the rules read it as forward code).
    assert "class ModelNew(nn.Module)" in rw.code and "self.eval()" in rw.code
    fixed = fixed_shape_task(task, task.shapes_for("interp")[0])
    result = cpu_verifier.verify(fixed, rw.code)
    assert result.correct, result.error_msg


def test_harvested_torch_nn_class_subclasses_the_real_module(cpu_verifier):
    import json as _json
    from pathlib import Path as _Path

    from autotriton.data.teachers.inductor import fixed_shape_task, rewrite
    from autotriton.data.teachers.inductor.capture import Capture
    from autotriton.tasks import get_task, task_from_source
    caps = {c["task_id"]: c for c in _json.loads(
        (_Path(__file__).parent / "fixtures/inductor/captures_train_h100.json").read_text())}
    src = get_task("builtin/l1/relu").source.split("# --- autotriton metadata ---")[0]
    src = src.replace("def forward(self, x: torch.Tensor)", "def forward(self, input: torch.Tensor)").replace(
        "torch.relu(x)", "torch.relu(input)")  # torch.nn's argument name, a forbidden builtin in solutions
    src = src.replace("class Model(nn.Module):", "class ReLU(Module):").replace(
        "import torch.nn as nn", "import torch.nn as nn\nfrom torch.nn import Module")
    src = src.replace("\n\ndef get_inputs", "\n\nclass Model(ReLU):\n    def __init__(self):\n"
                      "        super().__init__()\n        self.eval()\n\n\ndef get_inputs", 1)
    src += ("\n# --- autotriton metadata ---\nPROVENANCE = {'package': 'torch', 'module': "
            "'torch.nn.modules.activation', 'class': 'ReLU'}\n")
    task = task_from_source(src, task_id="harvest/torch_relu", suite="harvest", level=1)
    rw = rewrite(Capture(**caps["builtin/l1/relu"]), task.source)
    assert rw.ok, rw.reason
    assert "class ModelNew(nn.ReLU)" in rw.code
    small = get_task("builtin/l1/relu").shapes_for("interp")[0]  # the captured size
    result = cpu_verifier.verify(fixed_shape_task(task, small), rw.code)
    assert result.correct, result.error_msg


def test_capture_keeps_the_inputs_in_call_order():
    """Dynamo orders graph inputs by first use: `q @ k.transpose(...)` uses k first, and call()
    then took k before q, which the rewriter binds by position (same shapes: swapped silently)."""
    import math

    import torch

    from autotriton.data.teachers.inductor.capture import as_function

    class Attention(torch.nn.Module):
        def forward(self, q, k, v, scale):
            scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
            return torch.matmul(torch.softmax(scores * scale, dim=-1), v)

    def order(fn) -> list[int]:
        seen = []

        def backend(gm, example_inputs):
            seen.extend(int(n.name.split("args_")[1].rstrip("_")) for n in gm.graph.nodes
                        if n.op == "placeholder" and "args_" in n.name)
            return gm.forward

        torch._dynamo.reset()
        xs = [torch.randn(2, 5, 8) for _ in range(3)]
        torch.compile(fn, backend=backend, dynamic=True, fullgraph=True)(*xs, 2)
        return seen

    model = Attention()
    untouched = lambda *args: model(*args)  # noqa: E731 - what capture compiled before
    assert order(untouched)[:2] == [1, 0]  # the premise: k first
    assert order(as_function(model, []))[:3] == [0, 1, 2]


def test_reasoning_never_names_the_task_id():
    """The module's docstring opens the reasoning where it has one; an undocumented task's id is
    not a sentence any prompt shows (327 of data v30's Inductor answers opened with one)."""
    relu = BY_ID["builtin/l1/relu"]
    source = get_task(relu.task_id).source
    documented = rewrite(relu, source)
    assert documented.ok and documented.reasoning.startswith("Task: ")
    tree = ast.parse(source)
    doc = ast.get_docstring(tree)
    assert doc, "the builtin relu task has a module docstring"
    bare = rewrite(relu, source.replace(f'"""{doc}"""', "", 1) if f'"""{doc}"""' in source else source)
    assert bare.ok and "builtin/l1/relu" not in bare.reasoning
    assert bare.reasoning.startswith("torch.compile (Inductor")


def test_a_cpu_captures_inductors_triton_and_its_rewrites_verify(cpu_verifier):
    """No GPU needed: Inductor's Triton backend for CPU tensors writes the kernels, the capture
    keeps the generated wrapper without compiling it (Triton's CPU target is not in the wheel),
    and the rewrite verifies in the interpreter. A softmax (a persistent reduction) and SwiGLU
    (its two library products written as the Triton matmul, then a pointwise gate)."""
    from autotriton.data.teachers.inductor.capture import capture

    for task_id, kernels in (("builtin/l1/softmax", ["softmax_kernel"]), ("builtin/l2/swiglu", ["mul_silu_kernel", "gemm_kernel"])):
        task = get_task(task_id)
        cap = capture(task, device="cpu")
        assert cap.ok and cap.device == "cpu" and len(cap.codes) == 1, cap.reason
        assert "async_compile.triton(" in cap.codes[0] and "empty_strided_cpu" in cap.codes[0]
        rw = rewrite(cap, task.source)
        assert rw.ok and rw.kernels == kernels, (rw.reason, rw.kernels)
        result = cpu_verifier.verify(fixed_shape_task(task, task.shapes_for("interp")[0]), rw.code)
        assert result.correct, result.error_msg


def test_a_cpu_capture_of_a_module_inductor_refuses_is_data():
    """What Dynamo or Inductor cannot compile is a failed capture with its reason, on a CPU as on a
    GPU, and the codegen-only patches are undone after it."""
    import torch

    from autotriton.data.teachers.inductor.capture import capture
    from autotriton.tasks.contract import task_from_source

    src = ("import torch\nimport torch.nn as nn\n\nclass Model(nn.Module):\n"
           "    def forward(self, x):\n        return torch.tensor(x.tolist()) * 2\n\n"
           "def get_inputs():\n    return [torch.randn(4, 8)]\n\ndef get_init_inputs():\n    return []\n")
    cap = capture(task_from_source(src, task_id="row/tolist", suite="dataset", level=1), device="cpu")
    assert not cap.ok and cap.reason.startswith("torch.compile failed"), cap.reason
    assert torch._inductor.config.cpu_backend != "triton"


def test_a_harvested_forward_keeps_only_annotations_the_solution_imports(cpu_verifier):
    """torch.nn's forwards are annotated `input: Tensor` after `from torch import Tensor`, which a
    rewrite does not import: 41 of the first 96 harvested candidates of a CPU build were
    undefined_name violations for it alone. The rewrite's forward drops such annotations."""
    from pathlib import Path as _Path

    from autotriton.data.teachers.inductor.capture import capture
    from autotriton.tasks.contract import task_from_source

    source = (_Path(__file__).parent / "fixtures/harvest/torch_gelu_annotated.py").read_text()
    assert "def forward(self, input: Tensor) -> Tensor:" in source
    task = task_from_source(source, task_id="harvest/torch_gelu", suite="harvest", level=1)
    rw = rewrite(capture(task, device="cpu"), task.source)
    assert rw.ok, rw.reason
    assert "class ModelNew(nn.GELU)" in rw.code and "def forward(self, input_):" in rw.code
    result = cpu_verifier.verify(fixed_shape_task(task, task.shapes_for("interp")[0]), rw.code)
    assert result.correct, result.error_msg


def test_a_harvested_forward_may_come_from_further_up_the_file(cpu_verifier):
    """torch.nn's ConstantPad1d, BatchNorm1d and ReLU6 take forward from a class above their
    parent (_ConstantPadNd, _BatchNorm, Hardtanh): 24 of a CPU build's first 160 harvested
    candidates were refused as having no plain forward."""
    from pathlib import Path as _Path

    from autotriton.data.teachers.inductor.capture import capture
    from autotriton.tasks.contract import task_from_source

    source = (_Path(__file__).parent / "fixtures/harvest/torch_pad_inherited_forward.py").read_text()
    task = task_from_source(source, task_id="harvest/torch_pad", suite="harvest", level=1)
    rw = rewrite(capture(task, device="cpu"), task.source)
    assert rw.ok, rw.reason
    assert "class ModelNew(nn.ConstantPad1d)" in rw.code
    result = cpu_verifier.verify(fixed_shape_task(task, task.shapes_for("interp")[0]), rw.code)
    assert result.correct, result.error_msg


def test_forward_parameters_get_inputs_never_passes_are_dropped(cpu_verifier):
    """transformers' layers take `attention_mask=None, **kwargs` beside the tensors get_inputs()
    passes (83 of a CPU build's first 416 harvested candidates were refused for that alone).
    Dynamo bakes their defaults into the graph, so the rewrite takes just the inputs passed and
    its reasoning says so; a parameter without a default that get_inputs() skips is refused."""
    import json as _json
    from pathlib import Path as _Path

    from autotriton.data.teachers.inductor.capture import Capture
    from autotriton.tasks.contract import task_from_source
    caps = {c["task_id"]: c for c in _json.loads(
        (_Path(__file__).parent / "fixtures/inductor/captures_train_h100.json").read_text())}
    relu = get_task("builtin/l1/relu")
    src = relu.source.split("# --- autotriton metadata ---")[0]
    wide = src.replace("def forward(self, x: torch.Tensor)",
                       "def forward(self, x: torch.Tensor, mask=None, *rest, scale: float = 1.0, **kwargs)")
    assert wide != src
    task = task_from_source(wide, task_id="harvest/relu_kwargs", suite="harvest", level=1)
    rw = rewrite(Capture(**caps["builtin/l1/relu"]), task.source)
    assert rw.ok, rw.reason
    assert "def forward(self, x: torch.Tensor) -> torch.Tensor:" in rw.code and "kwargs" not in rw.code
    assert "mask, scale, *rest, **kwargs keep their defaults" in rw.reasoning
    result = cpu_verifier.verify(fixed_shape_task(task, relu.shapes_for("interp")[0]), rw.code)
    assert result.correct, result.error_msg
    required = src.replace("def forward(self, x: torch.Tensor)", "def forward(self, x: torch.Tensor, mask)")
    r = rewrite(Capture(**caps["builtin/l1/relu"]), required)
    assert not r.ok and "get_inputs() passes 1 inputs; forward takes 2 to 2 positional" in r.reason


def test_a_transformers_style_layer_built_from_a_config_is_rewritten_and_verifies(cpu_verifier):
    """A library layer copied into the file becomes ModelNew's own __init__ (a solution may not
    subclass a same-file class that builds layers), without what needs the file's other imports:
    annotations, the argument check, `ACT2FN[...]` on both branches that set it, a hub base class;
    `nn.Buffer` is registered. The config reaches the candidate as its values (wire.py), and its
    float, which the verifier never varies, is baked in rather than lifted (capture.py)."""
    from pathlib import Path as _Path

    from autotriton.data.teachers.inductor.capture import capture
    from autotriton.tasks.contract import task_from_source

    source = (_Path(__file__).parent / "fixtures/harvest/transformers_style_gated_mlp.py").read_text()
    task = task_from_source(source, task_id="harvest/tiny_gated_mlp", suite="harvest", level=2)
    rw = rewrite(capture(task, device="cpu"), task.source)
    assert rw.ok, rw.reason
    assert "class ModelNew(nn.Module):" in rw.code and "def forward(self, hidden_states: torch.Tensor)" in rw.code
    assert "self.register_buffer('residual_scale'" in rw.code and "class TinyRMSNorm(nn.Module)" in rw.code
    for gone in ("ACT2FN", "GradientCheckpointingLayer", "raise ValueError", "isinstance", "TinyConfig", "logger"):
        assert gone not in rw.code, gone
    result = cpu_verifier.verify(fixed_shape_task(task, task.shapes_for("interp")[0]), rw.code)
    assert result.correct, result.error_msg


def test_a_language_model_with_a_mixin_base_keeps_its_tied_output_projection(cpu_verifier):
    """`TinyForCausalLM(TinyPreTrainedModel, GenerationMixin)`: with a library mixin beside its base the
    copied class's super().__init__(config) reached nn.Module's (10 of 487 judged harvested tasks
    failed to build, session 68); and the copy leaves out the method that ties the output projection
    to the embedding, so ModelNew ties what the capture saw tied (Capture.tied)."""
    from pathlib import Path as _Path

    from autotriton.data.teachers.inductor.capture import capture
    from autotriton.tasks.contract import task_from_source
    from autotriton.tasks.sizes import with_dot_tolerance

    source = (_Path(__file__).parent / "fixtures/harvest/transformers_style_tied_lm.py").read_text()
    task = with_dot_tolerance(task_from_source(source, task_id="harvest/tiny_tied_lm", suite="harvest", level=3))
    cap = capture(task, device="cpu")
    assert cap.tied == [["lm_head.weight", "embed_tokens.weight"]]
    rw = rewrite(cap, task.source)
    assert rw.ok, rw.reason
    assert "class ModelNew(nn.Module):" in rw.code and "GenerationMixin" not in rw.code
    assert "self.lm_head.weight = self.embed_tokens.weight" in rw.code
    result = cpu_verifier.verify(fixed_shape_task(task, task.shapes_for("interp")[0]), rw.code)
    assert result.correct, result.error_msg


@pytest.mark.parametrize("cls, groups", [("Conv2d", 1), ("Conv1d", 8), ("Conv2d", 2), ("ConvTranspose2d", 2)])
def test_a_convolution_becomes_an_implicit_gemm_that_reads_inductors_layouts(cpu_verifier, cls, groups):
    """extern_kernels.convolution (cuDNN) refused 45 of a CPU build's first 416 harvested candidates:
    it is a launch of conv_kernel now, reading and writing the channels-last strides Inductor gives
    it, 1-D as 2-D of height 1. Dynamo's unread int arguments (three of torch.nn's Conv2d) no
    longer stop the binding. Grouped and depthwise convolutions (Mamba's causal conv1d; 18 refusals
    with the transposed ones in session 65's build) are one GEMM per group, and a transposed
    convolution the same product with each tap loaded where it lands (conv_transpose_kernel)."""
    from autotriton.data.teachers.inductor.capture import capture
    from autotriton.tasks.contract import task_from_source

    dims = "BATCH, CHANNELS, SIZE" if cls == "Conv1d" else "BATCH, CHANNELS, SIZE, SIZE"
    source = (f'''"""A strided, padded {cls} behind a ReLU."""
import torch
import torch.nn as nn

BATCH = 2
CHANNELS = 8
SIZE = 12


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.conv = nn.{cls}(in_channels, out_channels, kernel_size, stride=2, padding=1, groups={groups})

    def forward(self, x):
        return torch.relu(self.conv(x))


def get_inputs():
    return [torch.randn({dims})]


def get_init_inputs():
    return [CHANNELS, 16, 3]
''')
    task = task_from_source(source, task_id=f"harvest/tiny_{cls.lower()}_{groups}", suite="harvest", level=1)
    rw = rewrite(capture(task, device="cpu"), task.source)
    assert rw.ok, rw.reason
    assert ("launch_conv_transpose_kernel(" if "Transpose" in cls else "launch_conv_kernel(") in rw.code
    assert ("(2, 2), (1, 1), (1, 1), " if cls.endswith("2d") else "(2,), (1,), (1,), ") + f"{groups})" in rw.code
    assert ("groups are one such product each" in rw.reasoning) == (groups > 1)
    assert "implicit GEMM" in rw.reasoning and "extern_kernels.convolution" in rw.reasoning
    result = cpu_verifier.verify(fixed_shape_task(task, task.shapes_for("interp")[0]), rw.code)
    assert result.correct, result.error_msg


@pytest.mark.parametrize("inputs", ["q, k, v", "x"])
def test_a_packed_in_projection_is_sliced_where_its_offset_moves_with_the_sizes(cpu_verifier, inputs):
    """nn.MultiheadAttention keeps q, k and v's projections packed in one in_proj_weight and
    in_proj_bias; Inductor reads the k and v chunks at offsets that move with the embedding size
    (E and 2E), which the rewriter refused (MultiheadAttention, Transformer and TransformerEncoderLayer:
    3 of a build's first 128 harvested tasks). They are slices now, started at the offset. Self-attention
    projects with the whole packed weight in one bmm, read by every batch (stride 0): an expand."""
    from autotriton.data.teachers.inductor.capture import capture
    from autotriton.tasks.contract import task_from_source

    source = '''"""Self-attention through torch.nn's packed projections."""
import torch
import torch.nn as nn

BATCH = 2
SEQ = 8
EMBED = 16


class Model(nn.Module):
    def __init__(self, embed_dim, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(embed_dim, heads, batch_first=True)

    def forward(self, INPUTS):
        return self.attn(QKV, need_weights=False)[0]


def get_inputs():
    return [torch.randn(BATCH, SEQ, EMBED) for _ in "INPUTS".split(", ")]


def get_init_inputs():
    return [EMBED, 2]
'''
    source = source.replace("QKV", "x, x, x" if inputs == "x" else inputs).replace("INPUTS", inputs)
    task = task_from_source(source, task_id=f"harvest/tiny_mha_{len(inputs)}", suite="harvest", level=2)
    rw = rewrite(capture(task, device="cpu"), task.source)
    assert rw.ok, rw.reason
    assert ".expand((" in rw.code  # the weight read by every batch
    assert ("in_proj_weight.stride(0):" in rw.code) == (inputs != "x")  # k's and v's chunks at moving offsets
    result = cpu_verifier.verify(fixed_shape_task(task, task.shapes_for("interp")[0]), rw.code)
    assert result.correct, result.error_msg


def test_tuple_and_none_forward_inputs_are_rewritten(cpu_verifier):
    """transformers' attention layers take `position_embeddings = (cos, sin)` and a None mask
    (14 of a CPU build's first 416 harvested candidates were refused): Dynamo takes a tuple's
    tensors one by one, which forward unpacks, and specialises a None away. The builtin getattr
    of a literal name (the rules refuse getattr) is an attribute read, or its default where the
    config lacks the attribute (head_dim: 9 of a CPU build's first 288 failed to build)."""
    from autotriton.data.teachers.inductor.capture import capture
    from autotriton.tasks.contract import task_from_source

    source = '''"""Rotary-style mixing of a hidden state with a (cos, sin) pair."""
import torch
import torch.nn as nn

BATCH = 2
SEQ = 8
DIM = 16


class RotaryConfig:
    def __init__(self, dim):
        self.hidden_size = dim
        self.head_dim = dim // 2


class Model(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)
        self.head_dim = getattr(config, "head_dim", config.hidden_size // 4)
        self.gate = nn.Linear(config.hidden_size, getattr(config, "gate_size", getattr(config, "head_dim")))

    def forward(self, x, position_embeddings, attention_mask=None):
        cos, sin = position_embeddings
        h = x * cos + torch.tanh(x) * sin
        if attention_mask is not None:
            h = h + attention_mask
        return self.proj(h) + self.gate(h).sum(-1, keepdim=True)


def get_inputs():
    return [torch.randn(BATCH, SEQ, DIM), (torch.randn(BATCH, SEQ, DIM), torch.randn(BATCH, SEQ, DIM)), None]


def get_init_inputs():
    return [RotaryConfig(DIM)]
'''
    task = task_from_source(source, task_id="harvest/rotary_mix", suite="harvest", level=2)
    cap = capture(task, device="cpu")
    assert cap.input_kinds == ["tensor", "tuple:2", "none"], cap.input_kinds
    rw = rewrite(cap, task.source)
    assert rw.ok, rw.reason
    assert "position_embeddings_0, position_embeddings_1 = position_embeddings" in rw.code
    assert "def forward(self, x, position_embeddings, attention_mask):" in rw.code  # passed, so no default
    assert cap.absent_attrs == ["config.gate_size"]
    assert "getattr" not in rw.code and "self.head_dim = config.head_dim" in rw.code
    assert "nn.Linear(config.hidden_size, (config.head_dim))" in rw.code  # the default, as Model took
    result = cpu_verifier.verify(fixed_shape_task(task, task.shapes_for("interp")[0]), rw.code)
    assert result.correct, result.error_msg


def test_literal_getattr_is_written_out_keeping_the_text_around_it():
    """The rules refuse the builtin getattr; a copied __init__ reads the attribute or, where the
    capture found the object without it, takes the default. Comments and non-ASCII text around
    the call stay (offsets are UTF-8 bytes)."""
    from autotriton.data.teachers.inductor.model import literal_getattrs

    source = '''# é
class A:
    def __init__(self, config):
        self.h = getattr(config, "head_dim",  # why
                         config.hidden // 2)  # kept
        self.x = getattr(config.sub, "x", getattr(config, "y", 1)) + getattr(config, "z")
'''
    assert literal_getattrs(source, {"config.head_dim", "config.sub.x"}).splitlines()[3:] == [
        "        self.h = (config.hidden // 2)  # kept",
        "        self.x = (config.y) + config.z"]
    assert literal_getattrs(source, set()).splitlines()[3:] == [
        "        self.h = config.head_dim  # kept",
        "        self.x = config.sub.x + config.z"]
    # hasattr of a constructor argument's attribute, as the capture found it; self's is left alone
    probed = """class A:
    def __init__(self, config):
        self.dim = config.dim if hasattr(config, "dim") else 1
        self.scale = config.scale if hasattr(config.sub, "scale") else None
        self.seen = hasattr(self, "dim")
"""
    assert literal_getattrs(probed, {"config.sub.scale"}).splitlines()[2:] == [
        "        self.dim = config.dim if True else 1",
        "        self.scale = config.scale if False else None",
        '        self.seen = hasattr(self, "dim")']


def test_parameters_and_inputs_the_graph_never_reads_are_not_bound(cpu_verifier):
    """Dynamo leaves graph inputs it never reads out of call() (BatchNorm's num_batches_tracked
    in eval, a tied head's second bias, a mask forward ignores): 10 of a CPU build's first 288
    were refused as 'call takes N tensors; expected N parameters + 1 inputs'."""
    from autotriton.data.teachers.inductor.capture import capture
    from autotriton.tasks.contract import task_from_source

    source = '''import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.scale = nn.Parameter(torch.randn(dim))
        self.spare = nn.Parameter(torch.randn(dim, dim))  # kept for checkpoints, never read
        self.register_buffer("steps", torch.zeros((), dtype=torch.long))

    def forward(self, x, mask):
        return torch.relu(x) * self.scale


def get_inputs():
    return [torch.randn(4, 16), torch.randn(4, 16)]


def get_init_inputs():
    return [16]
'''
    task = task_from_source(source, task_id="harvest/unread_args", suite="harvest", level=1)
    cap = capture(task, device="cpu")
    assert cap.used_args == [0, 3], (cap.param_names, cap.used_args)  # scale and x
    rw = rewrite(cap, task.source)
    assert rw.ok, rw.reason
    assert "spare" not in rw.code.split("def forward")[1]
    result = cpu_verifier.verify(fixed_shape_task(task, task.shapes_for("interp")[0]), rw.code)
    assert result.correct, result.error_msg


def test_a_class_chosen_as_a_value_and_an_own_method_in_init_are_written_out():
    """The rules let a class be instantiated, not held (`attention_class = A if cross else B`), and
    read a method other than __init__ as forward code (rotary embeddings' inv_freq from
    `self.compute_default_rope_parameters`): the copied __init__ picks the class at the call and
    runs the method's body in place, its locals renamed away from __init__'s."""
    from autotriton.data.teachers.inductor.model import _portable

    cls = ast.parse('''
class Rotary(nn.Module):
    def __init__(self, config, cross=False):
        super().__init__()
        attention_class = CrossAttention if cross else SelfAttention
        self.attn = attention_class(config, layer=1)
        rope_init_fn: Callable = self.compute_default_rope_parameters
        if config.rope_type != "default":
            rope_init_fn = ROPE_INIT_FUNCTIONS[config.rope_type]
        inv_freq, self.attention_scaling = rope_init_fn(config)
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    @staticmethod
    def compute_default_rope_parameters(config, device=None, **kwargs):
        """Docstring, dropped."""
        dim = config.head_dim
        inv_freq = 1.0 / (config.theta ** (torch.arange(0, dim, 2, dtype=torch.float) / dim))
        return inv_freq.to(device), 1.0
''').body[0]
    methods = {m.name: m for m in cls.body if isinstance(m, ast.FunctionDef)}
    init = _portable(methods["__init__"], {"ROPE_INIT_FUNCTIONS", "Callable"}, methods)
    assert ast.unparse(init).splitlines()[1:] == [
        "    super().__init__()",
        "    if cross:",
        "        self.attn = CrossAttention(config, layer=1)",
        "    else:",
        "        self.attn = SelfAttention(config, layer=1)",
        "    config_1 = config",
        "    device = None",
        "    kwargs = {}",
        "    dim = config_1.head_dim",
        "    inv_freq_1 = 1.0 / config_1.theta ** (torch.arange(0, dim, 2, dtype=torch.float) / dim)",
        "    inv_freq, self.attention_scaling = (inv_freq_1.to(device), 1.0)",
        "    self.register_buffer('inv_freq', inv_freq, persistent=False)"]



SCANS_INDEXING_POWERS = '''
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.dense = nn.Linear(hidden, hidden)

    def forward(self, input_ids, hidden_states):
        keep = input_ids.ne(1).int()
        positions = torch.cumsum(keep, dim=1).type_as(keep) * keep
        pooled = torch.tanh(self.dense(hidden_states[:, 0])) * hidden_states.size(-1) ** -0.5
        return positions.long() + 1, torch.logcumsumexp(hidden_states, dim=-1), pooled


B = 4
S = 300
hidden = 16


def get_inputs():
    return [torch.randint(0, 4, (B, S)), torch.randn(B, S, hidden)]


def get_init_inputs():
    return [hidden]
'''


def test_scans_an_indexed_input_and_a_power_of_a_size_are_rewritten(cpu_verifier):
    """Three things harvested modules do that the rewriter refused (17 of a CPU build's first 420
    tasks): a scan kernel's source defines Inductor's combine function beside the kernel
    (`_triton_helper_fn_add0`, position ids by cumsum: "expected one kernel function, found 2") and
    carries a looped scan's total with `triton_helpers.select_one`; a pooler reads its first token
    (`hidden_states[:, 0]`, handed to the library product as reinterpret_tensor((B, H), (S*H, 1)));
    an attention scales by head_dim ** -0.5 (`libdevice.pow` of a size). The combines are emitted
    under short unique names, the view becomes basic indexing and the power a float32 helper, and the
    rewrite verifies past one loop iteration of the cumsum (S = 300)."""
    from autotriton.data.teachers.inductor.capture import capture
    from autotriton.tasks.contract import task_from_source

    task = task_from_source(SCANS_INDEXING_POWERS, task_id="probe/scans", suite="probe", level=2)
    rw = rewrite(capture(task, device="cpu"), task.source)
    assert rw.ok, rw.reason
    assert "_triton_helper_fn" not in rw.code and "triton_helpers" not in rw.code and "libdevice" not in rw.code
    assert "def add_combine(" in rw.code and "def scan_combine(" in rw.code
    assert "tl.associative_scan((" in rw.code and "select_one(" in rw.code
    assert "hidden_states[:, 0]" in rw.code and "def powf(" in rw.code
    assert not check_rules(rw.code)
    result = cpu_verifier.verify(task, rw.code)
    assert result.correct, result.error_msg


def test_a_parent_over_a_torch_layer_keeps_its_arguments_and_a_library_model_its_config():
    """A copied class over a torch.nn layer (`ScaledEmbedding(nn.Embedding)`) had its super() call
    bared to nn.Module's, so the rewrite had no weight; one over transformers' PreTrainedModel lost
    the `self.config` that base keeps, which heads read. 3 of 4 such probed tasks verify now."""
    from autotriton.data.teachers.inductor.model import model_info

    layer = '''
import torch
import torch.nn as nn


class ScaledEmbedding(nn.Embedding):
    def __init__(self, num_embeddings, embedding_dim, padding_idx, embed_scale=1.0):
        super().__init__(num_embeddings, embedding_dim, padding_idx)
        self.embed_scale = embed_scale

    def forward(self, input_ids):
        return super().forward(input_ids) * self.embed_scale


class Model(ScaledEmbedding):
    def __init__(self, num_embeddings, embedding_dim, padding_idx):
        super().__init__(num_embeddings, embedding_dim, padding_idx)
'''
    info = model_info(layer, {"weight"})
    assert info.base == "nn.Embedding" and not info.helpers_src
    assert "super().__init__(num_embeddings, embedding_dim, padding_idx)" in info.init_src
    head = '''
import torch
import torch.nn as nn
from transformers.modeling_utils import PreTrainedModel


class Head(PreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.classifier = nn.Linear(config.hidden_size, self.config.num_labels)

    def forward(self, x):
        return self.classifier(x)


class Model(Head):
    def __init__(self, config):
        super().__init__(config)
'''
    info = model_info(head, {"classifier"})
    assert info.base == "nn.Module"
    assert [line.strip() for line in info.init_src.splitlines()[1:3]] == ["super().__init__()", "self.config = config"]


def test_an_iterable_check_on_a_config_size_is_kept_as_a_list_or_tuple_check():
    """transformers' patch embeddings write `size if isinstance(size, Iterable) else (size, size)` with
    collections.abc's Iterable, which a solution does not import: the line was dropped and an int
    subscripted (9 of 551 judged harvested tasks failed to build, session 68). A class of the file's
    own named so is left alone."""
    import ast as _ast

    from autotriton.data.teachers.inductor.model import _portable

    import textwrap as _textwrap

    init = _ast.parse(_textwrap.dedent("""
    def __init__(self, config):
        super().__init__()
        size = config.image_size
        size = size if isinstance(size, Iterable) else (size, size)
        self.n = size[0] * size[1]
    """)).body[0]
    kept = _ast.unparse(_portable(init, {"Iterable"}))
    assert "isinstance(size, (list, tuple))" in kept and "self.n = size[0] * size[1]" in kept
    assert "isinstance(size, Iterable)" in _ast.unparse(_portable(init, set()))


def test_a_library_layer_whose_constructor_needs_only_torch_is_copied():
    """transformers' Conv1D (GPT-2's projections) was dropped from the copied __init__ as an import the
    solution lacks, and ModelNew held none of its parameters (25 of 2,535 harvested tasks use it;
    session 68). A layer whose __init__ needs only torch and nn is copied, __init__ only; one that
    needs more stays out."""
    import ast as _ast

    from autotriton.data.teachers.inductor.model import _init_helpers, _library_layers

    source = (
        "import torch\nfrom torch import nn\nfrom transformers.pytorch_utils import Conv1D\n"
        "from transformers.modeling_utils import PreTrainedModel\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self, n):\n        super().__init__()\n        self.proj = Conv1D(n, n)\n"
    )
    tree = _ast.parse(source)
    assert set(_library_layers(tree)) == {"Conv1D"}  # PreTrainedModel's __init__ needs far more
    init = next(n for n in _ast.walk(tree) if isinstance(n, _ast.FunctionDef))
    helpers = _init_helpers(tree, source, init)
    assert len(helpers) == 1 and helpers[0].startswith("class Conv1D(nn.Module):")
    assert "nn.Parameter(torch.empty(nx, nf))" in helpers[0] and "def forward" not in helpers[0]


def test_a_capture_past_its_time_limit_fails_with_the_reason(monkeypatch):
    """A harvested model held a capture worker in Inductor for over 50 minutes, and its batch with
    it (session 73): past CAPTURE_TIMEOUT_S the capture is a failure that says so. A limit of 1 ms:
    with Inductor's compile cache warm from an earlier run, a ReLU's capture ended inside 0.05 s and
    the test failed (a second clean-clone suite in one clone, session 81)."""
    from autotriton.data.teachers.inductor import capture as capture_module
    monkeypatch.setattr(capture_module, "CAPTURE_TIMEOUT_S", 0.001)
    relu = get_task("builtin/l1/relu")
    out = capture_module.capture_in_worker(relu.source, relu.id, relu.level, "cpu")
    assert not out["ok"] and "ran past 0.001 s" in out["reason"], out.get("reason")
    import signal
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # the alarm is off again


def test_parameter_locals_are_identifiers_for_a_sequential_model():
    """A Model that is itself an nn.Sequential names parameters '0.0.weight'; the build stopped on
    the local `0_0_weight` (session 78, a harvested level-3 module)."""
    from autotriton.data.teachers.inductor.translate import _attr_path, _local_name

    for param in ("0.0.weight", "net.0.weight", "weight", "1.bias"):
        assert _local_name(param).isidentifier(), param
    assert _attr_path("0.0.weight") == "self[0][0].weight"
