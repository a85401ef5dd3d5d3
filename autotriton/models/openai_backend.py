"""`openai:MODEL@BASE_URL`: any OpenAI-compatible /v1/chat/completions endpoint
(a vLLM or `autotriton.models.serve` server, or a commercial API), through the official
`openai` SDK: it does the transport, timeouts and retries (exponential backoff with jitter,
Retry-After honoured, on connection errors, timeouts, 408/409/429 and 5xx).

Ours: n samples per conversation (topped up with more requests when a server returns fewer
choices than asked), fresh seeds for the top-ups, token counts from `usage` (estimated
without it), our own check of the reply's shape (the SDK builds its objects without
validating them), and one-line errors for the user's mistakes (unreachable server, rejected
key, unknown model, malformed reply). A server that needs no key gets no Authorization
header at all.
Not covered: streaming, tools, stop sequences, logprobs, and reasoning text that a
server returns outside `message.content` (vLLM's `reasoning_content` is dropped).
"""

from __future__ import annotations

import json
import os
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import openai

from autotriton.models.base import BackendError, Generation, Message, SamplingParams

_CHARS_PER_TOKEN = 4  # OpenAI's rule of thumb for English and code; only used when `usage` is missing


@dataclass
class _Reply:
    """One parsed chat.completion response."""
    texts: list[str]
    finish_reasons: list[str]
    prompt_tokens: int | None      # None: the server sent no usage
    completion_tokens: int | None  # total over all choices, as OpenAI and vLLM report it


class OpenAIBackend:
    def __init__(self, model: str, base_url: str, api_key_env: str = "OPENAI_API_KEY",
                 max_concurrency: int = 8, timeout_s: float = 120, max_retries: int = 4):
        if max_concurrency < 1 or timeout_s <= 0 or max_retries < 0:
            raise BackendError(f"OpenAIBackend needs max_concurrency >= 1, timeout_s > 0 and max_retries >= 0 "
                               f"(got {max_concurrency}, {timeout_s}, {max_retries})")
        self.name = f"openai:{model}@{base_url}"
        self.model = model
        self.base_url = base_url
        self.url = _chat_url(base_url)
        self.api_key_env = api_key_env
        self.api_key = os.environ.get(api_key_env) or None  # local servers usually need none
        self.timeout_s = timeout_s
        self.max_retries = max_retries
        # The SDK insists on a key; a keyless server gets none sent (the header is omitted).
        self._client = openai.OpenAI(api_key=self.api_key or "none", base_url=self.url.removesuffix("/chat/completions"),
                                     timeout=timeout_s, max_retries=max_retries)
        self._headers = None if self.api_key else {"Authorization": openai.Omit()}
        self._pool = ThreadPoolExecutor(max_workers=max_concurrency, thread_name_prefix="openai")

    def generate(self, conversations: list[list[Message]], params: SamplingParams,
                 tasks=None) -> list[list[Generation]]:
        """`params.n` generations per conversation, in order; `tasks` is ignored."""
        if params.n < 1:
            raise BackendError(f"SamplingParams.n must be >= 1, got {params.n}")
        futures = [self._pool.submit(self._sample, conv, params) for conv in conversations]
        try:
            return [f.result() for f in futures]
        finally:
            for f in futures:  # after the first error, do not start the remaining requests
                f.cancel()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._client.close()

    def _sample(self, conversation: list[Message], params: SamplingParams) -> list[Generation]:
        """Ask for n choices; some servers return fewer (they ignore `n`), so ask again for the rest."""
        out: list[Generation] = []
        for request_index in range(params.n):  # each reply brings >= 1 choice, so n requests suffice
            missing = params.n - len(out)
            if missing == 0:
                break
            payload = {"model": self.model, "messages": conversation, "n": missing,
                       "temperature": params.temperature, "top_p": params.top_p,
                       "max_tokens": params.max_new_tokens}
            if params.seed is not None:  # a top-up with the same seed would repeat the first samples
                payload["seed"] = params.seed + request_index
            reply = _parse_reply(self._post(payload), self.url)
            out += _generations(reply, conversation)[:missing]
        return out

    def _post(self, payload: dict) -> bytes:
        """One chat completion through the SDK (its retries included); the raw 200 body, or
        BackendError with a one-line reason."""
        tries = self.max_retries + 1
        try:
            raw = self._client.chat.completions.with_raw_response.create(**payload, extra_headers=self._headers)
            return raw.http_response.content
        except openai.APITimeoutError:
            raise BackendError(f"{self.url} did not answer within {self.timeout_s:g} s ({_tries(tries)}); "
                               "raise timeout_s or lower max_new_tokens") from None
        except openai.APIConnectionError as err:
            cause = err.__cause__ or err
            raise BackendError(f"cannot reach {self.base_url}: {cause} ({_tries(tries)})") from None
        except openai.APIStatusError as err:
            raise BackendError(self._http_error(err.status_code, _server_message(err), tries)) from None

    def _http_error(self, code: int, message: str, tries: int) -> str:
        if code in (401, 403) and self.api_key is None:
            return f"{self.base_url} wants an API key: set ${self.api_key_env} (HTTP {code}: {message})"
        if code in (401, 403):
            return f"{self.base_url} rejected the API key from ${self.api_key_env} (HTTP {code}: {message})"
        if code == 404:
            return (f"model '{self.model}' not found at {self.url} (HTTP 404: {message}); "
                    f"check the model name (GET {self.url.rsplit('/chat/', 1)[0]}/models lists them) "
                    f"and that BASE_URL ends in /v1")
        if code in (408, 409, 429) or code >= 500:  # the statuses the SDK retries
            return f"{self.url} still failing after {_tries(tries)} (HTTP {code}: {message})"
        return f"{self.url} refused the request (HTTP {code}: {message})"


def _server_message(err: openai.APIStatusError) -> str:
    """The `error.message` of an OpenAI-style error body, else the body's first 200 chars."""
    body = err.body
    if isinstance(body, dict):
        message = body.get("message") or body.get("error")
        if message:
            return str(message)[:200]
    text = err.response.text.strip() if err.response is not None else ""
    return text[:200] or str(err.message)[:200]


def _chat_url(base_url: str) -> str:
    """BASE_URL/chat/completions, as the OpenAI SDK builds it; a bare host gets /v1."""
    parts = urllib.parse.urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BackendError(f"base_url must look like http://HOST:PORT/v1, got '{base_url}'")
    path = parts.path.rstrip("/") or "/v1"  # "http://127.0.0.1:8000" means the usual /v1 mount
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path + "/chat/completions", "", ""))


def _tries(n: int) -> str:
    return "1 try" if n == 1 else f"{n} tries"


def _parse_reply(body: bytes, url: str) -> _Reply:
    try:
        data = json.loads(body)
        choices = data["choices"]
        if not isinstance(choices, list) or not choices:
            raise ValueError(f"'choices' is {choices!r}, expected a non-empty list")
        texts = [c["message"].get("content") or "" for c in choices]  # content is null on refusals
        reasons = [_finish_reason(c.get("finish_reason")) for c in choices]
        usage = data.get("usage") or {}
        prompt, completion = usage.get("prompt_tokens"), usage.get("completion_tokens")
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        raise BackendError(f"malformed response from {url}: {type(err).__name__}: {err}; "
                           f"body starts {body[:120]!r}") from None
    return _Reply(texts, reasons, prompt if isinstance(prompt, int) else None,
                  completion if isinstance(completion, int) else None)


def _finish_reason(reason: str | None) -> str:
    # Generation knows "stop", "length" and "error"; a content filter cut is not a model stop.
    if reason == "length":
        return "length"
    return "error" if reason in ("content_filter", "error") else "stop"


def _generations(reply: _Reply, conversation: list[Message]) -> list[Generation]:
    if reply.completion_tokens is not None:
        completion = _split_tokens(reply.completion_tokens, reply.texts)
    else:  # no usage: estimate, so token budgets and throughput reports stay roughly right
        completion = [len(t) // _CHARS_PER_TOKEN for t in reply.texts]
    prompt = reply.prompt_tokens
    if prompt is None:  # same estimate; the chat template's few tokens are not counted
        prompt = sum(len(str(m.get("content") or "")) for m in conversation) // _CHARS_PER_TOKEN
    return [Generation(text, prompt, tokens, reason)
            for text, tokens, reason in zip(reply.texts, completion, reply.finish_reasons)]


def _split_tokens(total: int, texts: list[str]) -> list[int]:
    """Share a reply's total completion tokens among its choices in proportion to their
    length in characters (largest remainder, so the parts sum to `total` exactly)."""
    weights = [len(t) for t in texts]
    if sum(weights) == 0:
        weights = [1] * len(texts)
    whole = sum(weights)
    parts = [total * w // whole for w in weights]
    by_remainder = sorted(range(len(texts)), key=lambda i: total * weights[i] % whole, reverse=True)
    for i in by_remainder[:total - sum(parts)]:
        parts[i] += 1
    return parts
