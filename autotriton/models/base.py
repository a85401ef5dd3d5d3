"""What every model backend provides: batched chat sampling with token counts.

Backends are chosen by a spec string in `autotriton.models.load_backend`:
`embedded`, `hf:PATH[+adapter:DIR]`, `openai:MODEL@BASE_URL`, `vllm:PATH`,
`reference`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from autotriton.tasks import Task

Message = dict  # {"role": "system" | "user" | "assistant", "content": str}


class BackendError(RuntimeError):
    """A backend cannot serve (bad spec, unreachable server, bad key, missing package): user-facing."""


@dataclass
class SamplingParams:
    n: int = field(default=1, metadata={"help": "samples per conversation"})
    temperature: float = field(default=0.7, metadata={"help": "0 = greedy"})
    top_p: float = field(default=0.95, metadata={"help": "nucleus sampling mass"})
    max_new_tokens: int = field(default=2048, metadata={"help": "completion length cap"})
    seed: int | None = field(default=0, metadata={"help": "sampling seed (None = nondeterministic)"})


@dataclass
class Generation:
    text: str
    prompt_tokens: int
    completion_tokens: int
    finish_reason: str = "stop"  # "stop", "length" or "error"


class Backend(Protocol):
    name: str

    def generate(self, conversations: list[list[Message]], params: SamplingParams,
                 tasks: list["Task"] | None = None) -> list[list[Generation]]:
        """`params.n` generations for each conversation, in order.

        `tasks` (same length as `conversations`) is passed by callers that have
        them; only the `reference` backend needs it."""
        ...

    def close(self) -> None:
        ...
