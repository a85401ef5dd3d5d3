"""Model directories for the scale run (benchmarks/gpu_scale.sh), built locally, with no download.

    python benchmarks/scale_models.py random-1.5b --out DIR   # Qwen2-1.5B's shape, random weights
    python benchmarks/scale_models.py merged --out DIR        # embedded:triton, LoRA folded in

`random-1.5b`: Qwen2-1.5B's decoder (28 layers, hidden 1,536, MLP 8,960, 12 query and 2 KV heads,
biased QKV, tied embeddings) with SmolLM2's tokenizer, so the chat template and the training data
work as they are. Its vocabulary is therefore 49,152 rows, not Qwen2's 151,936: 1.39B parameters
instead of 1.54B. Random weights change nothing about speed or memory, which is all this model is
for: what one SFT and one GRPO step of a model this size cost under FSDP2, so that a user can
price a real 7-8B run.

`merged`: the shipped adapter merged into a full copy of the embedded model, for full-weight
GRPO under FSDP2 (FSDP shards whole weights; the RL stage trains every weight of a model given
without an adapter). It starts from a policy whose rollouts earn rewards, which a model trained
for 40 steps did not (docs/results/HISTORY.md, "Two H200s").
"""

from __future__ import annotations

import argparse
from pathlib import Path


def qwen2_1p5b_shape(tokenizer):
    """Qwen2-1.5B's decoder (its config.json's numbers) over `tokenizer`'s vocabulary."""
    from transformers import Qwen2Config
    return Qwen2Config(vocab_size=len(tokenizer), hidden_size=1536, intermediate_size=8960, num_hidden_layers=28,
                       num_attention_heads=12, num_key_value_heads=2, max_position_embeddings=32768,
                       rms_norm_eps=1e-6, rope_theta=1000000.0, tie_word_embeddings=True,
                       bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id,
                       pad_token_id=tokenizer.pad_token_id)


def write_random(out: Path) -> None:
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from autotriton.models.embedded import embedded_model_dir
    tokenizer = AutoTokenizer.from_pretrained(embedded_model_dir())
    torch.manual_seed(0)
    model = AutoModelForCausalLM.from_config(qwen2_1p5b_shape(tokenizer), dtype=torch.bfloat16)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    print(f"{out}: {model.config.model_type}, {sum(p.numel() for p in model.parameters()) / 1e9:.3f}B parameters")


def write_merged(out: Path) -> None:
    import torch
    from peft import PeftModel
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from autotriton.models.embedded import embedded_model_dir, shipped_adapter_dir
    base = embedded_model_dir()
    model = AutoModelForCausalLM.from_pretrained(base, dtype=torch.float32)
    model = PeftModel.from_pretrained(model, str(shipped_adapter_dir())).merge_and_unload()
    model.save_pretrained(out)
    AutoTokenizer.from_pretrained(base).save_pretrained(out)
    print(f"{out}: embedded base with {shipped_adapter_dir().name} merged")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("which", choices=["random-1.5b", "merged"])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if (args.out / "config.json").is_file():
        print(f"{args.out}: already there")
        return
    (write_random if args.which == "random-1.5b" else write_merged)(args.out)


if __name__ == "__main__":
    main()
