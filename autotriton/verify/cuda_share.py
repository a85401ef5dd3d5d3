"""Device memory handed between the judge and the candidate process without a trip
through the host: CUDA's virtual memory management (VMM) API, with allocations
exported as POSIX file descriptors that ride over the socket like a memfd.

Why not the host: a 256 MB ReLU input went GPU -> memfd -> GPU at ~0.4 s per transfer
(page faults on both sides, pageable copies), and a verification makes ~16 of them.
Why not legacy CUDA IPC (cudaIpcGetMemHandle, torch's storage sharing): its handles
name the exporting process, which a candidate in its own PID namespace cannot see,
and torch's variant also needs a shared /dev/shm and ptrace rights over the peer.

Isolation: every message gets its own fresh allocation, zero-filled before the
payload is copied in, so the peer sees nothing else of the sender's memory. The
receiver maps the allocation, copies what the header announces into its own memory
at once and unmaps it: what the peer may still change is never what gets checked.
The driver refuses a mapping larger than the allocation, so a peer that lies about
sizes (or sends some other descriptor) gets an error, never a fault in the judge.

Only the driver API (libcuda) is used, through ctypes; torch must have made its
primary context current first (any CUDA op does).
"""

from __future__ import annotations

import ctypes

import torch

_POSIX_FD = 1  # CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR
_PINNED = 1  # CU_MEM_ALLOCATION_TYPE_PINNED (device memory, not host)
_LOCATION_DEVICE = 1  # CU_MEM_LOCATION_TYPE_DEVICE
_READ_WRITE = 3  # CU_MEM_ACCESS_FLAGS_PROT_READWRITE
_GRANULARITY_MINIMUM = 0


class ShareError(RuntimeError):
    """The driver refused an operation (unsupported, or a bad descriptor or size)."""


class _Location(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("id", ctypes.c_int)]


class _AllocFlags(ctypes.Structure):
    _fields_ = [("compressionType", ctypes.c_ubyte), ("gpuDirectRDMACapable", ctypes.c_ubyte),
                ("usage", ctypes.c_ushort), ("reserved", ctypes.c_ubyte * 4)]


class _Prop(ctypes.Structure):  # CUmemAllocationProp
    _fields_ = [("type", ctypes.c_int), ("requestedHandleTypes", ctypes.c_int), ("location", _Location),
                ("win32HandleMetaData", ctypes.c_void_p), ("allocFlags", _AllocFlags)]


class _Access(ctypes.Structure):  # CUmemAccessDesc
    _fields_ = [("location", _Location), ("flags", ctypes.c_int)]


_u64, _size = ctypes.c_ulonglong, ctypes.c_size_t
_SIGNATURES = {
    "cuMemGetAllocationGranularity": [ctypes.POINTER(_size), ctypes.POINTER(_Prop), ctypes.c_int],
    "cuMemCreate": [ctypes.POINTER(_u64), _size, ctypes.POINTER(_Prop), _u64],
    "cuMemAddressReserve": [ctypes.POINTER(_u64), _size, _size, _u64, _u64],
    "cuMemMap": [_u64, _size, _size, _u64, _u64],
    "cuMemSetAccess": [_u64, _size, ctypes.POINTER(_Access), _size],
    "cuMemExportToShareableHandle": [ctypes.c_void_p, _u64, ctypes.c_int, _u64],
    "cuMemImportFromShareableHandle": [ctypes.POINTER(_u64), ctypes.c_void_p, ctypes.c_int],
    "cuMemUnmap": [_u64, _size],
    "cuMemAddressFree": [_u64, _size],
    "cuMemRelease": [_u64],
}


class _Driver:
    def __init__(self):
        lib = ctypes.CDLL("libcuda.so.1")
        for name, args in _SIGNATURES.items():
            fn = getattr(lib, name)
            fn.argtypes, fn.restype = args, ctypes.c_int
            setattr(self, name, fn)
        self.device = torch.cuda.current_device()
        self.prop = _Prop(type=_PINNED, requestedHandleTypes=_POSIX_FD,
                          location=_Location(_LOCATION_DEVICE, self.device))
        self.access = _Access(location=_Location(_LOCATION_DEVICE, self.device), flags=_READ_WRITE)
        gran = _size(0)
        self.check("cuMemGetAllocationGranularity",
                   self.cuMemGetAllocationGranularity(ctypes.byref(gran), ctypes.byref(self.prop), _GRANULARITY_MINIMUM))
        self.granularity = gran.value

    @staticmethod
    def check(what: str, code: int) -> None:
        if code != 0:
            raise ShareError(f"{what} failed with CUresult {code}")

    def rounded(self, nbytes: int) -> int:
        return max(1, -(-nbytes // self.granularity)) * self.granularity


_DRIVER: _Driver | None = None
_UNUSABLE: str | None = None


def driver() -> _Driver:
    """The driver API, loaded once per process; ShareError when this machine has none."""
    global _DRIVER, _UNUSABLE
    if _UNUSABLE is not None:
        raise ShareError(_UNUSABLE)
    if _DRIVER is None:
        try:
            torch.zeros(1, device="cuda")  # makes torch's primary context current here
            _DRIVER = _Driver()
        except (OSError, AttributeError, RuntimeError) as exc:
            _UNUSABLE = f"CUDA VMM sharing unavailable: {exc}"
            raise ShareError(_UNUSABLE) from None
    return _DRIVER


class Mapping:
    """One allocation mapped into this process; `close` unmaps and releases it."""

    def __init__(self, handle: int, size: int):
        """Takes ownership of `handle`: on failure it is released here."""
        self.handle, self.size, self.ptr, self.mapped = handle, size, 0, False
        d = driver()
        ptr = _u64(0)
        try:
            d.check("cuMemAddressReserve", d.cuMemAddressReserve(ctypes.byref(ptr), size, 0, 0, 0))
            self.ptr = ptr.value
            d.check("cuMemMap", d.cuMemMap(self.ptr, size, 0, handle, 0))
            self.mapped = True
            d.check("cuMemSetAccess", d.cuMemSetAccess(self.ptr, size, ctypes.byref(d.access), 1))
        except ShareError:
            self.close()
            raise

    def tensor(self) -> torch.Tensor:
        """The whole allocation as a uint8 CUDA tensor (no copy; valid until close)."""
        holder = _ArrayInterface(self.ptr, self.size)
        return torch.as_tensor(holder, device="cuda")

    def export_fd(self) -> int:
        fd = ctypes.c_int(-1)
        d = driver()
        d.check("cuMemExportToShareableHandle",
                d.cuMemExportToShareableHandle(ctypes.byref(fd), self.handle, _POSIX_FD, 0))
        return fd.value

    def close(self) -> None:
        d = driver()
        if self.mapped:
            d.cuMemUnmap(self.ptr, self.size)
            self.mapped = False
        if self.ptr:
            d.cuMemAddressFree(self.ptr, self.size)
            self.ptr = 0
        if self.handle:
            d.cuMemRelease(self.handle)
            self.handle = 0


class _ArrayInterface:
    """What torch.as_tensor needs to wrap a raw device pointer without copying."""

    def __init__(self, ptr: int, nbytes: int):
        self.__cuda_array_interface__ = {"shape": (nbytes,), "typestr": "|u1", "data": (ptr, False),
                                         "version": 2, "strides": None}


def create(nbytes: int) -> Mapping:
    """A fresh, zero-filled, exportable allocation of at least `nbytes`."""
    d = driver()
    size = d.rounded(nbytes)
    handle = _u64(0)
    d.check("cuMemCreate", d.cuMemCreate(ctypes.byref(handle), size, ctypes.byref(d.prop), 0))
    mapping = Mapping(handle.value, size)
    mapping.tensor().zero_()
    return mapping


def open_fd(fd: int, nbytes: int) -> Mapping:
    """Map a peer's exported allocation (at least `nbytes`). The caller keeps and
    closes `fd`; the driver refuses descriptors that are not VMM exports and sizes
    past the allocation's end (ShareError)."""
    d = driver()
    handle = _u64(0)
    d.check("cuMemImportFromShareableHandle",
            d.cuMemImportFromShareableHandle(ctypes.byref(handle), ctypes.c_void_p(fd), _POSIX_FD))
    return Mapping(handle.value, d.rounded(nbytes))
