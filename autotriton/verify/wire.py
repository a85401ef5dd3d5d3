"""Plain data between the judge and the candidate process, over a Unix socket.

A message is an 8-byte big-endian header length, a JSON header, then the raw bytes
of every tensor the header lists. Values are *plain data* only: tensors (exact
`torch.Tensor`, strided, on CPU or CUDA, from a fixed dtype list), ints, floats,
bools, None, and lists/tuples of them. Nothing with behaviour crosses the boundary:
an object whose `__ne__` always says "equal" cannot even be sent.

`encode` runs in the candidate process on untrusted objects, so it checks exact
types before touching them and never recurses deeper than `MAX_DEPTH`. `decode`
runs in the judge on untrusted bytes, so every field is validated and every size
is capped before anything is allocated; a bad message raises `WireError`, which
the judge turns into the candidate's `bad_output`, never into a crash.
"""

from __future__ import annotations

import json
import math
import socket
import struct

import torch

MAX_HEADER_BYTES = 4 << 20
MAX_DEPTH = 8  # (outputs, (a, b)) style nesting is 2-3 deep in real tasks
MAX_ITEMS = 4096  # leaves and containers in one value tree
DTYPES: dict[str, torch.dtype] = {
    "float64": torch.float64, "float32": torch.float32, "float16": torch.float16,
    "bfloat16": torch.bfloat16, "int64": torch.int64, "int32": torch.int32, "int16": torch.int16,
    "int8": torch.int8, "uint8": torch.uint8, "bool": torch.bool,
}
_DTYPE_NAMES = {v: k for k, v in DTYPES.items()}


class WireError(ValueError):
    """A message (or a value to send) that is not plain data within the limits."""


# ------------------------------------------------------------------ value trees

def _flatten(value, tensors: list[torch.Tensor], depth: int, count: list[int]):
    """Exact-type walk: subclasses are refused, so no candidate method ever runs."""
    count[0] += 1
    if count[0] > MAX_ITEMS:
        raise WireError(f"more than {MAX_ITEMS} values in one output")
    kind = type(value)
    if kind is torch.Tensor:
        tensors.append(_plain_tensor(value))
        return {"T": len(tensors) - 1}
    if kind is bool:
        return {"b": value}
    if kind is int:
        return {"i": value}
    if kind is float:
        return {"f": value if math.isfinite(value) else repr(value)}
    if value is None:
        return {"N": 0}
    if kind is list or kind is tuple:
        if depth >= MAX_DEPTH:
            raise WireError(f"outputs nested deeper than {MAX_DEPTH}")
        items = [_flatten(v, tensors, depth + 1, count) for v in value]
        return {"L" if kind is list else "U": items}
    raise WireError(f"an output of type {kind.__name__!r} is not plain data "
                    "(tensors, numbers, and tuples or lists of them)")


def _plain_tensor(t: torch.Tensor) -> torch.Tensor:
    if t.layout != torch.strided or t.is_nested or t.device.type not in ("cpu", "cuda"):
        raise WireError(f"tensor on {t.device.type} with layout {t.layout} is not plain data")
    if t.dtype not in _DTYPE_NAMES:
        raise WireError(f"tensor dtype {t.dtype} is not supported")
    return t


def _unflatten(node, tensors: list[torch.Tensor], depth: int):
    if type(node) is not dict or len(node) != 1 or depth > MAX_DEPTH + 1:
        raise WireError("malformed value tree")
    (tag, val), = node.items()
    if tag == "T" and type(val) is int and 0 <= val < len(tensors):
        return tensors[val]
    if tag == "b" and type(val) is bool:
        return val
    if tag == "i" and type(val) is int:
        return val
    if tag == "f" and type(val) in (float, int):
        return float(val)
    if tag == "f" and val in ("nan", "inf", "-inf"):
        return float(val)
    if tag == "N":
        return None
    if tag in ("L", "U") and type(val) is list:
        items = [_unflatten(v, tensors, depth + 1) for v in val]
        return items if tag == "L" else tuple(items)
    raise WireError(f"malformed value tree node {tag!r}")


# ------------------------------------------------------------------ messages

NO_VALUE = object()


def send(sock: socket.socket, header: dict, value=NO_VALUE) -> None:
    """Send `header` plus an optional value tree (its tensors travel as raw bytes).
    Raises WireError, before sending anything, if `value` is not plain data."""
    tensors: list[torch.Tensor] = []
    if value is not NO_VALUE:
        header = dict(header, value=_flatten(value, tensors, 0, [0]))
    specs, payloads = [], []
    for t in tensors:
        host = t.detach().contiguous().cpu()
        specs.append({"dtype": _DTYPE_NAMES[t.dtype], "shape": list(host.shape),
                      "nbytes": host.numel() * host.element_size()})
        payloads.append(host)
    raw = json.dumps(dict(header, tensors=specs)).encode()
    sock.sendall(struct.pack(">Q", len(raw)) + raw)
    for host in payloads:
        if host.numel():
            sock.sendall(memoryview(host.reshape(-1).view(torch.uint8).numpy()))


def recv(sock: socket.socket, max_bytes: int) -> tuple[dict, object]:
    """(header, value) of the next message. Raises WireError on anything malformed
    or larger than `max_bytes` of tensor data, EOFError if the peer is gone."""
    (size,) = struct.unpack(">Q", _recv_exact(sock, 8))
    if size > MAX_HEADER_BYTES:
        raise WireError(f"message header of {size} bytes (cap {MAX_HEADER_BYTES})")
    try:
        header = json.loads(_recv_exact(sock, size))
    except (ValueError, RecursionError) as exc:
        raise WireError(f"unreadable message header: {type(exc).__name__}") from None
    if type(header) is not dict or type(header.get("tensors")) is not list:
        raise WireError("message header is not an object with a tensor list")
    tensors = _recv_tensors(sock, header.pop("tensors"), max_bytes)
    value = _unflatten(header.pop("value"), tensors, 0) if "value" in header else NO_VALUE
    return header, value


def _recv_tensors(sock: socket.socket, specs: list, max_bytes: int) -> list[torch.Tensor]:
    if len(specs) > MAX_ITEMS:
        raise WireError(f"{len(specs)} tensors in one message (cap {MAX_ITEMS})")
    checked, total = [], 0
    for spec in specs:
        dtype, shape, nbytes = _check_spec(spec)
        total += nbytes
        if total > max_bytes:
            raise WireError(f"outputs exceed {max_bytes >> 20} MiB")
        checked.append((dtype, shape, nbytes))
    out = []
    for dtype, shape, nbytes in checked:
        buf = torch.empty(nbytes, dtype=torch.uint8)
        if nbytes:
            _recv_into(sock, memoryview(buf.numpy()))
        out.append(buf.view(dtype).reshape(shape))
    return out


def _check_spec(spec) -> tuple[torch.dtype, list[int], int]:
    if type(spec) is not dict or spec.get("dtype") not in DTYPES:
        raise WireError("tensor spec without a supported dtype")
    shape, nbytes = spec.get("shape"), spec.get("nbytes")
    if type(shape) is not list or len(shape) > 16 or any(type(d) is not int or d < 0 for d in shape):
        raise WireError("tensor spec with a malformed shape")
    dtype = DTYPES[spec["dtype"]]
    expected = math.prod(shape) * torch.empty((), dtype=dtype).element_size()
    if type(nbytes) is not int or nbytes != expected:
        raise WireError("tensor spec whose byte count does not match its shape")
    return dtype, shape, nbytes


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    buf = bytearray(n)
    _recv_into(sock, memoryview(buf))
    return bytes(buf)


def _recv_into(sock: socket.socket, view: memoryview) -> None:
    got = 0
    while got < len(view):
        n = sock.recv_into(view[got:])
        if n == 0:
            raise EOFError("peer closed the channel")
        got += n
