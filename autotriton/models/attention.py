"""Decode-step attention for grouped-query models without copying the KV cache.

Why: transformers' SDPA path repeats every key/value head for its query heads (`repeat_kv`) unless
there is no attention mask. Decoding a padded batch always has a mask, and under `torch.compile`
(the static-cache decode step that rollouts and evaluation use) that repeat is a real copy of the
whole cache, every layer, every step. For SmolLM2-135M (9 query heads on 3 KV heads, 30 layers) at
256 sequences and a 3,328-position static cache that is about 2 GB written and read per layer per
step, about 60 GB per token: the 45-67 ms decode steps measured in run 8 (docs/PERFORMANCE.md),
against about 18 ms at 64 sequences.

How: for a single query token, the query heads that share a KV head are laid out as that head's
query *positions*: (B, H, 1, D) -> (B, H_kv, H/H_kv, D). One SDPA call over the un-repeated cache
then computes the same softmax(q k^T) v per head, and a padding mask of shape (B, 1, 1, S)
broadcasts over the extra positions. Prefill, and any call this does not cover, goes to
transformers' own SDPA function unchanged.

`use_packed_gqa(model)` switches a loaded model to it; models without grouped KV heads are left
alone. Attention functions are looked up by name from transformers' AttentionInterface (its
documented extension point), and the mask builder by the same name, so both are registered.
"""

from __future__ import annotations

import torch

NAME = "sdpa_packed_gqa"


def packed_gqa_sdpa(module, query, key, value, attention_mask, dropout: float = 0.0,
                    scaling: float | None = None, is_causal: bool | None = None, **kwargs):
    """transformers' attention-function contract: (B, H, Q, D) query, (B, H_kv, S, D) key and
    value; returns ((B, Q, H, D) output, None)."""
    from transformers.integrations.sdpa_attention import sdpa_attention_forward

    groups = getattr(module, "num_key_value_groups", 1)
    if not _packable(query, groups, attention_mask, dropout, kwargs):
        return sdpa_attention_forward(module, query, key, value, attention_mask, dropout=dropout,
                                      scaling=scaling, is_causal=is_causal, **kwargs)
    batch, heads, _, dim = query.shape
    packed = query.reshape(batch, heads // groups, groups, dim)  # head h -> KV head h // groups
    out = torch.nn.functional.scaled_dot_product_attention(packed, key, value, attn_mask=attention_mask,
                                                           scale=scaling)
    return out.reshape(batch, 1, heads, dim), None  # (B, H_kv, groups, D) is (B, H, D) in head order


def _packable(query, groups: int, mask, dropout: float, kwargs) -> bool:
    """One query token, grouped heads, a mask shared by all heads (or none), nothing extra."""
    if query.shape[2] != 1 or groups == 1 or dropout or kwargs.get("position_bias") is not None:
        return False
    if kwargs.get("sinks") is not None or kwargs.get("softcap") is not None:
        return False
    return mask is None or (mask.dim() == 4 and mask.shape[1] == 1 and mask.shape[2] == 1)


def use_packed_gqa(model) -> bool:
    """Decode `model` with `packed_gqa_sdpa`; True if switched. Only SDPA models with fewer KV
    heads than query heads change: the function is exact there and a no-op elsewhere."""
    config = model.config
    kv_heads = getattr(config, "num_key_value_heads", None)
    if getattr(config, "_attn_implementation", None) != "sdpa" or not kv_heads \
            or kv_heads == config.num_attention_heads:
        return False
    from transformers import AttentionInterface
    from transformers.masking_utils import ALL_MASK_ATTENTION_FUNCTIONS, AttentionMaskInterface
    AttentionInterface.register(NAME, packed_gqa_sdpa)
    AttentionMaskInterface.register(NAME, ALL_MASK_ATTENTION_FUNCTIONS["sdpa"])
    model.set_attn_implementation(NAME)
    return True
