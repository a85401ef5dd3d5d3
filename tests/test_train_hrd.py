"""TritonRL's hierarchical reward split: correctness advantages on code tokens, alpha * speedup on plan tokens."""

import pytest
import torch

from autotriton.train import hrd


def test_group_advantages_normalise_within_each_group():
    a = hrd.group_advantages(torch.tensor([1.0, 0.0, 1.0, 1.0]), group_size=2)
    assert a[0] > 0 > a[1] and a[0].item() == pytest.approx(-a[1].item(), rel=1e-6)
    assert torch.equal(a[2:], torch.zeros(2))  # identical rewards: no signal
    assert torch.equal(hrd.group_advantages(torch.tensor([float("nan"), 0.0]), 2), torch.zeros(2))  # None -> 0


@pytest.mark.parametrize("pieces, start", [
    (["I tile", " rows.", "\n```", "python\n", "import", "```"], 2),
    (["plan", "\n``", "`python", "\ncode"], 1),        # the fence starts inside an earlier token
    (["plan", "\n`", "`", "`python", "\ncode"], 1),     # ... spread over three tokens
    (["```python\n", "x = 1"], 0),                       # no plan at all
    (["only", " words"], 2),                             # no code block: all plan
])
def test_code_start_finds_the_fence(pieces, start):
    assert hrd.code_start(pieces) == start


def test_token_advantages_split_plan_and_code():
    code_r = torch.tensor([1.0, 0.0])   # completion 0 correct, 1 not
    plan_r = torch.tensor([0.2, 0.8])   # completion 1 was the faster plan
    a_code, a_plan = hrd.group_advantages(code_r, 2), hrd.group_advantages(plan_r, 2)
    is_code = torch.tensor([[False, False, True, True], [False, True, True, False]])
    adv = hrd.token_advantages(a_code, a_plan, is_code, alpha=0.1)
    assert adv.shape == (2, 4)
    for i in range(2):
        for t in range(4):
            want = a_code[i] if is_code[i, t] else 0.1 * a_plan[i]
            assert adv[i, t] == pytest.approx(want.item())
    assert adv[0, 2] > 0 > adv[0, 0]  # correct code rewarded, slow plan penalised, in one completion


class _CharTokenizer:
    """One token per character: decode is the identity on ids = ord(c)."""

    def batch_decode(self, rows):
        return ["".join(chr(t) for t in row) for row in rows]


def test_code_mask_marks_code_tokens_and_leaves_padding_out():
    text = "tile it\n```python\nx=1\n```"
    ids = torch.tensor([[ord(c) for c in text] + [0, 0]])
    mask = torch.tensor([[1] * len(text) + [0, 0]])
    is_code = hrd.code_mask(ids, mask, _CharTokenizer())
    assert is_code[0].tolist() == [False] * 8 + [True] * (len(text) - 8) + [False, False]
