"""The judge/candidate transport (wire.py): shared buffers on the host and on the GPU,
and the refusals that keep a lying peer from crashing or steering the judge."""

import socket
import subprocess
import sys
import textwrap

import pytest
import torch

from autotriton.verify import wire

# The peer process: sends what the parent asks for over the socket whose fd is argv[2].
PEER = textwrap.dedent("""
    import socket, struct, sys, os, torch
    from autotriton.verify import wire
    sock = socket.socket(fileno=int(sys.argv[2]))
    what = sys.argv[1]
    if what == "tensors":
        torch.manual_seed(0)
        a = torch.randn(1024, 1027, device="cuda")
        b = torch.arange(5, dtype=torch.int64, device="cuda")
        wire.send(sock, {"op": "out"}, (a, [b, 3.5]))
        sock.recv(1)  # the parent has copied: the buffer may go
    elif what == "oversized":
        # Announce more bytes than the device buffer holds.
        a = torch.ones(1 << 20, device="cuda")
        wire.send(sock, {"op": "out"}, a)
        sock.recv(1)
    elif what == "memfd_as_cuda":
        fd = os.memfd_create("x")
        os.ftruncate(fd, 8 << 20)
        spec = {"dtype": "float32", "shape": [1 << 21], "nbytes": 8 << 20, "offset": 0}
        raw = __import__("json").dumps({"op": "out", "tensors": [spec], "shm": "cuda", "value": {"T": 0}}).encode()
        sock.sendmsg([struct.pack(">Q", len(raw)) + raw], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, struct.pack("i", fd))])
        sock.recv(1)
""")


def _peer(what: str, patch: str = ""):
    ours, theirs = socket.socketpair()
    proc = subprocess.Popen([sys.executable, "-c", patch + PEER, what, str(theirs.fileno())], pass_fds=[theirs.fileno()],
                            stdin=subprocess.DEVNULL)
    theirs.close()
    return ours, proc


def test_host_buffer_round_trip_and_no_cuda_on_cpu():
    a, b = socket.socketpair()
    x = torch.randn(600, 600)  # 1.4 MB: over SHM_BYTES, so a memfd
    wire.send(a, {"op": "x"}, [x, (1, None)])
    header, value = wire.recv(b, 1 << 30)
    assert header["op"] == "x" and torch.equal(value[0], x) and value[1] == (1, None)
    # A peer claiming a device buffer cannot make a CPU judge start CUDA.
    fd = __import__("os").memfd_create("x")
    raw = b'{"tensors": [], "shm": "cuda"}'
    a.sendmsg([len(raw).to_bytes(8, "big") + raw], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fd.to_bytes(4, "little"))])
    with pytest.raises(wire.WireError, match="without a GPU"):
        wire.recv(b, 1 << 30, device="cpu")


def test_a_config_object_reaches_the_candidate_as_its_plain_values_and_never_comes_back():
    """transformers' layers are built from a config object: the judge sends its plain
    attributes (strings, dtypes and str-keyed dicts too) as a namespace; a candidate's output
    holding a string, a dict or an object is still refused, as before. A constructor argument
    the wire cannot carry (an nn.Module) raises WireError, which the judge makes invalid_task."""
    class Config:
        attribute_map = {"d_model": "hidden_size"}  # transformers' aliases

        def __getattr__(self, name):
            if name in type(self).attribute_map:
                return getattr(self, type(self).attribute_map[name])
            raise AttributeError(name)

        def __init__(self):
            self.hidden_size, self.hidden_act, self.eps = 64, "gelu", 1e-5
            self.rope_scaling = {"type": "linear", "factor": 2.0}
            self.dtype, self.weight = torch.float32, torch.ones(3)

        def get_text_config(self):
            return self

        @property
        def head_dim(self):
            return self.hidden_size // 4

        @property
        def broken(self):
            raise AttributeError("needs more")

    a, b = socket.socketpair()
    wire.send(a, {"op": "build"}, [Config(), 3], objects=True)
    _, (config, three) = wire.recv(b, 1 << 20, objects=True)
    assert (config.hidden_size, config.hidden_act, config.eps, three) == (64, "gelu", 1e-5, 3)
    assert config.rope_scaling == {"type": "linear", "factor": 2.0} and torch.equal(config.weight, torch.ones(3))
    assert config.head_dim == 16 and config.d_model == 64 and not hasattr(config, "broken")
    assert config.dtype is torch.float32 and not hasattr(config, "get_text_config")
    wire.send(a, {"op": "build"}, [torch.float16, 2], objects=True)  # `Model(dtype=torch.float16)`
    assert wire.recv(b, 1 << 20, objects=True)[1] == [torch.float16, 2]
    with pytest.raises(wire.WireError, match="type 'Linear' cannot be sent"):
        wire.send(a, {"op": "build"}, [torch.nn.Linear(2, 2)], objects=True)
    for output in ("gelu", {"a": 1}, Config(), torch.nn.Parameter(torch.ones(2))):
        with pytest.raises(wire.WireError, match="not plain data"):
            wire.send(a, {"op": "out"}, output)
    wire.send(a, {"op": "build"}, ["gelu"], objects=True)  # what a candidate sends is read without objects
    with pytest.raises(wire.WireError, match="malformed value tree node 's'"):
        wire.recv(b, 1 << 20)


@pytest.mark.parametrize("n", [100, 600])  # sent inline, and in a memfd (over SHM_BYTES)
def test_an_output_over_its_cap_says_its_shape(n):
    """A kernel returning an input-sized tensor where the reference returns a scalar is told
    what it returned, not about the transport's buffers."""
    a, b = socket.socketpair()
    wire.send(a, {"op": "x"}, torch.zeros(n, n))
    with pytest.raises(wire.WireError, match=rf"the output \(float32\[{n}, {n}\]: [\d.]+ MiB\) is larger than "
                                            r"Model's outputs can be \(0.0 MiB at most\); check its shape and dtype"):
        wire.recv(b, 8)


@pytest.mark.gpu
def test_device_buffer_round_trip_between_processes():
    sock, proc = _peer("tensors")
    header, (a, (b, f)) = wire.recv(sock, 1 << 30, device="cuda")
    sock.send(b"x")
    proc.wait(timeout=60)
    torch.manual_seed(0)
    assert a.is_cuda and torch.equal(a, torch.randn(1024, 1027, device="cuda"))
    assert torch.equal(b.cpu(), torch.arange(5)) and f == 3.5


@pytest.mark.gpu
def test_device_buffer_size_lie_is_refused():
    # The peer announces 64 MiB in a buffer of 4 MiB: the driver refuses the mapping.
    patch = ("import autotriton.verify.wire as w\n_orig = w._frame\n"
             "def _frame(h):\n    h['tensors'][0]['shape'] = [1 << 24]; h['tensors'][0]['nbytes'] = 1 << 26\n"
             "    return _orig(h)\nw._frame = _frame\n")
    sock, proc = _peer("oversized", patch)
    with pytest.raises(wire.WireError, match="cannot be mapped"):
        wire.recv(sock, 1 << 30, device="cuda")
    sock.send(b"x")
    proc.wait(timeout=60)
    assert torch.ones(1, device="cuda").item() == 1  # this process's CUDA context is intact


@pytest.mark.gpu
def test_non_device_descriptor_is_refused():
    sock, proc = _peer("memfd_as_cuda")
    with pytest.raises(wire.WireError, match="cannot be mapped"):
        wire.recv(sock, 1 << 30, device="cuda")
    sock.send(b"x")
    proc.wait(timeout=60)


def test_a_refused_device_buffer_is_retried_after_freeing_the_cache(monkeypatch):
    """Freed blocks of torch's caching allocator are invisible to the driver: the share is
    asked for again after empty_cache, before the payload would go through host memory."""
    from autotriton.verify import cuda_share
    calls = []

    def refuse(nbytes):
        calls.append("create")
        raise cuda_share.ShareError("cuMemCreate failed with CUresult 2")

    monkeypatch.setattr(cuda_share, "create", refuse)
    monkeypatch.setattr(torch.cuda, "empty_cache", lambda: calls.append("empty_cache"))
    assert wire._fill_cuda([], [], 1 << 20) is None  # still refused: the caller takes a memfd
    assert calls == ["create", "empty_cache", "create"]
