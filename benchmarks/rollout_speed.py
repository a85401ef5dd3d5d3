"""Rollout tokens/s: the LoRA-wrapped policy's own `generate` (what TRL's GRPO does) against the
merged plain copy (train/rollout.py) with HF's static KV cache, plus the cost of one sync.

usage: python benchmarks/rollout_speed.py [--model embedded|random|PATH] [--adapter DIR] [--sequences 64]
       [--prompt-tokens 384] [--new-tokens 512] [--device cuda|cpu] [--out docs/perf]
Writes <out>/rollout_speed_<device>_<sequences>_<dtype>_<copy dtype>.json. Random prompt tokens and no EOS stop (every sequence
runs the full length), so tokens/s compares like with like; the weights do not change the speed.
The static-cache row's first call compiles; it is reported apart and left out of the rate.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parents[1]


def timed_generate(model, ids, new_tokens: int, **kwargs) -> float:
    """Seconds for one batch of `new_tokens` tokens per sequence, synchronised."""
    if ids.is_cuda:
        torch.cuda.synchronize()
    start = time.perf_counter()
    model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), max_new_tokens=new_tokens,
                   min_new_tokens=new_tokens, do_sample=True, temperature=1.0, top_k=0, **kwargs)
    if ids.is_cuda:
        torch.cuda.synchronize()
    return time.perf_counter() - start


def greedy_logits(model, ids, new_tokens: int = 8) -> torch.Tensor:
    """(steps, B, vocab) float32 logits of a short greedy static-cache decode, not compiled: the
    same numbers whichever attention function runs, up to rounding."""
    out = model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), max_new_tokens=new_tokens,
                         min_new_tokens=new_tokens, do_sample=False, cache_implementation="static",
                         disable_compile=True, output_logits=True, return_dict_in_generate=True)
    return torch.stack(out.logits).float()


def smollm2_135m_shape():
    """SmolLM2-135M-Instruct's architecture (its config.json's numbers), built in code."""
    from transformers import LlamaConfig
    return LlamaConfig(vocab_size=49152, hidden_size=576, intermediate_size=1536, num_hidden_layers=30,
                       num_attention_heads=9, num_key_value_heads=3, max_position_embeddings=8192,
                       rms_norm_eps=1e-5, rope_theta=100000.0, tie_word_embeddings=True,
                       bos_token_id=1, eos_token_id=2, pad_token_id=2)


def random_lora(base):
    """The training run's LoRA (r=16 on every projection) with non-zero B, so the delta is real."""
    from peft import LoraConfig, get_peft_model
    policy = get_peft_model(base, LoraConfig(r=16, lora_alpha=32, target_modules="all-linear"))
    with torch.no_grad():
        for name, p in policy.named_parameters():
            if "lora_B" in name:
                p.normal_(0, 0.01)
    return policy


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="embedded",
                    help="embedded, random (SmolLM2-135M's shape with random weights and a random LoRA "
                         "r=16 on every projection: no weights needed), or a local HF model dir")
    ap.add_argument("--adapter", default=str(ROOT / "autotriton/models/adapters/smollm2-135m-triton"))
    ap.add_argument("--sequences", type=int, default=64)
    ap.add_argument("--prompt-tokens", type=int, default=384)
    ap.add_argument("--new-tokens", type=int, default=512)
    ap.add_argument("--dtype", default="bfloat16", choices=["bfloat16", "float32"],
                    help="the policy's dtype (GRPO trains adapters on a float32 base when the checkpoint is float32)")
    ap.add_argument("--copy-dtype", default=None, choices=["bfloat16", "float32"],
                    help="the merged copy's dtype (default: the policy's)")
    ap.add_argument("--skip-wrapped", action="store_true", help="time only the merged copy")
    ap.add_argument("--compare-attention", action="store_true",
                    help="also time the merged copy with transformers' own SDPA (the KV cache repeated per "
                         "query head) against the packed decode attention it uses (models/attention.py)")
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "perf")
    args = ap.parse_args()

    from peft import PeftModel
    from transformers import AutoModelForCausalLM

    from autotriton.train.rollout import MergedCopy
    dtype = getattr(torch, args.dtype) if args.device == "cuda" else torch.float32
    if args.model == "random":
        base = AutoModelForCausalLM.from_config(smollm2_135m_shape(), dtype=dtype).to(args.device)
        policy = random_lora(base)
    else:
        path = args.model
        if path == "embedded":
            from autotriton.models.embedded import embedded_model_dir
            path = str(embedded_model_dir())
        base = AutoModelForCausalLM.from_pretrained(path, dtype=dtype).to(args.device)
        policy = PeftModel.from_pretrained(base, args.adapter) if args.adapter else base
    ids = torch.randint(100, base.config.vocab_size - 100, (args.sequences, args.prompt_tokens), device=args.device)
    tokens = args.sequences * args.new_tokens

    wrapped_s = None if args.skip_wrapped else timed_generate(policy, ids, args.new_tokens)
    start = time.perf_counter()
    copy = MergedCopy(policy, dtype=getattr(torch, args.copy_dtype) if args.copy_dtype else None)
    build_s = time.perf_counter() - start
    start = time.perf_counter()
    copy.sync()
    if args.device == "cuda":
        torch.cuda.synchronize()
    sync_s = time.perf_counter() - start
    first_s = timed_generate(copy, ids, args.new_tokens, cache_implementation="static")  # compiles
    static_s = timed_generate(copy, ids, args.new_tokens, cache_implementation="static")
    repeat_s = repeat_first_s = logit_diff = None
    if args.compare_attention:
        packed_logits = greedy_logits(copy.model, ids[:8])
        torch._dynamo.reset()  # the attention function is baked into the compiled decode graph
        copy.model.set_attn_implementation("sdpa")
        logit_diff = (packed_logits - greedy_logits(copy.model, ids[:8])).abs().max().item()
        repeat_first_s = timed_generate(copy, ids, args.new_tokens, cache_implementation="static")
        repeat_s = timed_generate(copy, ids, args.new_tokens, cache_implementation="static")
    device = torch.cuda.get_device_name() if args.device == "cuda" else "CPU"
    import transformers
    record = {"device": device, "torch": torch.__version__, "transformers": transformers.__version__,
              "python": sys.version.split()[0], "date": time.strftime("%Y-%m-%d"), "command": " ".join(sys.argv),
              "sequences": args.sequences, "prompt_tokens": args.prompt_tokens, "new_tokens": args.new_tokens,
              "dtype": args.dtype, "copy_dtype": args.copy_dtype or args.dtype,
              "lora_wrapped_tok_s": round(tokens / wrapped_s, 1) if wrapped_s else None,
              "merged_static_tok_s": round(tokens / static_s, 1),
              "speedup": round(wrapped_s / static_s, 2) if wrapped_s else None, "merged_static_first_call_s": round(first_s, 1),
              "attention": copy.model.config._attn_implementation if not args.compare_attention else "sdpa_packed_gqa",
              "packed_vs_sdpa_max_logit_diff": logit_diff,
              "merged_static_repeat_kv_tok_s": round(tokens / repeat_s, 1) if repeat_s else None,
              "merged_static_repeat_kv_first_call_s": round(repeat_first_s, 1) if repeat_first_s else None,
              "copy_build_s": round(build_s, 2), "sync_s": round(sync_s, 3)}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"rollout_speed_{args.device}_{args.sequences}_{args.dtype}_{args.copy_dtype or args.dtype}.json").write_text(json.dumps(record, indent=1) + "\n")
    print(json.dumps(record, indent=1))


if __name__ == "__main__":
    main()
