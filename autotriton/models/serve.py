"""An OpenAI-compatible chat server for any Backend, so other tools (the `openai` SDK,
eval harnesses, editors, `OpenAIBackend` itself) can sample from a trained kernel model.

Covered: POST /v1/chat/completions (messages, n, temperature, top_p, max_tokens or
max_completion_tokens, seed, model) and GET /v1/models; 400 on bad JSON or fields,
404 on unknown paths or models. Not covered: streaming, stop sequences, tools and
logprobs (asked for, they get a 400 rather than being silently ignored), and any
authentication: it binds 127.0.0.1 by default; put a proxy in front to expose it.

Omitted sampling fields take `SamplingParams` defaults (temperature 0.7, top_p 0.95,
2048 tokens), except `seed`, which is unseeded as in the OpenAI API.
Calls into the backend are serialised with one lock: HF `generate` is not thread-safe,
and one GPU gains nothing from interleaving two requests.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import traceback
import uuid
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from autotriton.models.base import Backend, BackendError, Message, SamplingParams

log = logging.getLogger(__name__)

_MAX_BODY_BYTES = 16 * 2 ** 20  # a 128k-token prompt is ~0.5 MB; 16 MiB only stops abuse
_MAX_N = 128                     # the OpenAI API's own cap on `n`
_ROLES = ("system", "user", "assistant")
_UNSUPPORTED = ("stream", "stop", "tools", "logprobs")


class ChatServer(ThreadingHTTPServer):
    """A ThreadingHTTPServer that knows its backend; `close()` stops and unbinds it."""
    daemon_threads = True

    def __init__(self, backend: Backend, host: str, port: int, model_name: str):
        super().__init__((host, port), _Handler)
        self.backend = backend
        self.model_name = model_name
        self.backend_lock = threading.Lock()
        self.created = int(time.time())

    def close(self) -> None:
        self.shutdown()
        self.server_close()


def serve(backend: Backend, host: str = "127.0.0.1", port: int = 8000, model_name: str | None = None) -> None:
    """Serve `backend` at http://HOST:PORT/v1 until Ctrl-C."""
    server = ChatServer(backend, host, port, model_name or backend.name)
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    log.info("serving %s at http://%s:%d/v1", server.model_name, host, server.server_address[1])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def start_in_thread(backend: Backend, port: int = 0, model_name: str | None = None) -> tuple[ChatServer, str]:
    """A server on 127.0.0.1 (port 0 = an ephemeral one) in a daemon thread, and its
    base URL ending in /v1. Stop it with `server.close()`."""
    server = ChatServer(backend, "127.0.0.1", port, model_name or backend.name)
    # a 50 ms poll makes close() return in <= 50 ms instead of the default 0.5 s
    threading.Thread(target=server.serve_forever, args=(0.05,), name="chat-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/v1"


class _BadRequest(Exception):
    """A client mistake: answered with `status` and an OpenAI-style error body."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


@dataclass
class ChatRequest:
    messages: list[Message]
    params: SamplingParams
    model: str | None


class _Handler(BaseHTTPRequestHandler):
    server: ChatServer

    def do_GET(self) -> None:
        if self.path.split("?")[0].rstrip("/") != "/v1/models":
            return self._error(_BadRequest(f"no GET route {self.path}; try /v1/models", 404))
        self._send(200, {"object": "list", "data": [
            {"id": self.server.model_name, "object": "model", "created": self.server.created,
             "owned_by": "autotriton"}]})

    def do_POST(self) -> None:
        try:
            if self.path.split("?")[0].rstrip("/") != "/v1/chat/completions":
                raise _BadRequest(f"no POST route {self.path}; try /v1/chat/completions", 404)
            request = parse_chat_request(self._read_json())
            if request.model not in (None, self.server.model_name):
                raise _BadRequest(f"model '{request.model}' not found; this server serves "
                                  f"'{self.server.model_name}'", 404)
            with self.server.backend_lock:
                generations = self.server.backend.generate([request.messages], request.params)[0]
            self._send(200, self._completion(generations))
        except _BadRequest as err:
            self._error(err)
        except BackendError as err:
            self._send(500, {"error": {"message": str(err), "type": "server_error", "code": None}})
        except Exception as err:  # our bug: log it and answer, rather than drop the connection
            log.error("chat completion failed:\n%s", traceback.format_exc())
            self._send(500, {"error": {"message": f"internal error: {type(err).__name__}: {err}",
                                       "type": "server_error", "code": None}})

    def _read_json(self) -> dict:
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit():
            raise _BadRequest("missing or bad Content-Length header")
        if int(length) > _MAX_BODY_BYTES:
            raise _BadRequest(f"body over {_MAX_BODY_BYTES} bytes", 413)
        try:
            body = json.loads(self.rfile.read(int(length)))
        except ValueError as err:  # JSONDecodeError and UnicodeDecodeError
            raise _BadRequest(f"body is not valid JSON: {err}") from None
        if not isinstance(body, dict):
            raise _BadRequest("body must be a JSON object")
        return body

    def _completion(self, generations) -> dict:
        prompt_tokens = generations[0].prompt_tokens if generations else 0  # the prompt is counted once
        completion_tokens = sum(g.completion_tokens for g in generations)
        return {
            "id": f"chatcmpl-{uuid.uuid4().hex}", "object": "chat.completion",
            "created": int(time.time()), "model": self.server.model_name,
            # finish_reason "error" (a backend-side failure) passes through; OpenAI has no equivalent
            "choices": [{"index": i, "message": {"role": "assistant", "content": g.text},
                         "finish_reason": g.finish_reason, "logprobs": None}
                        for i, g in enumerate(generations)],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens},
        }

    def _error(self, err: _BadRequest) -> None:
        kind = "not_found_error" if err.status == 404 else "invalid_request_error"
        self._send(err.status, {"error": {"message": str(err), "type": kind, "code": None}})

    def _send(self, status: int, payload: dict) -> None:
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:  # to logging, not straight to stderr
        log.info("%s %s", self.address_string(), format % args)


def parse_chat_request(body: dict) -> ChatRequest:
    """Validate an OpenAI chat request body; _BadRequest (-> HTTP 400) names the bad field."""
    for key in _UNSUPPORTED:
        if body.get(key) not in (None, False, [], ""):
            raise _BadRequest(f"'{key}' is not supported by this server")
    defaults = SamplingParams()
    max_tokens = body.get("max_completion_tokens", body.get("max_tokens"))
    params = SamplingParams(
        n=_number(body, "n", 1, 1, _MAX_N, integer=True),
        temperature=_number(body, "temperature", defaults.temperature, 0.0, 2.0),
        top_p=_number(body, "top_p", defaults.top_p, 1e-6, 1.0),
        max_new_tokens=_number({"max_tokens": max_tokens}, "max_tokens", defaults.max_new_tokens,
                               1, 10 ** 7, integer=True),
        seed=_number(body, "seed", None, -2 ** 63, 2 ** 64 - 1, integer=True))
    model = body.get("model")
    if model is not None and not isinstance(model, str):
        raise _BadRequest("'model' must be a string")
    return ChatRequest(_messages(body.get("messages")), params, model)


def _messages(raw) -> list[Message]:
    if not isinstance(raw, list) or not raw:
        raise _BadRequest("'messages' must be a non-empty list of {role, content}")
    out = []
    for i, m in enumerate(raw):
        if not isinstance(m, dict) or m.get("role") not in _ROLES:
            raise _BadRequest(f"messages[{i}] needs a role in {list(_ROLES)}")
        out.append({"role": m["role"], "content": _content(m.get("content"), i)})
    return out


def _content(content, i: int) -> str:
    """A string, or the OpenAI list-of-parts form with text parts only."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(p, dict) and p.get("type") == "text"
                                         and isinstance(p.get("text"), str) for p in content):
        return "".join(p["text"] for p in content)
    raise _BadRequest(f"messages[{i}].content must be a string or a list of text parts")


def _number(body: dict, key: str, default, lo, hi, integer: bool = False):
    value = body.get(key)
    if value is None:
        return default
    # bool is an int subclass: `"n": true` is a client bug, not 1
    if isinstance(value, bool) or not isinstance(value, int if integer else (int, float)):
        raise _BadRequest(f"'{key}' must be {'an integer' if integer else 'a number'}, got {value!r}")
    if not lo <= value <= hi:
        raise _BadRequest(f"'{key}' must be in [{lo}, {hi}], got {value}")
    return int(value) if integer else float(value)
