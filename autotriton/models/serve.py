"""An OpenAI-compatible server over a model backend: `autotriton serve --model SPEC`.

Why our own server and not `vllm serve` or `transformers serve` (issue 14, checked with
transformers 5.23):
- `vllm serve PATH` has everything a client needs (streaming, stop, --api-key,
  --served-model-name, --max-model-len) plus continuous batching, so it is the server for a
  GPU: `check_servable` refuses `vllm:PATH` and prints the `vllm serve` line to run instead.
  It is not installed on our CPU machines, so the embedded model needs a server of its own.
- `transformers serve` needs fastapi, uvicorn and openai at run time (`transformers[serving]`)
  and falls short of what clients need here: no API key, no served model name (the id is the
  path), unsupported fields such as `n` and `logprobs` are logged and ignored rather than
  refused, no prompt-length cap, a non-streaming request runs on after its client leaves,
  unauthenticated /load_model and /reset routes, /v1/models lists the hub cache, and it
  loads only plain HF folders, so not `embedded:triton` (our base plus the shipped LoRA).
So this module stays, on the standard library's http.server (no new run-time dependency).

Covered: POST /v1/chat/completions and /v1/completions (prompt: one string), with `stream`
(SSE, `stream_options.include_usage`), `stop` (a string or up to 16; the text ends before the
first match), n, temperature, top_p, max_tokens (or max_completion_tokens), seed, model, user
(ignored); GET /v1/models and /health. Any other field, unless at its no-op default
(null, false, [], {}, a penalty of 0), is a 400 that names it. `api_key` makes every /v1 route
answer 401 without `Authorization: Bearer KEY`; /health stays open for probes. A prompt over
`max_prompt_tokens`, or one that with max_tokens overflows the model's context, is a 400
before it reaches the backend lock.
Cancellation: a request whose client has gone is dropped while it waits for the backend
lock, and a local model (embedded, hf:PATH) stops decoding within one token: a stopping
criterion that sees every new token also streams it, applies `stop` per row, and polls the
client's socket. (A prompt's prefill is one step: 5.5 s for 4,096 tokens, see ServeConfig.)
Other backends (openai:MODEL@URL; any Backend object in-process) generate whole: streaming
sends each choice in one chunk, `stop` cuts the finished text, the prompt is counted at 4
characters a token, and a client that leaves mid-generation is not noticed until it ends.
/v1/completions needs a local model (a Backend takes chat messages only).
Not covered: tools, logprobs, echo, suffix, penalties, a list of prompts, TLS (it binds
127.0.0.1 by default; put a proxy in front to expose it).

Omitted sampling fields take `SamplingParams` defaults (temperature 0.7, top_p 0.95, 2048
tokens, clamped to the context), except `seed`, which is unseeded as in the OpenAI API.
Calls into the backend are serialised with one lock: HF `generate` is not thread-safe, and
one GPU gains nothing from interleaving two requests. The lock is granted first come, first
served (`FifoLock`): with a plain lock, of 20 concurrent requests one waited 20.7 s while a
later one waited 1.3 s.
"""

from __future__ import annotations

import dataclasses
import hmac
import json
import logging
import select
import socket
import threading
import time
import traceback
import uuid
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from autotriton.models.base import Backend, BackendError, Message, SamplingParams
from autotriton.models.hf import PROMPT_BUCKET, HFBackend, check_params
from autotriton.models.spec import parse_model_spec

log = logging.getLogger(__name__)

_MAX_BODY_BYTES = 16 * 2 ** 20  # a 128k-token prompt is ~0.5 MB; 16 MiB only stops abuse
_MAX_N = 128                     # the OpenAI API's own cap on `n`
_MAX_STOPS = 16                  # OpenAI allows 4; eval harnesses pass up to ~10
_CHARS_PER_TOKEN = 4             # the estimate for backends without a tokenizer, as openai_backend's
_ROLES = ("system", "user", "assistant")
_COMMON_FIELDS = {"model", "n", "temperature", "top_p", "max_tokens", "seed", "stop", "stream",
                  "stream_options", "user"}
_FIELDS = {"chat": _COMMON_FIELDS | {"messages", "max_completion_tokens"},
           "completion": _COMMON_FIELDS | {"prompt"}}
_NO_OP_VALUES = {"frequency_penalty": 0, "presence_penalty": 0, "best_of": 1}
_ROUTES = {"/v1/chat/completions": "chat", "/v1/completions": "completion"}


@dataclass
class ServeConfig:
    model_name: str = field(default="", metadata={
        "help": "the id clients send as `model` and /v1/models lists ('' = the backend's name)"})
    api_key: str | None = field(default=None, metadata={
        "help": "if set, /v1 routes need `Authorization: Bearer KEY` (401 otherwise); /health stays open"})
    # KernelBench prompts are 300-1,500 tokens. SmolLM2-135M's prefill of 4,096 tokens took
    # 5.5 s on a 2-core CPU (8,192: 16 s), and half of its 8,192-token context stays for the answer.
    max_prompt_tokens: int = field(default=4096, metadata={
        "help": "longer prompts get a 400 before they reach the model"})


@dataclass
class RequestLog:
    """One finished generation request; the server keeps the last 64 in `recent`."""
    route: str                # "chat" or "completion"
    prompt_tokens: int
    completion_tokens: int    # all choices together
    outcome: str              # "ok", "cancelled" (the client left) or "error"
    seconds: float


def check_servable(text: str) -> None:
    """Raise BackendError, before any model loads, for a spec this server must not serve."""
    spec = parse_model_spec(text)
    if spec.kind in ("reference", "answers"):
        raise BackendError(f"'{text}' cannot be served: it answers by task, and a request carries none; "
                           "serve embedded, embedded:triton or hf:PATH")
    if spec.kind == "vllm":
        raise BackendError(f"serve {text} with vLLM's own OpenAI server (streaming, batching): "
                           f"vllm serve {spec.path} --served-model-name NAME --api-key KEY")


def check_address(host: str, port: int) -> None:
    """Raise BackendError, before any model loads, when HOST:PORT cannot be served: a port in
    use, out of range or a host that does not resolve printed "serving on ..." and then a
    74-line traceback."""
    if not 0 <= port <= 65535:
        raise BackendError(f"--port must be in 0-65535, got {port}")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise BackendError(f"cannot serve on {host}:{port}: the host does not resolve ({exc})") from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as http.server binds
        try:
            probe.bind(address)
        except OSError as exc:
            raise BackendError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


class FifoLock:
    """A lock granted in arrival order. `threading.Lock` wakes an arbitrary waiter; here each
    waiter holds a ticket (an Event) in a queue, and release hands the lock to the oldest.
    A waiter whose client has gone leaves the queue (`leave`)."""

    def __init__(self):
        self._mutex = threading.Lock()
        self._queue: deque[threading.Event] = deque()
        self._held = False

    def enter(self) -> threading.Event:
        """A ticket: set once this caller holds the lock (at once when nobody does)."""
        ticket = threading.Event()
        with self._mutex:
            if self._held or self._queue:
                self._queue.append(ticket)
            else:
                self._held = True
                ticket.set()
        return ticket

    def leave(self, ticket: threading.Event) -> None:
        """Give up a ticket: out of the queue, or, granted meanwhile, the lock released."""
        with self._mutex:
            if ticket.is_set():
                self._hand_on()
            else:
                self._queue.remove(ticket)

    def release(self) -> None:
        with self._mutex:
            self._hand_on()

    def _hand_on(self) -> None:
        if self._queue:
            self._queue.popleft().set()  # the lock passes straight to the oldest waiter
        else:
            self._held = False

    def __enter__(self) -> "FifoLock":
        self.enter().wait()
        return self

    def __exit__(self, *exc) -> None:
        self.release()


class ModelServer(ThreadingHTTPServer):
    """A ThreadingHTTPServer that knows its backend; `close()` stops and unbinds it."""
    daemon_threads = True

    def __init__(self, backend: Backend, host: str, port: int, config: ServeConfig):
        super().__init__((host, port), _Handler)
        self.backend = backend
        self.config = dataclasses.replace(config, model_name=config.model_name or backend.name)
        self.backend_lock = FifoLock()
        self.created = int(time.time())
        self.recent: deque[RequestLog] = deque(maxlen=64)

    def close(self) -> None:
        self.shutdown()
        self.server_close()


def serve(backend: Backend, host: str = "127.0.0.1", port: int = 8000, config: ServeConfig | None = None) -> None:
    """Serve `backend` at http://HOST:PORT/v1 until Ctrl-C."""
    server = ModelServer(backend, host, port, config or ServeConfig())
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    log.info("serving %s at http://%s:%d/v1", server.config.model_name, host, server.server_address[1])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def start_in_thread(backend: Backend, config: ServeConfig | None = None, port: int = 0) -> tuple[ModelServer, str]:
    """A server on 127.0.0.1 (port 0 = an ephemeral one) in a daemon thread, and its
    base URL ending in /v1. Stop it with `server.close()`."""
    server = ModelServer(backend, "127.0.0.1", port, config or ServeConfig())
    # a 50 ms poll makes close() return in <= 50 ms instead of the default 0.5 s
    threading.Thread(target=server.serve_forever, args=(0.05,), name="model-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/v1"


class _BadRequest(Exception):
    """A client mistake: answered with `status` and an OpenAI-style error body."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


# ---------------------------------------------------------------- requests


@dataclass
class CompletionRequest:
    route: str                       # "chat" or "completion"
    messages: list[Message] | None   # chat
    prompt: str | None               # completion
    params: SamplingParams
    max_tokens_given: bool           # False: max_new_tokens is the default, clamped to the context
    stop: list[str]
    stream: bool
    include_usage: bool              # stream_options.include_usage: a last chunk with usage
    model: str | None


def parse_request(body: dict, route: str) -> CompletionRequest:
    """Validate an OpenAI (chat) completion body; _BadRequest (-> HTTP 400) names the bad field."""
    _check_fields(body, _FIELDS[route])
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
    stream = body.get("stream") or False
    options = body.get("stream_options") or {}
    if not isinstance(stream, bool) or not isinstance(options, dict) or set(options) - {"include_usage"}:
        raise _BadRequest("'stream' must be a boolean and 'stream_options' at most {\"include_usage\": bool}")
    messages = _messages(body.get("messages")) if route == "chat" else None
    prompt = body.get("prompt") if route == "completion" else None
    if route == "completion" and not isinstance(prompt, str):
        raise _BadRequest("'prompt' must be one string (lists of prompts or of token ids are not supported)")
    return CompletionRequest(route, messages, prompt, params, max_tokens is not None, _stops(body.get("stop")),
                             stream, bool(options.get("include_usage")), model)


def _check_fields(body: dict, allowed: set[str]) -> None:
    for key, value in body.items():
        if key in allowed or value is None or value is False or value == [] or value == {}:
            continue
        if key in _NO_OP_VALUES and value == _NO_OP_VALUES[key] and not isinstance(value, bool):
            continue
        raise _BadRequest(f"'{key}' is not supported by this server (it takes {', '.join(sorted(allowed))})")


def _stops(raw) -> list[str]:
    stops = [raw] if isinstance(raw, str) else raw if raw is not None else []
    if not isinstance(stops, list) or len(stops) > _MAX_STOPS or not all(isinstance(s, str) and s for s in stops):
        raise _BadRequest(f"'stop' must be a non-empty string or a list of at most {_MAX_STOPS} of them")
    return stops


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


# ---------------------------------------------------------------- HTTP


class _Handler(BaseHTTPRequestHandler):
    server: ModelServer

    def do_GET(self) -> None:
        path = self.path.split("?")[0].rstrip("/")
        if path == "/health":
            return self._send(200, {"status": "ok"})
        try:
            self._authorize()
            if path != "/v1/models":
                raise _BadRequest(f"no GET route {self.path}; try /v1/models or /health", 404)
            self._send(200, {"object": "list", "data": [
                {"id": self.server.config.model_name, "object": "model", "created": self.server.created,
                 "owned_by": "autotriton"}]})
        except _BadRequest as err:
            self._error(err)

    def do_POST(self) -> None:
        reply = None
        try:
            route = _ROUTES.get(self.path.split("?")[0].rstrip("/"))
            body = self._read_json()  # read before answering, so the client is not reset mid-send
            self._authorize()
            if route is None:
                raise _BadRequest(f"no POST route {self.path}; try {' or '.join(_ROUTES)}", 404)
            request = parse_request(body, route)
            if request.model not in (None, self.server.config.model_name):
                raise _BadRequest(f"model '{request.model}' not found; this server serves "
                                  f"'{self.server.config.model_name}'", 404)
            reply = _Reply(self, request)
            self._complete(request, reply)
        except _BadRequest as err:
            self._error(err)
        except BackendError as err:
            self._fail(reply, str(err))
        except (BrokenPipeError, ConnectionResetError):
            log.info("%s left before its answer was sent", self.address_string())
        except Exception as err:  # our bug: log it and answer, rather than drop the connection
            log.error("completion failed:\n%s", traceback.format_exc())
            self._fail(reply, f"internal error: {type(err).__name__}: {err}")

    def _complete(self, request: CompletionRequest, reply: _Reply) -> None:
        backend, start = self.server.backend, time.monotonic()
        local = isinstance(backend, HFBackend)
        text = _local_prompt(backend, request) if local else None
        reply.prompt_tokens = self._check_length(backend, request, text)
        outcome = "error"
        try:
            if not self._wait_for_backend(reply):
                outcome = "cancelled"
                return
            try:
                if local:
                    _generate_local(backend, text, request, reply)
                else:
                    _generate_whole(backend, request, reply)
            finally:
                self.server.backend_lock.release()
            outcome = "cancelled" if reply.gone else "ok"
        finally:  # logged before the answer ends, so a client that has it can read `recent`
            entry = RequestLog(request.route, reply.prompt_tokens, reply.completion_tokens, outcome,
                               round(time.monotonic() - start, 3))
            self.server.recent.append(entry)
            log.info("%s: %d prompt + %d completion tokens, %s in %.2f s", entry.route, entry.prompt_tokens,
                     entry.completion_tokens, entry.outcome, entry.seconds)
        reply.end()

    def _check_length(self, backend: Backend, request: CompletionRequest, text: str | None) -> int:
        """The prompt's length in tokens; a 400 over the cap or the context. Clamps an omitted max_tokens."""
        cap = self.server.config.max_prompt_tokens
        if text is None:  # a backend without a tokenizer: estimate
            if request.route == "completion":
                raise _BadRequest(f"/v1/completions needs a local model (embedded, hf:PATH); "
                                  f"{backend.name} takes chat messages only")
            tokens = sum(len(m["content"]) for m in request.messages) // _CHARS_PER_TOKEN
            if tokens > cap:
                raise _BadRequest(f"the prompt is about {tokens} tokens; this server takes at most {cap} "
                                  f"(--max-prompt-tokens)")
            return tokens
        tokens = len(backend.tokenizer(text, add_special_tokens=request.route == "completion")["input_ids"])
        if tokens > cap:
            raise _BadRequest(f"the prompt is {tokens} tokens; this server takes at most {cap} (--max-prompt-tokens)")
        context = getattr(backend.model.config, "max_position_embeddings", None)
        if context is not None and tokens + request.params.max_new_tokens > context:
            if request.max_tokens_given or tokens >= context:
                raise _BadRequest(f"the prompt ({tokens} tokens) plus max_tokens ({request.params.max_new_tokens}) "
                                  f"exceeds the model's context of {context} tokens")
            request.params = dataclasses.replace(request.params, max_new_tokens=context - tokens)
        return tokens

    def _wait_for_backend(self, reply: _Reply) -> bool:
        """Take the backend lock in arrival order; False (lock not taken) if the client leaves
        while waiting."""
        ticket = self.server.backend_lock.enter()
        while not ticket.wait(timeout=0.1):
            if reply.client_gone():
                self.server.backend_lock.leave(ticket)
                return False
        return True

    def _authorize(self) -> None:
        key = self.server.config.api_key
        if key is None:
            return
        given = self.headers.get("Authorization", "")
        if not hmac.compare_digest(given.encode(), f"Bearer {key}".encode()):
            raise _BadRequest("missing or wrong API key: send 'Authorization: Bearer KEY'", 401)

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

    def _error(self, err: _BadRequest) -> None:
        kind = {401: "authentication_error", 404: "not_found_error"}.get(err.status, "invalid_request_error")
        self._send(err.status, {"error": {"message": str(err), "type": kind, "code": None}})

    def _fail(self, reply: _Reply | None, message: str) -> None:
        """A server-side failure: a 500, or an error event if a stream has already begun."""
        error = {"error": {"message": message, "type": "server_error", "code": None}}
        if reply is not None and reply.started:
            reply.event(error)
            reply.event("[DONE]")
        else:
            self._send(500, error)

    def _send(self, status: int, payload: dict) -> None:
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:  # to logging, not straight to stderr
        log.info("%s %s", self.address_string(), format % args)


class _Reply:
    """The answer to one request: each choice's text and finish reason, sent as SSE chunks as
    they come (stream) or as one JSON body by `end()`. Notes when the client has left."""

    def __init__(self, handler: _Handler, request: CompletionRequest):
        self.handler, self.request = handler, request
        self.chat = request.route == "chat"
        self.id = f"{'chatcmpl' if self.chat else 'cmpl'}-{uuid.uuid4().hex}"
        self.created = int(time.time())
        self.texts = [""] * request.params.n
        self.finish_reasons: list[str | None] = [None] * request.params.n
        self.prompt_tokens = self.completion_tokens = 0
        self.started = self.gone = False
        self.poller = select.poll()
        self.poller.register(handler.connection, select.POLLIN)

    def delta(self, choices: list[int], text: str) -> None:
        for i in choices:
            self.texts[i] += text
            if self.request.stream and text:
                piece = {"delta": {"role": "assistant", "content": text}} if self.chat else {"text": text}
                self.event(self._chunk([{"index": i, **piece, "finish_reason": None, "logprobs": None}]))

    def finish(self, choices: list[int], reason: str, completion_tokens: int) -> None:
        """`reason`: "stop", "length", "error" (passed through from a backend) or "cancelled"."""
        self.completion_tokens += completion_tokens * len(choices)
        for i in choices:
            self.finish_reasons[i] = reason
            if self.request.stream:
                piece = {"delta": {}} if self.chat else {"text": ""}
                self.event(self._chunk([{"index": i, **piece, "finish_reason": reason, "logprobs": None}]))

    def end(self) -> None:
        if self.gone:
            return
        if not self.request.stream:
            return self.handler._send(200, self._body())
        if self.request.include_usage:
            self.event(self._chunk([], usage=self._usage()))
        self.event("[DONE]")

    def event(self, payload: dict | str) -> None:
        """One SSE event; the headers go first. A failed write means the client has gone."""
        if self.gone:
            return
        data = payload if isinstance(payload, str) else json.dumps(payload)
        try:
            if not self.started:
                self.started = True
                self.handler.send_response(200)
                self.handler.send_header("Content-Type", "text/event-stream")
                self.handler.send_header("Cache-Control", "no-cache")
                self.handler.end_headers()
            self.handler.wfile.write(f"data: {data}\n\n".encode())
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            self.gone = True

    def client_gone(self) -> bool:
        """True once the client closed its end. The body has been read, so a readable socket
        means EOF or a reset: one poll() and no read in the common case (about 1 us a call)."""
        if not self.gone and self.poller.poll(0):
            try:
                self.gone = self.handler.connection.recv(1, socket.MSG_PEEK) == b""
            except OSError:
                self.gone = True
        return self.gone

    def _chunk(self, choices: list[dict], usage: dict | None = None) -> dict:
        chunk = {"id": self.id, "object": "chat.completion.chunk" if self.chat else "text_completion",
                 "created": self.created, "model": self.handler.server.config.model_name, "choices": choices}
        return chunk if usage is None else {**chunk, "usage": usage}

    def _body(self) -> dict:
        if self.chat:
            choices = [{"index": i, "message": {"role": "assistant", "content": text}, "finish_reason": reason,
                        "logprobs": None} for i, (text, reason) in enumerate(zip(self.texts, self.finish_reasons))]
        else:
            choices = [{"index": i, "text": text, "finish_reason": reason, "logprobs": None}
                       for i, (text, reason) in enumerate(zip(self.texts, self.finish_reasons))]
        # finish_reason "error" (a backend-side failure) passes through; OpenAI has no equivalent
        return {"id": self.id, "object": "chat.completion" if self.chat else "text_completion",
                "created": self.created, "model": self.handler.server.config.model_name,
                "choices": choices, "usage": self._usage()}

    def _usage(self) -> dict:
        return {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "total_tokens": self.prompt_tokens + self.completion_tokens}


# ---------------------------------------------------------------- generation


def _local_prompt(backend: HFBackend, request: CompletionRequest) -> str:
    from jinja2 import TemplateError

    if request.route != "chat":
        return request.prompt
    try:
        return backend.render(request.messages)
    except TemplateError as err:  # a strict template (roles must alternate, no system role): the request's fault
        raise _BadRequest(f"the model's chat template refused these messages: {err}") from None


def _generate_local(backend: HFBackend, text: str, request: CompletionRequest, reply: _Reply) -> None:
    """Decode `text` with the backend's model, streaming each token to `reply` as it comes."""
    import torch
    from transformers import StoppingCriteriaList, set_seed

    params = request.params
    check_params(params)
    if params.seed is not None:
        set_seed(params.seed % 2 ** 32)  # numpy's seed must be in [0, 2**32); the API allows any int64
    # Greedy decoding gives n identical samples: decode one row and send it as every choice.
    rows = 1 if params.temperature == 0 else params.n
    for first in range(0, rows, backend.batch_size):
        count = min(backend.batch_size, rows - first)
        choices = [list(range(params.n))] if rows == 1 else [[first + r] for r in range(count)]
        batch = backend.tokenizer([text] * count, return_tensors="pt", padding=True,
                                  add_special_tokens=request.route == "completion",
                                  pad_to_multiple_of=PROMPT_BUCKET if backend.compile else None).to(backend.device)
        tap = _TokenTap(backend, request.stop, reply, choices)
        with torch.inference_mode():
            backend.model.generate(**batch, generation_config=backend.generation_config(params),
                                   stopping_criteria=StoppingCriteriaList([tap]))
        tap.close()
        if reply.gone:
            return


def _generate_whole(backend: Backend, request: CompletionRequest, reply: _Reply) -> None:
    """A backend without token access: generate every choice, then cut each at its first stop."""
    generations = backend.generate([request.messages], request.params)[0]
    reply.prompt_tokens = generations[0].prompt_tokens if generations else 0  # the prompt is counted once
    for i, g in enumerate(generations):
        cut = _find_stop(g.text, request.stop, 0)
        reply.delta([i], g.text if cut is None else g.text[:cut])
        reply.finish([i], g.finish_reason if cut is None else "stop", g.completion_tokens)


@dataclass
class _Row:
    """One sequence being decoded, and the choices it answers (all n when greedy)."""
    choices: list[int]
    ids: list[int] = field(default_factory=list)
    text: str = ""     # decoded so far
    sent: int = 0      # characters of `text` already sent
    prefix: int = 0    # incremental detokenization window: ids[prefix:read] are decoded and sent
    read: int = 0
    done: bool = False


class _TokenTap:
    """A stopping criterion: `generate` calls it once per decoding step with every row's ids
    so far (B, L), the last column being the token just chosen. It detokenizes that token,
    sends the new text, and answers which rows are done (B,): EOS, a stop string, or every
    row once the client has gone.

    A criterion rather than a streamer: it is the one hook that both sees each token and can
    end a single row, in transformers 4.x and 5.x alike (5.x calls the streamer after the
    criteria). `generate` only calls it, so it needs no StoppingCriteria base class (whose
    import would load transformers with this module)."""

    def __init__(self, backend: HFBackend, stops: list[str], reply: _Reply, choices: list[list[int]]):
        self.tokenizer, self.eos_ids, self.stops, self.reply = backend.tokenizer, backend.eos_ids, stops, reply
        self.rows = [_Row(c) for c in choices]
        # text that could be the start of a stop string waits until it cannot
        self.holdback = max((len(s) for s in stops), default=1) - 1

    def __call__(self, input_ids, scores, **kwargs):
        import torch

        for row, token in zip(self.rows, input_ids[:, -1].tolist()):
            if not row.done:
                self._step(row, token)
        if self.reply.client_gone():
            for row in self.rows:
                if not row.done:
                    self._finish(row, "cancelled", len(row.text))
        return torch.tensor([row.done for row in self.rows], device=input_ids.device)

    def close(self) -> None:
        """After generate: rows still open ran to max_new_tokens."""
        for row in self.rows:
            if not row.done:
                row.text += self._decode_step(row, final=True)
                cut = _find_stop(row.text, self.stops, row.sent)  # in a last, held-back character
                self._finish(row, "length" if cut is None else "stop", len(row.text) if cut is None else cut)

    def _step(self, row: _Row, token: int) -> None:
        row.ids.append(token)
        if token in self.eos_ids:
            row.text += self._decode_step(row, final=True)  # EOS itself decodes to nothing
            return self._finish(row, "stop", len(row.text))
        row.text += self._decode_step(row)
        cut = _find_stop(row.text, self.stops, row.sent)
        if cut is not None:
            return self._finish(row, "stop", cut)
        safe = len(row.text) - self.holdback
        if safe > row.sent:
            self.reply.delta(row.choices, row.text[row.sent:safe])
            row.sent = safe

    def _decode_step(self, row: _Row, final: bool = False) -> str:
        """The text of the ids not yet decoded, as vLLM and TGI detokenize: decode a short window
        before and after them and take the difference, so a step costs O(window), not
        O(len(ids)). Unless `final`, a window ending in U+FFFD (half a UTF-8 character) waits."""
        before = self.tokenizer.decode(row.ids[row.prefix:row.read], skip_special_tokens=True)
        after = self.tokenizer.decode(row.ids[row.prefix:], skip_special_tokens=True)
        if len(after) <= len(before) or (after.endswith("\ufffd") and not final):
            return ""
        row.prefix, row.read = row.read, len(row.ids)
        return after[len(before):]

    def _finish(self, row: _Row, reason: str, end: int) -> None:
        if end > row.sent:
            self.reply.delta(row.choices, row.text[row.sent:end])
        row.sent, row.done = end, True
        self.reply.finish(row.choices, reason, len(row.ids))


def _find_stop(text: str, stops: list[str], start: int) -> int | None:
    """Where the earliest stop string in text[start:] begins, or None."""
    found = [i for i in (text.find(s, start) for s in stops) if i >= 0]
    return min(found) if found else None
