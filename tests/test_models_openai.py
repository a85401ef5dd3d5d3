"""OpenAIBackend against our own OpenAI-compatible server (models/serve.py) and small
scripted servers, all on 127.0.0.1: sampling, token counts, retries and user-facing errors."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from autotriton.models.base import BackendError, Generation, SamplingParams
from autotriton.models.openai_backend import OpenAIBackend, _split_tokens
from autotriton.models.serve import start_in_thread

PARAMS = SamplingParams(n=3, temperature=0.5, top_p=0.9, max_new_tokens=64, seed=7)
HELLO = [{"role": "user", "content": "hello"}]


@pytest.fixture(autouse=True)
def fast_and_local(monkeypatch):
    # no_proxy keeps a proxy in the environment away from our loopback servers (the SDK's own
    # backoff, 0.5 s doubling, keeps each retry test within a few seconds).
    monkeypatch.setenv("no_proxy", "*")
    monkeypatch.setenv("NO_PROXY", "*")
    monkeypatch.delenv("TEST_OPENAI_KEY", raising=False)


class FakeBackend:
    """Deterministic: sample j of a conversation is '<last user text>#j', 5 tokens each;
    odd samples stop on length. Prompt tokens = 10 per message."""
    name = "fake"

    def __init__(self):
        self.calls: list[SamplingParams] = []

    def generate(self, conversations, params, tasks=None):
        self.calls.append(params)
        return [[Generation(f"{conv[-1]['content']}#{j}", 10 * len(conv), 5, "length" if j % 2 else "stop")
                 for j in range(params.n)] for conv in conversations]

    def close(self):
        pass


@pytest.fixture
def fake_server():
    backend = FakeBackend()
    server, url = start_in_thread(backend)
    yield backend, url
    server.close()


class Scripted:
    """A loopback server answering POSTs from a script of (status, body); the last entry repeats.
    Records each request's headers (names lower-cased: HTTP's are case-blind) and JSON body."""

    def __init__(self, script: list[tuple[int, dict | str]]):
        self.script, self.requests = script, []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(({k.lower(): v for k, v in self.headers.items()}, body))
                status, reply = outer.script[min(len(outer.requests), len(outer.script)) - 1]
                data = (reply if isinstance(reply, str) else json.dumps(reply)).encode()
                self.send_response(status)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def scripted():
    servers = []

    def make(script):
        servers.append(Scripted(script))
        return servers[-1]
    yield make
    for s in servers:
        s.close()


def one_choice(text="ok", usage=True):
    reply = {"choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}
    if usage:
        reply["usage"] = {"prompt_tokens": 4, "completion_tokens": 2, "total_tokens": 6}
    return reply


def backend(url, **kw):
    kw = {"timeout_s": 5, "max_retries": 2, "api_key_env": "TEST_OPENAI_KEY", **kw}
    return OpenAIBackend(kw.pop("model", "fake"), url, **kw)


def test_samples_token_counts_and_finish_reasons(fake_server):
    fake, url = fake_server
    client = backend(url)
    convs = [HELLO, [{"role": "system", "content": "be brief"}, {"role": "user", "content": "bye"}]]
    out = client.generate(convs, PARAMS, tasks=["ignored", "ignored"])
    client.close()
    assert [[g.text for g in gens] for gens in out] == [["hello#0", "hello#1", "hello#2"], ["bye#0", "bye#1", "bye#2"]]
    assert [g.finish_reason for g in out[0]] == ["stop", "length", "stop"]
    assert [g.prompt_tokens for g in out[0]] == [10] * 3 and [g.prompt_tokens for g in out[1]] == [20] * 3
    assert all(g.completion_tokens == 5 for gens in out for g in gens)  # 15 total, equal-length texts
    assert len(fake.calls) == 2  # one request per conversation: the server honoured n=3
    got = fake.calls[0]
    assert (got.n, got.temperature, got.top_p, got.max_new_tokens, got.seed) == (3, 0.5, 0.9, 64, 7)
    assert client.name == f"openai:fake@{url}"


def test_tops_up_when_server_returns_fewer_choices(scripted):
    server = scripted([(200, one_choice())])  # ignores n
    out = backend(server.url).generate([HELLO], PARAMS)
    assert [g.text for g in out[0]] == ["ok"] * 3 and all(g.completion_tokens == 2 for g in out[0])
    bodies = [body for _, body in server.requests]
    assert [b["n"] for b in bodies] == [3, 2, 1]
    assert [b["seed"] for b in bodies] == [7, 8, 9]  # fresh seeds, or the top-ups repeat sample 0
    assert bodies[0]["max_tokens"] == 64 and bodies[0]["model"] == "fake"


def test_missing_usage_is_estimated(scripted):
    server = scripted([(200, one_choice("x" * 40, usage=False))])
    g = backend(server.url).generate([[{"role": "user", "content": "y" * 20}]], SamplingParams(n=1))[0][0]
    assert (g.prompt_tokens, g.completion_tokens) == (5, 10)


def test_split_tokens_is_proportional_and_exact():
    assert _split_tokens(10, ["aaaa", "a"]) == [8, 2]
    assert _split_tokens(7, ["aa", "a"]) == [5, 2]  # 4.67 and 2.33: the larger remainder gets the spare token
    assert sum(_split_tokens(101, ["ab", "abc", "a", ""])) == 101
    assert _split_tokens(3, ["", "", ""]) == [1, 1, 1]


def test_retries_503_then_succeeds(scripted):
    server = scripted([(503, {"error": {"message": "loading"}}), (503, "busy"), (200, one_choice())])
    out = backend(server.url, max_retries=2).generate([HELLO], SamplingParams(n=1))
    assert out[0][0].text == "ok" and len(server.requests) == 3


def test_gives_up_after_max_retries(scripted):
    server = scripted([(429, {"error": {"message": "slow down"}})])
    with pytest.raises(BackendError, match="after 3 tries.*429.*slow down"):
        backend(server.url, max_retries=2).generate([HELLO], SamplingParams(n=1))
    assert len(server.requests) == 3


def test_401_names_the_env_var_and_is_not_retried(scripted, monkeypatch):
    monkeypatch.setenv("TEST_OPENAI_KEY", "sk-wrong")
    server = scripted([(401, {"error": {"message": "bad key"}})])
    with pytest.raises(BackendError, match=r"rejected the API key from \$TEST_OPENAI_KEY"):
        backend(server.url).generate([HELLO], SamplingParams(n=1))
    assert len(server.requests) == 1
    assert server.requests[0][0]["authorization"] == "Bearer sk-wrong"


def test_no_key_sends_no_authorization(scripted):
    server = scripted([(200, one_choice())])
    backend(server.url).generate([HELLO], SamplingParams(n=1))
    assert "authorization" not in server.requests[0][0]
    server = scripted([(401, "unauthorized")])
    with pytest.raises(BackendError, match=r"wants an API key: set \$TEST_OPENAI_KEY"):
        backend(server.url).generate([HELLO], SamplingParams(n=1))


def test_unknown_model_is_404(fake_server):
    _, url = fake_server
    with pytest.raises(BackendError, match="model 'nope' not found"):
        backend(url, model="nope").generate([HELLO], SamplingParams(n=1))


def test_malformed_response(scripted):
    for reply in ("not json", {"choices": []}, {"choices": [{"text": "legacy"}]}):
        server = scripted([(200, reply)])
        with pytest.raises(BackendError, match="malformed response"):
            backend(server.url).generate([HELLO], SamplingParams(n=1))


def test_closed_port_fails_fast():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed once the block ends: nothing listens there
    start = time.monotonic()
    with pytest.raises(BackendError, match=f"cannot reach http://127.0.0.1:{port}/v1"):
        backend(f"http://127.0.0.1:{port}/v1", timeout_s=1, max_retries=1).generate([HELLO], SamplingParams(n=1))
    assert time.monotonic() - start < 5


def test_silent_server_times_out():
    with socket.socket() as listener:  # accepts connections (kernel backlog) but never answers
        listener.bind(("127.0.0.1", 0))
        listener.listen(4)
        url = f"http://127.0.0.1:{listener.getsockname()[1]}/v1"
        start = time.monotonic()
        with pytest.raises(BackendError, match="did not answer within 0.3 s"):
            backend(url, timeout_s=0.3, max_retries=1).generate([HELLO], SamplingParams(n=1))
    assert time.monotonic() - start < 5


def test_bad_base_url():
    with pytest.raises(BackendError, match="base_url must look like"):
        OpenAIBackend("m", "127.0.0.1:8000")


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def post(url, data: bytes):
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def test_server_models_and_errors(fake_server):
    fake, url = fake_server
    status, body = get(url + "/models")
    assert status == 200 and [m["id"] for m in body["data"]] == ["fake"]
    assert get(url + "/nope")[0] == 404
    assert post(url + "/nope", b"{}")[0] == 404
    status, body = post(url + "/completions", json.dumps({"prompt": "hi"}).encode())
    assert status == 400 and "needs a local model" in body["error"]["message"]
    status, body = post(url + "/chat/completions", b"{not json")
    assert status == 400 and "not valid JSON" in body["error"]["message"]
    status, body = post(url + "/chat/completions", b'{"model": "fake"}')
    assert status == 400 and "messages" in body["error"]["message"]
    for bad in ({"n": 0}, {"n": True}, {"temperature": "hot"}, {"logprobs": True}, {"stop": [""]}):
        assert post(url + "/chat/completions", json.dumps({"messages": HELLO, **bad}).encode())[0] == 400, bad
    assert fake.calls == []  # nothing bad reached the backend


def test_server_reply_shape_and_defaults(fake_server):
    fake, url = fake_server
    status, body = post(url + "/chat/completions", json.dumps(
        {"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}], "n": 2}).encode())
    assert status == 200 and body["object"] == "chat.completion" and body["model"] == "fake"
    assert [c["message"]["content"] for c in body["choices"]] == ["hi#0", "hi#1"]
    assert [c["finish_reason"] for c in body["choices"]] == ["stop", "length"]
    assert body["usage"] == {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}
    assert fake.calls[0].seed is None and fake.calls[0].temperature == SamplingParams().temperature


def test_server_streams_and_stops_a_backend_that_generates_whole(fake_server):
    """Without token access, a stream carries each choice in one chunk and `stop` cuts the finished text."""
    _, url = fake_server
    request = urllib.request.Request(url + "/chat/completions", method="POST", data=json.dumps(
        {"messages": HELLO, "n": 2, "stream": True, "stop": "#1"}).encode())
    with urllib.request.urlopen(request, timeout=5) as r:
        events = [line[len(b"data: "):] for line in r.read().splitlines() if line.startswith(b"data: ")]
    assert events[-1] == b"[DONE]"
    choices = [c for e in events[:-1] for c in json.loads(e)["choices"]]
    assert [(c["index"], c["delta"].get("content"), c["finish_reason"]) for c in choices] == [
        (0, "hello#0", None), (0, None, "stop"), (1, "hello", None), (1, None, "stop")]
