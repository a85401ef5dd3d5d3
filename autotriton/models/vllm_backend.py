"""`vllm:PATH`: the offline vLLM engine. GPU only, and only where vllm is installed
(it is not on our lent GPU machines); `load_backend` refuses cleanly elsewhere."""

from __future__ import annotations

from autotriton.models.base import Generation, Message, SamplingParams


class VLLMBackend:
    def __init__(self, path: str):
        from vllm import LLM
        self.name = f"vllm:{path}"
        self.llm = LLM(model=path)

    def generate(self, conversations: list[list[Message]], params: SamplingParams,
                 tasks=None) -> list[list[Generation]]:
        from vllm import SamplingParams as VSampling
        sampling = VSampling(n=params.n, temperature=params.temperature, top_p=params.top_p,
                             max_tokens=params.max_new_tokens, seed=params.seed)
        outputs = self.llm.chat(conversations, sampling)
        return [[Generation(c.text, len(o.prompt_token_ids), len(c.token_ids),
                            "length" if c.finish_reason == "length" else "stop") for c in o.outputs]
                for o in outputs]

    def close(self) -> None:
        pass
