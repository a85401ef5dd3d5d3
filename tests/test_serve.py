"""`autotriton serve` (models/serve.py) through the official `openai` client, on 127.0.0.1.

The model is a 2-layer, hidden-32 Llama with random weights over a word-level vocabulary:
every token decodes to a word, so a stream carries text from its first token, and its EOS id
lies outside the model's vocabulary, so it never ends on its own: an answer runs to
max_tokens unless `stop` or a disconnect ends it."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request

import openai
import pytest
from typer.testing import CliRunner

from autotriton.cli.main import app
from autotriton.models.serve import ServeConfig, start_in_thread

KEY = "sk-test"
CAP = 64  # max_prompt_tokens
HELLO = [{"role": "user", "content": "hello world"}]
WORDS = "system user assistant hello world kernel triton fast slow add mul load store block grid tile".split()
CHATML = ("{% for message in messages %}"
          "{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}"
          "{% endfor %}"
          "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}")


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    vocab = {word: i for i, word in enumerate(["<pad>", "<unk>", "<|im_start|>", "<|im_end|>", *WORDS])}
    eos = vocab["<|endoftext|>"] = len(vocab)
    words = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    words.pre_tokenizer = pre_tokenizers.Whitespace()
    words.decoder = decoders.WordPiece()  # joins words with spaces
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=words, unk_token="<unk>", pad_token="<pad>",
                                        eos_token="<|endoftext|>", chat_template=CHATML,
                                        additional_special_tokens=["<|im_start|>", "<|im_end|>"])
    out = tmp_path_factory.mktemp("tiny-serve")
    tokenizer.save_pretrained(out)
    config = LlamaConfig(vocab_size=eos, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                         num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=4096,
                         bos_token_id=None, eos_token_id=None, pad_token_id=0)
    torch.manual_seed(0)
    LlamaForCausalLM(config).save_pretrained(out)
    return out


@pytest.fixture(scope="module")
def server(tiny_model):
    from autotriton.models.hf import HFBackend
    server, url = start_in_thread(HFBackend(str(tiny_model)),
                                  ServeConfig(model_name="tiny", api_key=KEY, max_prompt_tokens=CAP))
    yield server, url
    server.close()


def client(url: str, key: str = KEY) -> openai.OpenAI:
    # trust_env=False keeps a proxy in the environment away from our loopback server
    return openai.OpenAI(base_url=url, api_key=key, max_retries=0, timeout=60,
                         http_client=openai.DefaultHttpxClient(trust_env=False))


def chat(url: str, **kw):
    return client(url).chat.completions.create(**{"model": "tiny", "messages": HELLO, "temperature": 0, **kw})


def streamed(chunks) -> tuple[str, str | None]:
    """The text and the last finish_reason of choice 0 in a chat or completion stream."""
    text, reason = "", None
    for chunk in chunks:
        for choice in chunk.choices:
            text += (choice.delta.content or "") if hasattr(choice, "delta") else choice.text
            reason = choice.finish_reason or reason
    return text, reason


def wait_for_entries(server, count: int, timeout_s: float = 10.0):
    deadline = time.monotonic() + timeout_s
    while len(server.recent) < count and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(server.recent) >= count, "the server logged no finished request"
    return server.recent[-1]


def test_chat_completions_and_models(server):
    _, url = server
    reply = chat(url, max_tokens=8, n=2)
    texts = [c.message.content for c in reply.choices]
    assert texts[0] and texts == [texts[0]] * 2  # greedy: one row decoded, sent as both choices
    assert [c.finish_reason for c in reply.choices] == ["length", "length"]
    assert reply.model == "tiny" and reply.usage.completion_tokens == 16 and reply.usage.prompt_tokens > 0
    completion = client(url).completions.create(model="tiny", prompt="hello world", max_tokens=8, temperature=0)
    assert completion.choices[0].text and completion.choices[0].finish_reason == "length"
    assert (completion.usage.prompt_tokens, completion.usage.completion_tokens) == (2, 8)
    assert [m.id for m in client(url).models.list()] == ["tiny"]


def test_streams_send_token_by_token_what_a_whole_answer_says(server):
    _, url = server
    whole = chat(url, max_tokens=8).choices[0].message.content
    chunks = list(chat(url, max_tokens=8, stream=True, stream_options={"include_usage": True}))
    words = sum(1 for c in chunks if c.choices and c.choices[0].delta.content)
    assert words == len(whole.split()) > 1  # one chunk a word (a special token prints nothing)
    assert streamed(chunks) == (whole, "length") and chunks[-1].usage.completion_tokens == 8
    sampled = list(chat(url, max_tokens=4, n=2, temperature=1.0, seed=1, stream=True))
    assert {c.choices[0].index for c in sampled if c.choices[0].finish_reason == "length"} == {0, 1}
    completions = client(url).completions
    whole = completions.create(model="tiny", prompt="hello", max_tokens=6, temperature=0).choices[0].text
    assert streamed(completions.create(model="tiny", prompt="hello", max_tokens=6, temperature=0,
                                       stream=True)) == (whole, "length")


def test_stop_ends_the_text_before_the_first_match(server):
    _, url = server
    whole = chat(url, max_tokens=12).choices[0].message.content
    stop = " " + whole.split()[4]
    expected = whole[:whole.index(stop)]
    reply = chat(url, max_tokens=12, stop=[stop, "never said"])
    assert (reply.choices[0].message.content, reply.choices[0].finish_reason) == (expected, "stop")
    assert streamed(chat(url, max_tokens=12, stop=stop, stream=True)) == (expected, "stop")


def test_unsupported_fields_are_refused_by_name(server):
    _, url = server
    with pytest.raises(openai.BadRequestError, match="'logprobs' is not supported"):
        chat(url, max_tokens=2, logprobs=True)
    with pytest.raises(openai.BadRequestError, match="'frobnicate' is not supported"):
        chat(url, max_tokens=2, extra_body={"frobnicate": 1})
    with pytest.raises(openai.BadRequestError, match="'echo' is not supported"):
        client(url).completions.create(model="tiny", prompt="hello", max_tokens=2, echo=True)
    # fields at their no-op default are accepted
    assert chat(url, max_tokens=2, logprobs=False, frequency_penalty=0, tools=[]).choices[0].finish_reason == "length"


def test_messages_the_chat_template_refuses_are_a_400(server):
    srv, url = server
    strict = "{% if messages[0]['role'] == 'system' %}{{ raise_exception('no system role') }}{% endif %}" + CHATML
    tokenizer = srv.backend.tokenizer
    tokenizer.chat_template, original = strict, tokenizer.chat_template
    try:
        with pytest.raises(openai.BadRequestError, match="chat template refused these messages: no system role"):
            chat(url, max_tokens=2, messages=[{"role": "system", "content": "hello"}, *HELLO])
        assert chat(url, max_tokens=2).choices[0].finish_reason == "length"
    finally:
        tokenizer.chat_template = original


def test_too_long_prompt_is_refused_before_the_backend(server):
    srv, url = server
    before = len(srv.recent)
    with pytest.raises(openai.BadRequestError, match=f"at most {CAP}"):
        chat(url, max_tokens=2, messages=[{"role": "user", "content": "hello " * 200}])
    with pytest.raises(openai.BadRequestError, match=f"at most {CAP}"):
        client(url).completions.create(model="tiny", prompt="hello " * 200, max_tokens=2)
    with pytest.raises(openai.BadRequestError, match="context of 4096"):
        chat(url, max_tokens=4090)
    assert len(srv.recent) == before


def test_api_key_and_open_health(server):
    _, url = server
    with pytest.raises(openai.AuthenticationError):
        client(url, "sk-wrong").models.list()
    with pytest.raises(openai.AuthenticationError):
        client(url, "sk-wrong").chat.completions.create(model="tiny", messages=HELLO, max_tokens=2)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(url.removesuffix("/v1") + "/health", timeout=10) as r:
        assert r.status == 200 and json.loads(r.read()) == {"status": "ok"}


def test_client_leaving_mid_stream_stops_generation(server):
    srv, url = server
    before = len(srv.recent)
    stream = chat(url, max_tokens=2000, stream=True)
    for i, _ in enumerate(stream):
        if i == 2:
            break
    stream.close()
    entry = wait_for_entries(srv, before + 1)
    # ~12 ms a token here: 2,000 would take ~25 s; it stops within a few tokens of the close
    assert entry.outcome == "cancelled" and 3 <= entry.completion_tokens < 200, entry


def test_client_leaving_while_queued_never_reaches_the_backend(server):
    srv, url = server
    before = len(srv.recent)
    body = json.dumps({"model": "tiny", "messages": HELLO, "max_tokens": 2000}).encode()
    with srv.backend_lock:  # another request is generating
        sock = socket.create_connection(srv.server_address)
        sock.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + KEY.encode()
                     + b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        time.sleep(0.2)
        sock.close()
        entry = wait_for_entries(srv, before + 1)
    assert (entry.outcome, entry.completion_tokens) == ("cancelled", 0)


def test_specs_that_cannot_be_served_are_refused_at_start():
    runner = CliRunner()
    out = runner.invoke(app, ["serve", "--model", "reference"])
    assert out.exit_code == 2 and "'reference' cannot be served" in out.output
    assert len(out.output.strip().splitlines()) == 1
    out = runner.invoke(app, ["serve", "--model", "vllm:/models/x"])
    assert out.exit_code == 2 and "vllm serve /models/x" in out.output


def test_the_backend_lock_is_granted_first_come_first_served():
    """20 concurrent requests were served in arbitrary order by a plain lock (one waited 20.7 s,
    a later one 1.3 s; issue 33). Waiters that queue in order get the lock in order, and one that
    leaves the queue is skipped."""
    from autotriton.models.serve import FifoLock
    lock, order = FifoLock(), []
    first = lock.enter()
    assert first.is_set()
    tickets = []
    for i in range(8):
        tickets.append(lock.enter())
    assert not any(t.is_set() for t in tickets)
    lock.leave(tickets[3])  # its client went away while queued

    def worker(i, ticket):
        ticket.wait()
        order.append(i)
        lock.release()
    threads = [threading.Thread(target=worker, args=(i, t)) for i, t in reversed(list(enumerate(tickets)))
               if i != 3]
    for t in threads:
        t.start()
    time.sleep(0.05)
    lock.release()  # the first holder is done
    for t in threads:
        t.join(5)
    assert order == [0, 1, 2, 4, 5, 6, 7]
    with lock:  # free again: the context manager takes it at once, and a newcomer queues
        newcomer = lock.enter()
        assert not newcomer.is_set()
        lock.leave(newcomer)
    assert lock.enter().is_set()
