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

import fcntl
import json
import math
import mmap
import os
import socket
import struct
import types
import warnings

import torch

MAX_HEADER_BYTES = 4 << 20
MAX_DEPTH = 8  # (outputs, (a, b)) style nesting is 2-3 deep in real tasks
MAX_ITEMS = 4096  # leaves and containers in one value tree
SHM_BYTES = 1 << 20  # payloads above this travel in a memfd (see send)
# Any one dimension: a zero-element spec such as [0, 2**64] passes the byte count, and
# torch cannot even reshape to it (dims are int64). 2^48 is far past any real tensor.
MAX_DIM = 1 << 48
DTYPES: dict[str, torch.dtype] = {
    "float64": torch.float64, "float32": torch.float32, "float16": torch.float16,
    "bfloat16": torch.bfloat16, "int64": torch.int64, "int32": torch.int32, "int16": torch.int16,
    "int8": torch.int8, "uint8": torch.uint8, "bool": torch.bool,
}
_DTYPE_NAMES = {v: k for k, v in DTYPES.items()}


class WireError(ValueError):
    """A message (or a value to send) that is not plain data within the limits."""


# ------------------------------------------------------------------ value trees

def _flatten(value, tensors: list[torch.Tensor], depth: int, count: list[int], objects: bool = False):
    """Exact-type walk: subclasses are refused, so no candidate method ever runs. `objects`:
    the judge's own constructor arguments, where strings, str-keyed dicts and an object's
    plain attributes travel too (see _object_node); never a candidate's output."""
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
        items = [_flatten(v, tensors, depth + 1, count, objects) for v in value]
        return {"L" if kind is list else "U": items}
    if objects:
        return _object_node(value, tensors, depth, count)
    raise WireError(f"an output of type {kind.__name__!r} is not plain data "
                    "(tensors, numbers, and tuples or lists of them)")


def _object_node(value, tensors: list[torch.Tensor], depth: int, count: list[int]):
    """A string, a dict with string keys, or an object as its attributes that are plain data
    (the rest left out): harvested transformers layers are built from a config object, which the
    candidate process gets as a namespace of its values (`config.hidden_size`, `config.hidden_act`).
    The candidate builds its ModelNew from those; the reference keeps the real object."""
    if type(value) is str:
        return {"s": value}
    if isinstance(value, torch.dtype) and value in _DTYPE_NAMES:  # `Model(dtype=torch.float16)`
        return {"y": _DTYPE_NAMES[value]}
    if depth >= MAX_DEPTH:
        raise WireError(f"constructor arguments nested deeper than {MAX_DEPTH}")
    if isinstance(value, dict) and type(value) is not dict:
        # An OrderedDict, an EasyDict-style config: its items, as a dict that also answers by
        # attribute; walked as an object, its vars() were {} and the candidate got an empty
        # namespace, so honest answers were init_error (outside pass on verifier 97, F3).
        return {"E": _object_node(dict(value), tensors, depth, count)}
    if type(value) is dict:
        if any(type(k) is not str for k in value):
            return _pairs_node(value, tensors, depth, count)
        items = value
    elif hasattr(value, "__dict__") and not callable(value) and not isinstance(value, torch.Tensor):
        items = object_data(value)
        # and its properties (transformers' config._attn_implementation is one), read here, in the
        # judge, on the task's own object
        # transformers' configs also answer to aliases (`attribute_map`: d_model for hidden_size)
        aliases = getattr(type(value), "attribute_map", None)
        names = list(dir(type(value))) + (list(aliases) if type(aliases) is dict else [])
        for name in names:
            alias = type(aliases) is dict and name in aliases
            if name not in items and type(name) is str and (alias or isinstance(getattr(type(value), name, None), property)):
                try:
                    items[name] = getattr(value, name)
                except Exception:  # noqa: BLE001 - a property that needs more than the object: left out
                    continue
    else:
        raise WireError(f"a constructor argument of type {type(value).__name__!r} cannot be sent")
    node = {}
    for key, item in items.items():
        if type(key) is not str:
            continue
        try:
            node[key] = _flatten(item, tensors, depth + 1, count, True)
        except WireError:
            if type(value) is dict:
                raise  # a dict's value left out: the candidate would get a dict the task never made
            continue  # a method, a dtype, a nested model: left out of the namespace
    return {"D" if type(value) is dict else "A": node}


PLAIN_DATA = (bool, int, float, str, type(None), tuple, list, dict)


def object_data(value) -> dict:
    """An object's data as a config object holds it: its class-level defaults (plain data, not
    private names) under its own attributes. Read from vars() alone, `class Cfg: slope = 0.2`
    held nothing, and its values were neither sent nor varied (outside pass on verifier 97, F3)."""
    data = {}
    for cls in reversed(type(value).__mro__[:-1]):
        data.update({k: v for k, v in vars(cls).items() if type(k) is str and not k.startswith("_")
                     and type(v) in PLAIN_DATA})
    data.update(vars(value))
    return data


class AttrDict(dict):
    """A dict subclass handed to the constructor (an OrderedDict, an EasyDict-style config), as the
    candidate gets it: a dict that also answers by attribute."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def _pairs_node(value: dict, tensors: list[torch.Tensor], depth: int, count: list[int]):
    """A dict with keys other than strings (`{0: 0.5, 1: 0.25}`), as its (key, value) pairs: its int
    keys were dropped and the candidate got `{}`, so an honest answer reading opts[0] was a
    runtime_error (outside pass on verifier 96, F6). The keys must be plain data themselves."""
    pairs = []
    for key, item in value.items():
        if type(key) not in (str, int, bool, float) and key is not None:
            raise WireError(f"a dict key of type {type(key).__name__!r} cannot be sent")
        pairs.append([_flatten(key, tensors, depth + 1, count, True), _flatten(item, tensors, depth + 1, count, True)])
    return {"P": pairs}


def _plain_tensor(t: torch.Tensor) -> torch.Tensor:
    if t.layout != torch.strided or t.is_nested or t.device.type not in ("cpu", "cuda"):
        raise WireError(f"tensor on {t.device.type} with layout {t.layout} is not plain data")
    if t.dtype not in _DTYPE_NAMES:
        raise WireError(f"tensor dtype {t.dtype} is not supported")
    return t


def _unflatten(node, tensors: list[torch.Tensor], depth: int, objects: bool = False):
    if type(node) is not dict or len(node) != 1 or depth > MAX_DEPTH + 1:
        raise WireError("malformed value tree")
    (tag, val), = node.items()
    if objects and tag == "s" and type(val) is str:
        return val
    if objects and tag == "y" and val in DTYPES:
        return DTYPES[val]
    if objects and tag == "P" and type(val) is list and all(type(p) is list and len(p) == 2 for p in val):
        keys = [_unflatten(k, tensors, depth + 1, True) for k, _ in val]
        if any(type(k) not in (str, int, bool, float) and k is not None for k in keys):
            raise WireError("a dict key that is not plain data")
        return dict(zip(keys, (_unflatten(v, tensors, depth + 1, True) for _, v in val)))
    if objects and tag == "E" and type(val) is dict:
        inner = _unflatten(val, tensors, depth + 1, True)
        if type(inner) is not dict:
            raise WireError("malformed value tree node 'E'")
        return AttrDict(inner)
    if objects and tag in ("D", "A") and type(val) is dict:
        items = {k: _unflatten(v, tensors, depth + 1, True) for k, v in val.items()}
        return items if tag == "D" else types.SimpleNamespace(**items)
    if tag == "T" and type(val) is int and 0 <= val < len(tensors):
        return tensors[val]
    if tag == "b" and type(val) is bool:
        return val
    if tag == "i" and type(val) is int:
        return val
    if tag == "f" and type(val) is float:
        return val
    if tag == "f" and val in ("nan", "inf", "-inf"):
        return float(val)
    if tag == "N":
        return None
    if tag in ("L", "U") and type(val) is list:
        items = [_unflatten(v, tensors, depth + 1, objects) for v in val]
        return items if tag == "L" else tuple(items)
    raise WireError(f"malformed value tree node {tag!r}")


# ------------------------------------------------------------------ messages

NO_VALUE = object()


def send(sock: socket.socket, header: dict, value=NO_VALUE, objects: bool = False) -> None:
    """Send `header` plus an optional value tree. Small tensors travel inline after the
    header; above SHM_BYTES they go in one shared buffer whose descriptor rides along
    (SCM_RIGHTS): device memory when any tensor is on the GPU (cuda_share.py), else a
    memfd (a 256 MB ReLU input took ~0.7 s per trial through the socket, ~0.4 s through
    a memfd). Raises WireError, before sending anything, if `value` is not plain data."""
    _release_held()
    tensors: list[torch.Tensor] = []
    if value is not NO_VALUE:
        header = dict(header, value=_flatten(value, tensors, 0, [0], objects))
    specs, payloads, offset = [], [], 0
    for t in tensors:
        flat = t.detach().contiguous().reshape(-1).view(torch.uint8)  # no copy when already contiguous
        specs.append({"dtype": _DTYPE_NAMES[t.dtype], "shape": list(t.shape), "nbytes": flat.numel(),
                      "offset": offset, "layout": dense_layout(t)})
        payloads.append(flat)
        offset += -(-flat.numel() // 64) * 64
    if offset <= SHM_BYTES:
        sock.sendall(_frame(dict(header, tensors=specs, shm=False)))
        for flat in payloads:
            if flat.numel():
                sock.sendall(memoryview(flat.cpu().numpy()))
        return
    fd = _fill_cuda(payloads, specs, offset) if any(p.is_cuda for p in payloads) else None
    kind = "cuda" if fd is not None else "host"
    if fd is None:
        fd = _fill_memfd(payloads, specs, offset)
    frame = _frame(dict(header, tensors=specs, shm=kind))
    try:
        sent = sock.sendmsg([frame], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, struct.pack("i", fd))])
        if sent < len(frame):
            sock.sendall(frame[sent:])
    finally:
        os.close(fd)


def _frame(header: dict) -> bytes:
    raw = json.dumps(header).encode()
    return struct.pack(">Q", len(raw)) + raw


# Exported device buffers stay mapped here until the next message: by then the peer,
# which answers every message, has copied what it needed.
_HELD: list = []


def _release_held() -> None:
    while _HELD:
        _HELD.pop().close()


def _fill_cuda(payloads: list[torch.Tensor], specs: list[dict], size: int) -> int | None:
    """A descriptor for a fresh device buffer holding the payloads, or None when this
    machine cannot share device memory (the caller falls back to a memfd)."""
    from autotriton.verify import cuda_share
    try:
        mapping = cuda_share.create(size)
    except cuda_share.ShareError:
        # The driver allocates outside torch's caching allocator, which may hold the bytes as
        # freed blocks. Falling back to a memfd instead put a 6 GiB KernelBench-L1 output
        # (25_Swish, 30_Softsign) in the candidate's host memory, past its 8 GiB limit: correct
        # kernels were judged `oom` (H100 ablation runs 5-7).
        torch.cuda.empty_cache()
        try:
            mapping = cuda_share.create(size)
        except cuda_share.ShareError:
            return None
    _HELD.append(mapping)
    dst = mapping.tensor()
    for flat, spec in zip(payloads, specs):
        if flat.numel():
            dst[spec["offset"]:spec["offset"] + flat.numel()].copy_(flat)
    torch.cuda.synchronize()  # the peer reads on its own stream, in another process
    try:
        return mapping.export_fd()
    except cuda_share.ShareError:
        return None


def _fill_memfd(payloads: list[torch.Tensor], specs: list[dict], size: int) -> int:
    fd = os.memfd_create("autotriton-wire", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
    os.ftruncate(fd, size)
    fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW)
    with mmap.mmap(fd, size) as mm:
        for flat, spec in zip(payloads, specs):
            if flat.numel():
                dst = torch.frombuffer(mm, dtype=torch.uint8, count=flat.numel(), offset=spec["offset"])
                dst.copy_(flat)  # device to host straight into shared memory
                del dst
    return fd


def recv(sock: socket.socket, max_bytes: int, device: str = "cpu", objects: bool = False) -> tuple[dict, object]:
    """(header, value) of the next message. Raises WireError on anything malformed
    or larger than `max_bytes` of tensor data, EOFError if the peer is gone. Device
    buffers are accepted only when `device` is "cuda": a CPU judge must never start
    CUDA because a peer asked. `objects`: the candidate process reading the judge's
    messages, which may hold strings, dicts and namespaces (_object_node); the judge
    reads the candidate's with it off, so an output is plain data only."""
    head, fd = _recv_head(sock)
    try:
        (size,) = struct.unpack(">Q", head)
        if size > MAX_HEADER_BYTES:
            raise WireError(f"message header of {size} bytes (cap {MAX_HEADER_BYTES})")
        try:
            header = json.loads(_recv_exact(sock, size))
        except (ValueError, RecursionError) as exc:
            raise WireError(f"unreadable message header: {type(exc).__name__}") from None
        if type(header) is not dict or type(header.get("tensors")) is not list:
            raise WireError("message header is not an object with a tensor list")
        shm = header.pop("shm", False)
        if shm not in (False, "host", "cuda") or bool(shm) != (fd is not None):
            raise WireError("shared-memory flag and descriptor disagree")
        if shm == "cuda" and device != "cuda":
            raise WireError("a device buffer sent to a process without a GPU")
        specs = header.pop("tensors")
        if fd is None:
            tensors = _recv_tensors(sock, specs, max_bytes)
        elif shm == "cuda":
            tensors = _read_cuda(fd, specs, max_bytes)
        else:
            tensors = _read_memfd(fd, specs, max_bytes)
    finally:
        if fd is not None:
            os.close(fd)
    if objects:  # the candidate's inputs keep the judge's layout; the judge reads values only
        tensors = [with_layout(t, _checked_layout(spec.get("layout"), t.ndim)) for t, spec in zip(tensors, specs)]
    value = _unflatten(header.pop("value"), tensors, 0, objects) if "value" in header else NO_VALUE
    return header, value


# ------------------------------------------------------------------ layouts
# A task's get_inputs may hand its Model a transpose, a channels_last tensor or an expand. The values
# travel contiguous; their layout rides along so that the candidate gets the strides the task gives:
# with contiguous copies, kernels reading a transposed, channels_last or expanded input as flat
# memory passed and were wrong on the task's own inputs (outside pass on verifier 92). Layouts with
# gaps (a strided slice) travel contiguous.

def dense_layout(t: torch.Tensor) -> list | None:
    """[dim order, broadcast dims] of a tensor that is dense up to an order of its dims and
    broadcast dims (stride 0): a transpose, channels_last, an expand. None for a contiguous one, or
    one with gaps, or for memory that is not strided (sparse, quantized, nested), which the wire
    then refuses (_plain_tensor): asking a sparse tensor its strides raised out of the judge
    (outside pass on verifier 96, F5)."""
    if t.layout != torch.strided or t.is_nested or t.is_quantized or t.is_contiguous():
        return None
    expanded = [d for d in range(t.ndim) if t.stride(d) == 0 and t.size(d) > 1]
    base = _stored(t, expanded)
    order = sorted(range(t.ndim), key=lambda d: (-base.stride(d), d))
    return [order, expanded] if base.permute(order).is_contiguous() else None


def with_layout(t: torch.Tensor, layout: list | None) -> torch.Tensor:
    """`t`'s values in `layout` (dense_layout's): dense in the dim order, broadcast along the
    broadcast dims from their first index."""
    if layout is None:
        return t
    return laid_out(t, layout, torch.empty(stored_numel(t, layout), dtype=t.dtype, device=t.device))


def stored_numel(t: torch.Tensor, layout: list) -> int:
    """The elements `t` holds in memory in `layout` (an expand stores one copy)."""
    return _stored(t, layout[1]).numel()


def laid_out(t: torch.Tensor, layout: list, flat: torch.Tensor) -> torch.Tensor:
    """`t`'s values written into `flat` (stored_numel elements) in `layout`: the view over it."""
    base, order = _stored(t, layout[1]), layout[0]
    dense = flat.view([base.shape[d] for d in order]).permute(sorted(range(t.ndim), key=order.__getitem__))
    dense.copy_(base)
    return dense.expand(t.shape) if layout[1] else dense


def _stored(t: torch.Tensor, expanded: list[int]) -> torch.Tensor:
    """`t` at its first index along each broadcast dim: the one copy an expand keeps."""
    for d in expanded:
        t = t.narrow(d, 0, 1)
    return t


def _checked_layout(layout, ndim: int) -> list | None:
    if layout is None:
        return None
    if type(layout) is not list or len(layout) != 2 or type(layout[0]) is not list or type(layout[1]) is not list \
            or sorted(layout[0]) != list(range(ndim)) \
            or not all(type(d) is int and 0 <= d < ndim for d in layout[1]) or len(set(layout[1])) != len(layout[1]):
        raise WireError("malformed tensor layout")
    return layout


def _recv_head(sock: socket.socket) -> tuple[bytes, int | None]:
    """The 8-byte length, and the descriptor that may ride on its first byte."""
    data, ancillary, _, _ = sock.recvmsg(8, socket.CMSG_SPACE(struct.calcsize("i")))
    if not data:
        raise EOFError("peer closed the channel")
    fd = None
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS and len(payload) >= 4:
            fds = struct.unpack(f"{len(payload) // 4}i", payload[: len(payload) // 4 * 4])
            fd = fds[0]
            for extra in fds[1:]:
                os.close(extra)
    if len(data) < 8:
        data += _recv_exact(sock, 8 - len(data))
    return data, fd


def _read_memfd(fd: int, specs: list, max_bytes: int) -> list[torch.Tensor]:
    """Copy each tensor out of the peer's memfd at once: the peer keeps its own
    descriptor, so what it could still change is never what gets checked."""
    size = os.fstat(fd).st_size
    if not size:
        raise WireError("empty shared buffer")
    if size > max_bytes:
        raise _too_large(_checked_specs(specs), max_bytes)
    checked = _placed_specs(specs, size)
    seals = fcntl.fcntl(fd, fcntl.F_GET_SEALS)
    if not seals & fcntl.F_SEAL_SHRINK:
        # A peer that can still truncate its memfd would kill this reader with SIGBUS
        # on a mapped page past the new end.
        raise WireError("the shared buffer is not sealed against shrinking")
    with mmap.mmap(fd, size, prot=mmap.PROT_READ) as mm, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # frombuffer on a read-only map: we only copy out of it
        src = torch.frombuffer(mm, dtype=torch.uint8, count=size)
        try:
            return _copy_out(src, checked, "cpu")
        finally:
            del src  # the map cannot close while a tensor still views it


def _placed_specs(specs: list, size_cap: int | None = None) -> list[tuple[torch.dtype, list[int], int, int]]:
    """(dtype, shape, byte count, offset) of every tensor in a shared buffer."""
    placed = []
    for dtype, shape, nbytes, spec in _checked_specs(specs):
        offset = spec.get("offset")
        if type(offset) is not int or offset < 0 or offset % 64 or (size_cap is not None and offset + nbytes > size_cap):
            raise WireError("tensor spec outside the shared buffer")
        placed.append((dtype, shape, nbytes, offset))
    return placed


def _read_cuda(fd: int, specs: list, max_bytes: int) -> list[torch.Tensor]:
    """Copy each tensor out of the peer's device buffer into this process's own
    memory, then unmap it (see cuda_share.py)."""
    from autotriton.verify import cuda_share
    placed = _placed_specs(specs)
    size = max([offset + nbytes for _, _, nbytes, offset in placed], default=0)
    if size > max_bytes:  # the same cap as a memfd's
        raise _too_large(placed, max_bytes)
    if not size:
        raise WireError("empty shared buffer")
    try:
        mapping = cuda_share.open_fd(fd, size)
    except cuda_share.ShareError as exc:
        raise WireError(f"the shared device buffer cannot be mapped: {exc}") from None
    try:
        out = _copy_out(mapping.tensor(), placed, "cuda")
        torch.cuda.synchronize()  # copies done before the mapping goes
    finally:
        mapping.close()
    return out


def _copy_out(src: torch.Tensor, placed: list, device: str) -> list[torch.Tensor]:
    """Each placed tensor copied out of the shared bytes `src` into its own buffer."""
    out = []
    for dtype, shape, nbytes, offset in placed:
        buf = _byte_buffer(nbytes, device)
        if nbytes:
            buf.copy_(src[offset:offset + nbytes])
        out.append(_shaped(buf, dtype, shape))
    return out


def _recv_tensors(sock: socket.socket, specs: list, max_bytes: int) -> list[torch.Tensor]:
    checked = _checked_specs(specs)
    if sum(nbytes for _, _, nbytes, _ in checked) > max_bytes:
        raise _too_large(checked, max_bytes)
    out = []
    for dtype, shape, nbytes, _ in checked:
        buf = _byte_buffer(nbytes)
        if nbytes:
            _recv_into(sock, memoryview(buf.numpy()))
        out.append(_shaped(buf, dtype, shape))
    return out


def _too_large(specs: list, max_bytes: int) -> WireError:
    """A reply over its cap, said so that a model reading the feedback can act on it: a loss
    task's kernel returning its elementwise input-sized tensor instead of the scalar read
    "tensor spec outside the shared buffer" (run 14 on an H100: 24 of 600 samples)."""
    shown = ", ".join(f"{str(dtype).removeprefix('torch.')}{list(shape)}" for dtype, shape, _, _ in specs[:3])
    total = sum(nbytes for _, _, nbytes, _ in specs)
    return WireError(f"the output ({shown}{', ...' if len(specs) > 3 else ''}: {_mib(total)}) is larger than "
                     f"Model's outputs can be ({_mib(max_bytes)} at most); check its shape and dtype")


def _mib(nbytes: int) -> str:
    return f"{nbytes / (1 << 20):.1f} MiB"


def _checked_specs(specs: list) -> list[tuple[torch.dtype, list[int], int, dict]]:
    """(dtype, shape, byte count, raw spec) of every tensor a message announces, all
    validated before anything is allocated."""
    if len(specs) > MAX_ITEMS:
        raise WireError(f"{len(specs)} tensors in one message (cap {MAX_ITEMS})")
    return [(*_check_spec(spec), spec) for spec in specs]


def _byte_buffer(nbytes: int, device: str = "cpu") -> torch.Tensor:
    try:
        return torch.empty(nbytes, dtype=torch.uint8, device=device)
    except (RuntimeError, MemoryError):  # the peer's claim (OutOfMemoryError included), not this process's fault
        raise WireError(f"a tensor of {nbytes} bytes does not fit in this process's {device} memory") from None


def _shaped(buf: torch.Tensor, dtype: torch.dtype, shape: list[int]) -> torch.Tensor:
    try:
        return buf.view(dtype).reshape(shape)
    except (RuntimeError, TypeError, ValueError) as exc:
        raise WireError(f"tensor spec of shape {shape[:4]}... cannot be built: {type(exc).__name__}") from None


def _check_spec(spec) -> tuple[torch.dtype, list[int], int]:
    if type(spec) is not dict or spec.get("dtype") not in DTYPES:
        raise WireError("tensor spec without a supported dtype")
    shape, nbytes = spec.get("shape"), spec.get("nbytes")
    if type(shape) is not list or len(shape) > 16 or any(type(d) is not int or not 0 <= d <= MAX_DIM for d in shape):
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
