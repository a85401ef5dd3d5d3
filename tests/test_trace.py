"""The op listing (tasks/trace.py) and the prompt format that carries it (models/prompts.py)."""

from __future__ import annotations

import json
import re

import pytest

from autotriton.models.prompts import (PROMPT_FILE, TRACE_INTRO, initial_messages, instruction, prompt_trace_of,
                                     read_prompt_format, write_prompt_format)
from autotriton.tasks.trace import MAX_LINES, trace_source

TAIL = """
def get_inputs():
    return [torch.randn(8, 16, 32)]


def get_init_inputs():
    return []
"""

LAYER = """import torch
import torch.nn as nn


class Model(nn.Module):
    \"\"\"LeakyReLU as a layer.\"\"\"

    def __init__(self):
        super().__init__()
        self.act = nn.LeakyReLU(0.1)

    def forward(self, x):
        return self.act(x)
""" + TAIL

FUNCTIONAL = """import torch
from torch import nn
from torch.nn import functional as fn


class Model(nn.Module):
    def forward(self, features):
        out = fn.leaky_relu(features, negative_slope=0.1)
        return out
""" + TAIL


def _ops(source: str) -> tuple[str, ...]:
    traced = trace_source(source)
    assert traced is not None
    return traced.ops


def test_spellings_of_one_op_list_alike():
    assert _ops(LAYER) == _ops(FUNCTIONAL) == ("t1 = leaky_relu(in0 f32[8,16,32], negative_slope=0.1)",)


def test_header_names_the_forward_arguments():
    assert trace_source(FUNCTIONAL).header == ("in0 = features: f32[8,16,32]",)
    assert trace_source(FUNCTIONAL).returned == "t1 f32[8,16,32]"


@pytest.mark.parametrize("dim", ["-1", "2"])
def test_negative_dims_read_from_the_front(dim):
    source = f"""import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.softmax(x, dim={dim}).sum({dim}, keepdim=True)
""" + TAIL
    assert _ops(source) == ("t1 = _softmax(in0 f32[8,16,32], dim=2, half_to_float=False)",
                            "t2 = sum(t1 f32[8,16,32], dim=[2], keepdim=True)")


def test_parameters_are_named_by_their_attribute():
    source = """import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(32, 4)

    def forward(self, x):
        return self.proj(x)
""" + TAIL
    listing = "\n".join(_ops(source))
    assert "self.proj.weight f32[4,32]" in listing and "self.proj.bias f32[4]" in listing


def _with_constructor(forward: str, init: str = "self.slope = slope") -> str:
    return f"""import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, slope: float = 0.1):
        super().__init__()
        {init}

    def forward(self, x):
        {forward}


def get_inputs():
    return [torch.randn(8, 16)]


def get_init_inputs():
    return [0.25]
"""


def test_a_value_the_constructor_sets_lists_by_a_name_the_header_binds():
    """The listing shows 0.25 as s0, bound in the header to `self.slope` (a layer's to
    `self.act.negative_slope`): a kernel that bakes the value in fails once the module is built with
    another (run 18's answers did), and one that reads `self.slope` in the kernel breaks the rules
    (run 20's did), so the value gets a name of the listing's own, as the inputs do."""
    trace = trace_source(_with_constructor("return F.leaky_relu(x, self.slope)"))
    assert trace.header[-1] == "s0 = self.slope: float"
    assert trace.ops == ("t1 = leaky_relu(in0 f32[8,16], negative_slope=s0)",)
    assert trace.scalars == ((0, "negative_slope", "self.slope", "s0"),)
    layer = trace_source(_with_constructor("return self.act(x)", "self.act = nn.LeakyReLU(slope)"))
    assert layer.header[-1] == "s0 = self.act.negative_slope: float"
    assert layer.ops == ("t1 = leaky_relu(in0 f32[8,16], negative_slope=s0)",)


def test_an_op_of_a_tensor_list_beside_a_constructor_float_lists():
    """cat's operand is a list of tensors, whose == raises; the listing must not."""
    trace = trace_source(_with_constructor("return torch.cat([x, x], dim=1) * self.slope"))
    assert trace.ops[-1] == "t2 = mul(t1 f32[8,32], other=s0)" and trace.scalars == ((1, "other", "self.slope", "s0"),)


def test_a_key_that_ends_another_is_not_rewritten_inside_it():
    """elu lists `scale=` and `input_scale=`: only the one the constructor sets is named."""
    trace = trace_source(_with_constructor("return torch.ops.aten.elu(x, 1.0, self.slope, 0.255)"))
    assert trace.ops == ("t1 = elu(in0 f32[8,16], alpha=1, scale=s0, input_scale=0.255)",), trace.ops


def test_a_value_computed_from_a_constructor_float_lists_with_its_expression():
    """`1 - self.alpha` (a focal loss's class weight) and `-self.T` (an energy score) are no
    attribute, yet a kernel must take them at run time as the judge varies the floats: the header
    binds the name to the expression forward passes, checked at the built and the moved value."""
    trace = trace_source(_with_constructor("return (1 - self.slope) * x - self.slope * x.exp()"))
    assert "s0 = 1.0 - self.slope: float" in trace.header and "s1 = self.slope: float" in trace.header
    assert trace.ops[0] == "t1 = mul(in0 f32[8,16], other=s0)", trace.ops
    negated = trace_source(_with_constructor("return F.leaky_relu(x, -self.slope)"))
    assert negated.ops == ("t1 = leaky_relu(in0 f32[8,16], negative_slope=s0)",)
    assert negated.scalars == ((0, "negative_slope", "-self.slope", "s0"),)


def test_a_float_attribute_computed_from_an_int_argument_lists_by_name():
    """`self.scale = head_dim ** -0.5`: the judge changes head_dim where it is a size of the file,
    so the listing names the scale (found by building with head_dim doubled); an int the inputs
    fix (a layer's width) teaches nothing and changes nothing."""
    source = _with_constructor("return x * self.scale", "self.scale = head_dim ** -0.5") \
        .replace("slope: float = 0.1", "head_dim: int = 64").replace("return [0.25]", "return [64]")
    trace = trace_source(source)
    assert trace.header[-1] == "s0 = self.scale: float" and trace.ops == ("t1 = mul(in0 f32[8,16], other=s0)",)


def test_arithmetic_on_a_constructor_float_outside_the_known_forms_keeps_the_values():
    """slope ** 3 is none of trace.DERIVED: the listing shows the value, and says it found no mapping."""
    trace = trace_source(_with_constructor("return F.leaky_relu(x, self.slope ** 3)"))
    assert trace.ops == ("t1 = leaky_relu(in0 f32[8,16], negative_slope=0.015625)",) and trace.scalars is None


def test_data_dependent_forward_gets_no_listing():
    source = """import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return x * float(x.max().item())
""" + TAIL
    assert trace_source(source) is None
    assert TRACE_INTRO not in instruction(source, trace=True)  # no listing rather than a wrong one


def _tanh_chain(n: int) -> str:
    return f"""import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        for _ in range({n}):
            x = torch.tanh(x)
        return x
""" + TAIL


def test_long_forward_is_cut_and_says_so():
    traced = trace_source(_tanh_chain(100))
    assert len(traced.ops) == MAX_LINES and traced.n_ops == 100
    assert f"... {100 - MAX_LINES} more ops" in traced.render()


def test_a_forward_past_the_op_cap_is_stopped_with_no_return():
    traced = trace_source(_tanh_chain(10_000))
    assert traced.returned is None and "return" not in traced.render()


def test_without_trace_the_prompt_is_as_before():
    # Every model trained before the listing saw exactly this prompt; it must not move.
    text = instruction(LAYER)
    assert text == instruction(LAYER, trace=False)
    assert TRACE_INTRO not in text and "```python\n" + LAYER.rstrip() + "\n```\n\nExtra Domain Knowledge:" in text


def test_with_trace_the_listing_follows_the_source():
    text = initial_messages(LAYER, trace=True)[1]["content"]
    assert re.search(r"```\n\n" + re.escape(TRACE_INTRO) + r"\n\n```text\nin0 = x: f32\[8,16,32\]\n"
                     r"t1 = leaky_relu\(in0 f32\[8,16,32\], negative_slope=0.1\)\nreturn t1 f32\[8,16,32\]\n```\n\n"
                     r"Extra Domain Knowledge:", text)


def test_prompt_format_record_round_trip(tmp_path):
    assert read_prompt_format(tmp_path) is False  # nothing recorded: the format before the listing
    write_prompt_format(tmp_path, True)
    assert json.loads((tmp_path / PROMPT_FILE).read_text()) == {"trace": True}
    assert read_prompt_format(tmp_path) is True
    (tmp_path / PROMPT_FILE).write_text("[1]")
    with pytest.raises(ValueError, match="not a prompt-format record"):
        read_prompt_format(tmp_path)


def test_a_model_spec_reads_its_adapter_record(tmp_path):
    adapter = tmp_path / "final"
    write_prompt_format(adapter, True)
    assert prompt_trace_of(f"hf:{tmp_path}/base+adapter:{adapter}") is True
    assert prompt_trace_of(f"hf:{adapter}") is True  # a full model saved with its record
    assert prompt_trace_of(f"hf:{tmp_path}/base") is False
    assert prompt_trace_of("embedded") is False and prompt_trace_of("reference") is False


def test_a_constructor_value_at_the_ops_default_is_listed_by_name():
    """`nn.HuberLoss(delta=delta)` built with 1.0 reaches aten with no delta (a default is left
    out): the listing adds it back as s0, or an answer bakes 1.0 in and fails at any other delta."""
    source = _with_constructor("return self.loss(x, x.flip(0))", "self.loss = nn.HuberLoss(delta=slope)")
    trace = trace_source(source.replace("return [0.25]", "return [1.0]"))
    assert trace.header[-1] == "s0 = self.loss.delta: float"
    assert trace.ops[-1].endswith("reduction=1, delta=s0)"), trace.ops
    assert trace.scalars == ((len(trace.steps) - 1, "delta", "self.loss.delta", "s0"),)
