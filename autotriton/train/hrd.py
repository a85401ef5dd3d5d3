"""TritonRL's hierarchical reward decomposition (HRD) as token-level GRPO advantages.

A completion is a plan (the reasoning before the code) and code (the fenced
block onward). Correctness is the code's doing; speed is mostly the plan's
(tiling, fusion). So the objective is alpha * J_plan + J_code, where J_code
uses the group-normalised correctness reward and J_plan the group-normalised
speedup reward. Each token gets the advantage of the part it belongs to:

    A[i, t] = alpha * A_plan[i]   if token t of completion i is in the plan
    A[i, t] = A_code[i]           if it is in the code

Tokens split at the first "```" of the decoded completion: a token whose text
reaches into the fence belongs to the code. A completion with no fence is all plan.
"""

from __future__ import annotations

import torch

FENCE = "```"


def group_advantages(rewards: torch.Tensor, group_size: int) -> torch.Tensor:
    """(r - group mean) / (group std + 1e-4), TRL's default GRPO scaling; NaN rewards count as 0.

    rewards: (B,) with each group's completions contiguous. Returns (B,)."""
    r = torch.nan_to_num(rewards.float(), nan=0.0).view(-1, group_size)  # (B/G, G)
    mean = r.mean(dim=1, keepdim=True)
    std = r.std(dim=1, keepdim=True) if group_size > 1 else torch.zeros_like(mean)
    return ((r - mean) / (std + 1e-4)).view(-1)


def code_start(token_texts: list[str]) -> int:
    """Index of the first token of the code part (len(token_texts) when there is none)."""
    text = ""
    for i, piece in enumerate(token_texts):
        before = len(text)
        text += piece
        at = text.find(FENCE)
        if at != -1:
            # The fence may start inside an earlier token ("\n``" + "`python"): walk back to it.
            while i > 0 and at < before:
                i -= 1
                before -= len(token_texts[i])
            return i
    return len(token_texts)


def code_mask(completion_ids: torch.Tensor, completion_mask: torch.Tensor, tokenizer) -> torch.Tensor:
    """(B, T) bool: True on code tokens. Padding is False (it carries no loss anyway)."""
    mask = torch.zeros_like(completion_mask, dtype=torch.bool)
    for i, (row, valid) in enumerate(zip(completion_ids.tolist(), completion_mask.tolist())):
        n = int(sum(valid))
        pieces = tokenizer.batch_decode([[tok] for tok in row[:n]])
        mask[i, code_start(pieces):n] = True
    return mask


def token_advantages(a_code: torch.Tensor, a_plan: torch.Tensor, is_code: torch.Tensor, alpha: float) -> torch.Tensor:
    """(B, T) advantages: alpha * A_plan on plan tokens, A_code on code tokens.

    a_code, a_plan: (B,) group-normalised advantages (group_advantages of the
    correctness and speedup rewards); is_code: (B, T) bool."""
    a_code, a_plan = a_code.to(is_code.device), a_plan.to(is_code.device)
    return torch.where(is_code, a_code[:, None], alpha * a_plan[:, None])
