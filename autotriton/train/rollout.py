"""A plain copy of the policy, its LoRA merged, for sampling rollouts fast.

Generation was 71% of an RL step on the H100 (90% under FSDP2), and it is bound by overhead: a
decode step of the 135M model takes about 30 ms at 64 or 256 sequences. HF's static KV cache with
a compiled decode step made a plain model 10.7x faster (11,434 against 1,068 tok/s at 64
sequences on an H200), but the LoRA-wrapped policy only 2.2x: PEFT's wrapped linears break the
compiled graph. So rollouts come from a plain model of the same architecture whose weights are
the policy's with every LoRA delta folded in (W + scale * B @ A), the pattern of TRL's colocated
vLLM mode with HF's static cache as the engine.

`sync()` copies the current weights in place after each optimizer update: the copy's tensors keep
their storage, so a compiled decode graph and its static cache stay valid across syncs.

Why `cache_implementation="static"` in GRPOConfig changed nothing (17 s steps either way): TRL 1.16
builds its GenerationConfig with `disable_compile=True` (grpo_trainer.py, the transformers
generate path), and a static cache without the compiled decode step is no faster. Sampling from
this copy must pass a generation config with compile enabled.
The static cache's length is prompt + new tokens, and every new length compiles a new graph
(30-45 s); TRL pads each batch to its longest prompt, so prompts are left-padded further to a
multiple of PROMPT_BUCKET tokens (`pad_to_bucket`, models/hf.py) and the padding columns cut from the output again.
The GRPO trainer uses it with `rl.rollout_copy` (grpo.py); speed: benchmarks/rollout_speed.py.
"""

from __future__ import annotations

import copy

import torch

from autotriton.models.hf import PROMPT_BUCKET  # one bucket size for eval and rollouts; RL prompts
                                               # are 594-813 tokens, so buckets 768 and 1024



class MergedCopy:
    """A frozen, plain (non-PEFT) model holding `policy`'s weights with its active LoRA merged."""

    def __init__(self, policy, dtype: torch.dtype | None = None, device: torch.device | None = None):
        from transformers import AutoModelForCausalLM

        from autotriton.models.attention import use_packed_gqa
        base = policy.get_base_model() if hasattr(policy, "get_base_model") else policy
        # Looked up again at every sync, not paired once here: under FSDP2 the trainer builds this
        # copy before accelerate's fully_shard swaps every parameter for a sharded one, and pairs made
        # now would keep reading the starting weights.
        self._policy = base
        # A model keeps the config object it is built from: copy it, so switching the copy's
        # attention leaves the policy's alone.
        self.model = AutoModelForCausalLM.from_config(copy.deepcopy(base.config),
                                                      dtype=dtype or next(base.parameters()).dtype)
        use_packed_gqa(self.model)  # decode without repeating the KV cache per query head
        # The trainer's device, not the policy's: under FSDP the policy may still sit on the CPU here.
        self.model.to(device or next(base.parameters()).device).eval().requires_grad_(False)
        self.model.generation_config = base.generation_config
        self.sync()

    @torch.no_grad()
    def sync(self) -> None:
        """Copy the policy's current weights (LoRA deltas added) into the copy, in place.

        Under FSDP2 each policy weight is a shard (a DTensor) and is all-gathered here, one weight
        at a time: a collective, so every rank must sync at the same point, which it does, since
        every rank samples its own rollouts in every generate call."""
        from torch.distributed.tensor import DTensor
        for target, source, lora in _weight_pairs(self._policy, self.model):
            value = source if lora is None else source + _delta(lora).to(source.dtype)
            if isinstance(value, DTensor):
                value = value.full_tensor()
            target.copy_(value.to(target.dtype))

    def generate(self, **kwargs):
        return self.model.generate(**kwargs)


def _delta(lora) -> torch.Tensor:
    """The summed weight deltas of a PEFT LoRA layer's active adapters (merge arithmetic)."""
    names = lora.active_adapters if isinstance(lora.active_adapters, (list, tuple)) else [lora.active_adapters]
    return sum(lora.get_delta_weight(name) for name in names if name in lora.lora_A)


def _weight_pairs(base, plain) -> list[tuple[torch.Tensor, torch.Tensor, object | None]]:
    """(plain parameter, policy tensor, LoRA layer whose delta it gets or None) for every plain
    parameter. PEFT renames a wrapped linear's weight `<module>.base_layer.weight`."""
    from peft.tuners.lora import LoraLayer
    loras = {name: module for name, module in base.named_modules() if isinstance(module, LoraLayer)}
    sources = {name.replace(".base_layer.", "."): p for name, p in base.named_parameters() if "lora_" not in name}
    pairs = []
    for name, target in plain.named_parameters():
        if name not in sources:
            raise KeyError(f"the policy has no weight for {name!r}: not the same architecture")
        module, _, leaf = name.rpartition(".")
        pairs.append((target, sources[name], loras.get(module) if leaf == "weight" else None))
    return pairs


def pad_to_bucket(ids: torch.Tensor, mask: torch.Tensor, pad_id: int,
                  bucket: int = PROMPT_BUCKET) -> tuple[torch.Tensor, torch.Tensor, int]:
    """Left-pad (B, T) prompt ids and mask to the next multiple of `bucket` columns; returns them
    and the number of columns added."""
    extra = -ids.shape[1] % bucket
    if extra == 0:
        return ids, mask, 0
    pad = ids.new_full((ids.shape[0], extra), pad_id)
    return torch.cat([pad, ids], dim=1), torch.cat([mask.new_zeros((mask.shape[0], extra)), mask], dim=1), extra
