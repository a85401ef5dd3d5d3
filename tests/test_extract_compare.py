"""Code extraction from messy model output, and the output comparison."""

from __future__ import annotations

import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from autotriton.verify.compare import compare_outputs, compare_tensor
from autotriton.verify.extract import extract_code

GOOD = "import torch\nclass ModelNew:\n    pass\n"


def test_picks_block_defining_modelnew():
    text = f"<think>maybe ```python\nclass ModelNew: broken(\n```</think>\nPlan...\n```python\nx = 1\n```\n" \
           f"Final:\n```python\n{GOOD}```\nHope this helps!"
    assert extract_code(text) == GOOD


def test_unclosed_fence_and_bare_code():
    assert extract_code(f"Here:\n```python\n{GOOD}") == GOOD
    assert extract_code(GOOD) == GOOD


def test_no_code():
    assert extract_code("I cannot help with that.") is None
    assert extract_code("<think>```python\n" + GOOD + "```") is None  # never left the reasoning


def test_broken_block_mentioning_modelnew_is_returned_for_syntax_feedback():
    assert "ModelNew(" in extract_code("```python\nclass ModelNew(:\n```")


def test_tolerance_is_rms_scaled():
    ref = torch.randn(1000, dtype=torch.float64) * 1000
    assert compare_tensor(ref.float(), ref, torch.float32, (1e-4, 1e-4), 0) is None
    assert compare_tensor(ref.half().float(), ref, torch.float32, (1e-4, 1e-4), 0) is not None  # fp16 rounding


def test_nan_shape_dtype_never_pass():
    ref = torch.randn(8, dtype=torch.float64)
    out = ref.float().clone()
    out[3] = float("nan")
    assert compare_tensor(out, ref, torch.float32, (1.0, 1.0), 0).reason == "nonfinite"
    assert compare_tensor(ref.float()[:4], ref, torch.float32, (1, 1), 0).reason == "shape"
    assert compare_tensor(ref.double(), ref, torch.float32, (1, 1), 0).reason == "dtype"
    assert compare_outputs([ref.float(), ref.float()], [ref], [torch.float32], lambda d: (1, 1)).reason == "count"


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 500), st.floats(1e-3, 1e3))
def test_fp32_rounding_of_reference_always_passes(n, scale):
    ref = torch.randn(n, dtype=torch.float64) * scale
    assert compare_tensor(ref.float(), ref, torch.float32, (1e-4, 1e-4), 0) is None


def test_abs_floor_widens_only_outside_mixed_trials():
    """judge._tf32_bounds' floor: an element off by less than it passes; never in a
    mixed-magnitude trial, where it would hide the tiny slices."""
    ref = torch.ones(4, 8, dtype=torch.float64)
    out = torch.ones(4, 8)
    out[1, 3] = 1.05  # past atol 1e-2 * rms + rtol 1e-2
    assert compare_tensor(out, ref, torch.float32, (1e-2, 1e-2), 0) is not None
    assert compare_tensor(out, ref, torch.float32, (1e-2, 1e-2), 0, abs_floor=0.1) is None
    scales = [1.0, 2.0 ** -24, 1.0, 1.0]
    tiny_ref = ref * torch.tensor(scales, dtype=torch.float64).reshape(-1, 1)
    tiny_out = tiny_ref.float()
    tiny_out[1] = 0.0  # fp16 flushed the tiny slice
    assert compare_tensor(tiny_out, tiny_ref, torch.float32, (1e-2, 1e-2), 0, row_scales=scales,
                          abs_floor=0.1) is not None


def _softmax_rows(logits: torch.Tensor) -> torch.Tensor:
    return torch.softmax(logits.double(), dim=-1)


def test_small_elements_keep_their_leading_bit_where_float32_keeps_them():
    """The tail check: a softmax writing 0 under 5e-5 of the rms passed the rms-scaled atol alone
    (outside red team, fifth pass); an honest float32 softmax passes, and an element whose float32
    noise is about its own size (a cancellation) is left to the atol."""
    ref = _softmax_rows(torch.randn(8, 300, generator=torch.Generator().manual_seed(0)) * 4)
    honest = ref.float()
    gap = (honest.double() - ref).abs().float()  # the float32 reference's own noise
    tol = (1e-4, 1e-4)
    assert compare_tensor(honest, ref, torch.float32, tol, 0, tail_gap=gap) is None
    flushed = torch.where(ref < 5e-5 * ref.pow(2).mean().sqrt(), 0.0, ref).float()
    assert compare_tensor(flushed, ref, torch.float32, tol, 0) is None  # the atol alone
    bad = compare_tensor(flushed, ref, torch.float32, tol, 0, tail_gap=gap)
    assert bad is not None and "small elements" in bad.detail
    noisy = gap.clone()
    noisy[ref < 5e-5 * ref.pow(2).mean().sqrt()] = 1.0  # float32 itself cannot keep them
    assert compare_tensor(flushed, ref, torch.float32, tol, 0, tail_gap=noisy) is None


def test_the_tail_check_leaves_elements_under_its_floor_to_the_atol():
    """Under atol/16 (and under 2^-100) an element may be 0: an honest GELU's 1 + erf cancels
    to 0 about 25x below it on randn inputs."""
    ref = torch.tensor([1.0, -1.0, 1e-6, 1e-30], dtype=torch.float64)
    out = torch.tensor([1.0, -1.0, 0.0, 0.0])
    gap = torch.zeros(4)
    assert compare_tensor(out, ref, torch.float32, (1e-4, 1e-4), 0, tail_gap=gap) is None  # atol/16 = 4.4e-6
    ref[2] = 1e-5
    assert compare_tensor(out, ref, torch.float32, (1e-4, 1e-4), 0, tail_gap=gap) is not None


def test_exact_zeros_stay_zeros_where_float32_keeps_them_exact():
    """A softmax leaking 2e-6 of the rms onto -inf logits passed the atol (twenty-sixth outside
    pass); where a float32 run of the reference is not exactly 0 there, the atol alone judges."""
    ref = _softmax_rows(torch.randn(4, 64, generator=torch.Generator().manual_seed(2)))
    ref[:, 40:] = 0.0
    leak = ref.float()
    leak[:, 40:] = 2e-6 * ref.pow(2).mean().sqrt().item()
    gap = torch.zeros(ref.shape)
    tol = (1e-4, 1e-4)
    assert compare_tensor(leak, ref, torch.float32, tol, 0) is None  # the atol alone
    assert compare_tensor(leak, ref, torch.float32, tol, 0, tail_gap=gap) is not None
    assert compare_tensor(ref.float(), ref, torch.float32, tol, 0, tail_gap=gap) is None
    gap[:, 40:] = 1e-9  # a float32 run was not exactly 0 there
    assert compare_tensor(leak, ref, torch.float32, tol, 0, tail_gap=gap) is None


def test_fingerprint_sees_one_changed_element():
    from autotriton.verify.compare import fingerprint
    x = torch.randn(1000)
    before = fingerprint(x)
    assert fingerprint(x.clone()) == before
    x[517] = torch.nextafter(x[517], torch.tensor(10.0))
    assert fingerprint(x) != before


def test_fingerprint_weights_grow_and_keep_what_they_gave():
    """Weights are drawn as far as the tensors need (all CHUNK of them at once cost every judge
    0.18 s); a tensor fingerprinted before a larger one grew them keeps its value."""
    from autotriton.verify.compare import fingerprint
    small = torch.randn(100)
    before = fingerprint(small)
    fingerprint(torch.randn(300_000))
    assert fingerprint(small) == before
    assert fingerprint(torch.cat([small, torch.zeros(5000)])) == before  # zeros add nothing


def test_fingerprint_sees_elements_swapped_a_chunk_apart():
    """The weights repeat every CHUNK elements; each chunk's own factor keeps a swap of
    two elements CHUNK apart from leaving the fingerprint unchanged (red-team finding)."""
    from autotriton.verify.compare import CHUNK, fingerprint
    x = torch.zeros(2 * CHUNK, dtype=torch.uint8)
    x[5] = 7
    before = fingerprint(x)
    x[5], x[CHUNK + 5] = 0, 7
    assert fingerprint(x) != before


def test_a_byte_order_mark_before_the_code_is_not_part_of_it():
    """Files saved with a UTF-8 BOM run under Python; an honest answer saved so was a syntax error."""
    code = "import torch\n\nclass ModelNew(torch.nn.Module):\n    pass\n"
    assert extract_code("\ufeff" + code) == code


def test_a_self_test_block_and_a_copy_of_the_reference_are_cut_and_lines_kept():
    """Model output often ends with `if __name__ == "__main__":` or repeats the task's Model and
    get_inputs; their torch calls made honest answers rule violations (red team, 2026-11-29).
    They are blanked, so the judge runs what it checked; a deep expression is no traceback."""
    body = ("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return torch.relu(x)\n"
            "class ModelNew(torch.nn.Module):\n    pass\n"
            "def get_inputs():\n    return [torch.randn(2)]\n"
            "if __name__ == '__main__':\n    print(torch.relu(torch.randn(3)))\n")
    code = extract_code(f"```python\n{body}```")
    assert code.split("\n")[4:6] == ["class ModelNew(torch.nn.Module):", "    pass"]
    assert "relu" not in code and "randn" not in code  # a guard with an else is kept: the next test
    assert len(code.split("\n")) == len(body.split("\n"))
    assert extract_code(body.replace("'__main__'", "'other'")).count("__name__") == 1  # another test stays
    deep = "class ModelNew:\n    pass\nX = 1024 + (" + "+".join(["0"] * 20000) + ")\n"
    assert extract_code(deep) == deep


def test_a_bare_module_whose_docstring_shows_a_fenced_example_is_judged_whole():
    """A .py file with a ```python usage example in its docstring was judged as the two-line example
    (outside red team, tenth pass, 2026-11-29); a fenced block that defines ModelNew still wins."""
    from autotriton.verify.extract import extract_code

    module = ('"""A ReLU.\n\n```python\nmodel = ModelNew()\ny = model(x)\n```\n"""\n'
              "import torch.nn as nn\n\n\nclass ModelNew(nn.Module):\n    def forward(self, x):\n        return x\n")
    assert extract_code(module) == module
    answer = "Here it is:\n```python\nclass ModelNew:\n    pass\n```\nand `ModelNew()` runs it."
    assert extract_code(answer).strip() == "class ModelNew:\n    pass"


def test_matched_infinities_pass_and_any_other_value_there_fails():
    """A log-softmax of masked rows is -inf at the masked logits (the judge lets a reference hold
    infinities only where judge._infinities_judged allows): the candidate must hold the same -inf
    there, and the rest is judged on the finite elements' rms."""
    ref = torch.log_softmax(torch.tensor([[0.5, -1.0, float("-inf")], [float("-inf"), 2.0, 1.0]],
                                         dtype=torch.float64), -1)
    out = ref.float()
    assert compare_tensor(out, ref, torch.float32, (1e-5, 1e-5), 0) is None
    for there in (float("nan"), -1e30, float("inf")):
        wrong = out.clone()
        wrong[1, 0] = there
        bad = compare_tensor(wrong, ref, torch.float32, (1e-5, 1e-5), 0)
        assert bad is not None and bad.reason == "nonfinite" and "where the reference is -inf" in bad.detail
    off = out.clone()
    off[0, 0] += 0.01  # 0.6% of the finite rms: outside an atol of 1e-3 of it
    assert compare_tensor(off, ref, torch.float32, (1e-3, 0.0), 0) is not None
    stray = out.clone()
    stray[0, 1] = float("-inf")  # an infinity where the reference is finite
    assert compare_tensor(stray, ref, torch.float32, (1e-5, 1e-5), 0).reason == "nonfinite"
    # infinite throughout (a running minimum buffer after -inf inputs): matched, or not
    lowest = torch.tensor(float("-inf"), dtype=torch.float64)
    assert compare_tensor(lowest.float(), lowest, torch.float32, (1e-5, 1e-5), 0) is None
    assert compare_tensor(torch.tensor(-3.0), lowest, torch.float32, (1e-5, 1e-5), 0).reason == "nonfinite"


def test_a_module_is_judged_whole_even_where_its_docstring_fences_another_modelnew():
    """A .py file whose docstring held a fenced honest ModelNew over torch code in the file itself
    was judged as the docstring's answer, and an honest file with a fenced ModelNew example in its
    docstring as the example (outside pass on verifier 66): a text that parses as a module is what
    Python runs. Prose around a fenced answer does not parse, so model output keeps its block."""
    fenced = "```python\nimport triton\n\nclass ModelNew:\n    kernel = 'triton'\n```"
    module = f'"""An honest-looking answer:\n\n{fenced}\n"""\nimport torch\n\n\nclass ModelNew:\n    pass\n'
    assert extract_code(module) == module
    assert extract_code(f"The plan.\n{fenced}\nDone.").startswith("import triton")


def test_think_tags_and_a_main_guards_else_in_a_module_are_code():
    """A `# <think>` comment (or "<think>" and "</think>" strings) cut a second ModelNew out of what
    was judged, and a main guard's else, which an import runs, was cut with the guard (outside pass
    on verifier 67): a module is judged whole, and a guard with an else is kept."""
    honest = "import torch\n\n\nclass ModelNew:\n    pass\n"
    module = honest + "# <think>\nclass ModelNew:\n    x = 1\n"
    assert extract_code(module) == module
    strings = honest + '_T = "<think>"\nclass ModelNew:\n    x = 1\n_U = "</think>"\n'
    assert extract_code(strings) == strings
    guarded = honest + 'if __name__ == "__main__":\n    pass\nelse:\n    y = 1\n'
    assert extract_code(guarded) == guarded
    plain_guard = honest + 'if __name__ == "__main__":\n    pass\n'
    assert extract_code(plain_guard) == honest + "\n\n"
    assert extract_code("<think>draft</think>\n```python\n" + honest + "```") == honest  # model output as before
