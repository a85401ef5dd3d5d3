"""`openai:MODEL@BASE_URL`: any OpenAI-compatible /v1/chat/completions endpoint
(a vLLM or `autotriton.models.serve` server, or a commercial API).

Standard library only (urllib + json + a thread pool), so no extra dependency.

Covered: n samples per conversation (topped up with more requests when a server
returns fewer choices than asked), temperature / top_p / max_tokens / seed, token
counts from `usage`, retries with exponential backoff and jitter on connection
errors, timeouts, 429 and 5xx, and one-line errors for the user's mistakes
(unreachable server, rejected key, unknown model, malformed reply).
Not covered: streaming, tools, stop sequences, logprobs, and reasoning text that a
server returns outside `message.content` (vLLM's `reasoning_content` is dropped).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from autotriton.models.base import BackendError, Generation, Message, SamplingParams

# Backoff before retry k (k = 0, 1, ...) is BASE * 2**k s, capped, times a jitter in
# [0.5, 1): with the default 4 retries that is at most 1 + 2 + 4 + 8 = 15 s, enough to
# ride out a vLLM restart or a per-minute rate-limit window, short enough to fail a
# dead server in a CLI run. Jitter keeps 8 worker threads from retrying in lockstep.
_BACKOFF_BASE_S = 1.0
_BACKOFF_CAP_S = 30.0
_RETRY_STATUS = frozenset({429, 500, 502, 503, 504})
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
        """POST with retries; the raw 200 body, or BackendError with a one-line reason."""
        body = json.dumps(payload).encode()
        headers = {"Content-Type": "application/json", "Accept": "application/json",
                   # some CDNs answer 403 to urllib's default "Python-urllib/3.x" agent
                   "User-Agent": "autotriton-openai-backend"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        tries = self.max_retries + 1
        for attempt in range(tries):
            request = urllib.request.Request(self.url, data=body, headers=headers, method="POST")
            try:
                # timeout_s bounds the connect and each socket read, not the whole reply
                with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                    return response.read()
            except urllib.error.HTTPError as err:  # before OSError: HTTPError is one
                message = _server_message(err)
                if err.code not in _RETRY_STATUS:
                    raise BackendError(self._http_error(err.code, message)) from None
                if attempt + 1 == tries:
                    raise BackendError(f"{self.url} still failing after {_tries(tries)} "
                                       f"(HTTP {err.code}: {message})") from None
                time.sleep(_retry_after_s(err) or _backoff_s(attempt))
            except (OSError, http.client.HTTPException) as err:  # refused, reset, DNS, timeout
                if attempt + 1 == tries:
                    raise BackendError(self._connection_error(err, tries)) from None
                time.sleep(_backoff_s(attempt))
        raise AssertionError("unreachable: the loop returns or raises")

    def _http_error(self, code: int, message: str) -> str:
        if code in (401, 403) and self.api_key is None:
            return f"{self.base_url} wants an API key: set ${self.api_key_env} (HTTP {code}: {message})"
        if code in (401, 403):
            return f"{self.base_url} rejected the API key from ${self.api_key_env} (HTTP {code}: {message})"
        if code == 404:
            return (f"model '{self.model}' not found at {self.url} (HTTP 404: {message}); "
                    f"check the model name (GET {self.url.rsplit('/chat/', 1)[0]}/models lists them) "
                    f"and that BASE_URL ends in /v1")
        return f"{self.url} refused the request (HTTP {code}: {message})"

    def _connection_error(self, err: Exception, tries: int) -> str:
        reason = err.reason if isinstance(err, urllib.error.URLError) else err
        if isinstance(reason, TimeoutError):
            return (f"{self.url} did not answer within {self.timeout_s:g} s ({_tries(tries)}); "
                    f"raise timeout_s or lower max_new_tokens")
        return f"cannot reach {self.base_url}: {reason} ({_tries(tries)})"


def _chat_url(base_url: str) -> str:
    """BASE_URL/chat/completions, as the OpenAI SDK builds it; a bare host gets /v1."""
    parts = urllib.parse.urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BackendError(f"base_url must look like http://HOST:PORT/v1, got '{base_url}'")
    path = parts.path.rstrip("/") or "/v1"  # "http://127.0.0.1:8000" means the usual /v1 mount
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path + "/chat/completions", "", ""))


def _tries(n: int) -> str:
    return "1 try" if n == 1 else f"{n} tries"


def _backoff_s(attempt: int) -> float:
    return min(_BACKOFF_CAP_S, _BACKOFF_BASE_S * 2 ** attempt) * random.uniform(0.5, 1.0)


def _retry_after_s(err: urllib.error.HTTPError) -> float | None:
    """The server's Retry-After in seconds (numeric form only), capped like our own backoff."""
    value = err.headers.get("Retry-After") if err.headers else None
    try:
        return min(_BACKOFF_CAP_S, max(0.0, float(value))) if value else None
    except ValueError:  # the HTTP-date form; our own backoff is good enough then
        return None


def _server_message(err: urllib.error.HTTPError) -> str:
    """The `error.message` of an OpenAI-style error body, else the body's first 200 chars."""
    try:
        raw = err.read().decode("utf-8", "replace")
    except (OSError, http.client.HTTPException):
        return err.reason or "no body"
    try:
        data = json.loads(raw)
        error = data.get("error") if isinstance(data, dict) else None
        message = error.get("message") if isinstance(error, dict) else error
        if message:
            return str(message)[:200]
    except ValueError:
        pass  # not JSON: fall back to the raw text below
    return raw.strip()[:200] or str(err.reason)


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
