"""What a start-up snapshot's file holds, and the descriptor of it the page gets.

What a start-up snapshot's file holds, and the descriptor the page's interpreter module gets
(``web/interpreter.mjs`` rebuilds the snapshot from both; tools/snapshot.py makes one).

A snapshot is Pyodide's header and its whole WebAssembly memory (31 MB). The file stores
less than that (:func:`pack`):

1. the start of the memory, where the WebAssembly module's static data lies, is stored as
   its difference (XOR) from that data (:func:`data_image`): the page has the same bytes in
   the memory of the module it has just started, before Python runs, and a restored
   Python changed 72 KB of its 3.8 MB (the rest is zeros to store). The page checks that
   its memory is that image (:func:`image_hash`, the same sum in JavaScript) before it
   uses the difference: a snapshot never restores into another memory;
2. runs of at least :data:`ZERO_RUN` zero bytes are left out (half of Pyodide's heap is
   unused, and the first part is now mostly zeros): ``segments`` says where each stretch kept
   goes, and the page unpacks them into a zeroed buffer;
3. what is left is compressed with Zstandard (level :data:`ZSTD_LEVEL`), which the page
   decompresses in a worker with zstddec (Zstandard's own decoder, in WebAssembly): a quarter
   smaller than gzip (3.2 MB against 4.3 MB) and about as fast to decompress.

The file is named ``pyodide-snapshot.<sha256[:16]>.zst`` by its content: making a snapshot
twice gives different bytes (the heap's layout varies), so a browser that cached one build's
snapshot never takes another build's for it. The descriptor holds the whole SHA-256, which
the page checks before it uses the file (a damaged download is never restored).
"""

from __future__ import annotations

import hashlib
import json
import re
import struct
from dataclasses import dataclass

import zstandard

from tools.wheel import fingerprinted_name

PREFIX = "pyodide-snapshot"
SUFFIX = ".zst"
"""Snapshot files are named ``pyodide-snapshot.<sha256 of the file, 16 hex digits>.zst``."""

ZSTD_LEVEL = 19
"""Zstandard's strongest level short of "ultra" (20-22, which gain nothing here); about 5 s
to compress."""

ZERO_RUN = 4096
"""Runs of at least this many zero bytes are left out of the file (the page's buffer starts
zeroed)."""

HEADER = struct.Struct("<II")
"""The start of Pyodide's snapshot header: its magic number and where the memory starts."""

_DATA_SECTION = 11
_I32_CONST, _END = 0x41, 0x0B


@dataclass(frozen=True)
class Snapshot:
    """A snapshot file in a site.

    Its ``name`` (relative to the site), the ``size`` of the snapshot in bytes, the
    ``segments`` ``(offset, length)`` of it that the file holds, one after the other,
    compressed (the rest is zeros), how many bytes at the start of its memory (``masked``)
    are stored as their difference from the module's static data, whose :func:`image_hash`
    is ``image_hash``, and the file's SHA-256 (hex).
    """

    name: str
    size: int
    segments: tuple[tuple[int, int], ...]
    masked: int
    image_hash: int
    sha256: str

    def descriptor(self) -> str:
        """The JSON object ``web/interpreter.mjs`` is built with."""
        return json.dumps(
            {
                "url": f"./{self.name}",
                "size": self.size,
                "segments": [list(segment) for segment in self.segments],
                "masked": self.masked,
                "imageHash": self.image_hash,
                "sha256": self.sha256,
            }
        )


def _leb128(data: bytes, at: int, signed: bool = False) -> tuple[int, int]:
    """A LEB128 number at ``at`` (two's complement if ``signed``), and where it ends."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return (value - (1 << shift) if signed and byte & 0x40 else value), at


def data_image(wasm: bytes) -> bytes:
    """The memory a WebAssembly module starts with, up to the end of its static data.

    Its active data segments, each at its constant offset (Pyodide's are all of that kind).
    Raises ``ValueError`` for a module that is not one, or a segment of another kind.
    """
    if wasm[:4] != b"\0asm":
        raise ValueError("not a WebAssembly module")
    segments: list[tuple[int, bytes]] = []
    at = 8
    while at < len(wasm):
        section, size_at = wasm[at], at + 1
        size, body = _leb128(wasm, size_at)
        if section == _DATA_SECTION:
            count, pos = _leb128(wasm, body)
            for _ in range(count):
                kind, pos = _leb128(wasm, pos)
                if kind != 0 or wasm[pos] != _I32_CONST:
                    raise ValueError("a data segment that is not active at a constant offset")
                offset, pos = _leb128(wasm, pos + 1, signed=True)
                if wasm[pos] != _END:
                    raise ValueError("a data segment's offset is not a constant")
                length, pos = _leb128(wasm, pos + 1)
                segments.append((offset, wasm[pos : pos + length]))
                pos += length
        at = body + size
    end = max((offset + len(data) for offset, data in segments), default=0)
    image = bytearray(-(-end // 4) * 4)  # whole 32-bit words
    for offset, data in segments:
        image[offset : offset + len(data)] = data
    return bytes(image)


def image_hash(image: bytes) -> int:
    """FNV-1a (32 bits) over ``image`` as little-endian 32-bit words.

    The page computes the same over its memory (``web/interpreter.mjs``, ``imageHash``).
    """
    value = 0x811C9DC5
    for (word,) in struct.iter_unpack("<I", image):
        value = ((value ^ word) * 0x01000193) & 0xFFFFFFFF
    return value


def mask(raw: bytes, image: bytes) -> bytes:
    """``raw`` with the start of its memory XORed with ``image``.

    ``raw`` (a snapshot) with the start of its memory XORed with ``image`` (the module's
    static data): the stored form, and back again (XOR undoes itself).
    """
    start = HEADER.unpack_from(raw)[1]
    head = int.from_bytes(raw[start : start + len(image)], "little")
    masked = head ^ int.from_bytes(image, "little")
    return raw[:start] + masked.to_bytes(len(image), "little") + raw[start + len(image) :]


def segments_of(raw: bytes) -> tuple[tuple[int, int], ...]:
    """The ``(offset, length)`` stretches of ``raw`` between its runs of zero bytes.

    The ``(offset, length)`` stretches of ``raw`` between its runs of at least
    :data:`ZERO_RUN` zero bytes.
    """
    segments: list[tuple[int, int]] = []
    at = 0
    for run in re.finditer(rb"\0{%d,}" % ZERO_RUN, raw):
        if run.start() > at:
            segments.append((at, run.start() - at))
        at = run.end()
    if at < len(raw):
        segments.append((at, len(raw) - at))
    return tuple(segments)


def pack(raw: bytes, image: bytes) -> tuple[Snapshot, bytes]:
    """The file content for snapshot ``raw``, and its :class:`Snapshot`.

    The file content for snapshot ``raw`` of a module whose static data is ``image``
    (:func:`data_image`), and its :class:`Snapshot`, named by that content.
    """
    stored = mask(raw, image)
    segments = segments_of(stored)
    compressor = zstandard.ZstdCompressor(level=ZSTD_LEVEL, write_content_size=True)
    packed = compressor.compress(b"".join(stored[at : at + length] for at, length in segments))
    digest = hashlib.sha256(packed).hexdigest()
    snapshot = Snapshot(_name_of(packed), len(raw), segments, len(image), image_hash(image), digest)
    return snapshot, packed


def _name_of(packed: bytes) -> str:
    return fingerprinted_name(f"{PREFIX}{SUFFIX}", packed)


def unpack(snapshot: Snapshot, packed: bytes, image: bytes) -> bytes:
    """The snapshot bytes of a file's content ``packed``.

    The snapshot bytes of a file's content ``packed`` (the inverse of :func:`pack`), as the
    page rebuilds them. Raises ``ValueError`` if the content does not fit ``snapshot`` or
    ``image`` is not the module's static data it was made with.
    """
    if hashlib.sha256(packed).hexdigest() != snapshot.sha256:
        raise ValueError(f"{snapshot.name}: damaged (its SHA-256 is another)")
    if len(image) != snapshot.masked or image_hash(image) != snapshot.image_hash:
        raise ValueError(f"{snapshot.name}: made for another module's static data")
    data = zstandard.ZstdDecompressor().decompress(packed)
    if len(data) != sum(length for _, length in snapshot.segments):
        raise ValueError(f"{snapshot.name}: {len(data)} bytes for segments of another size")
    raw = bytearray(snapshot.size)
    at = 0
    for offset, length in snapshot.segments:
        raw[offset : offset + length] = data[at : at + length]
        at += length
    return mask(bytes(raw), image)


DESCRIPTOR = re.compile(r"^const SNAPSHOT = (.*);$", re.MULTILINE)
"""The line of a built interpreter module that holds the snapshot's descriptor."""


def snapshot_of(interpreter_text: str) -> Snapshot | None:
    """The :class:`Snapshot` a built interpreter module names (None: built without one).

    Raises ``ValueError`` if it names none at all.
    """
    found = DESCRIPTOR.search(interpreter_text)
    if found is None:
        raise ValueError("no `const SNAPSHOT = ...;` line in the interpreter module")
    return from_descriptor(found.group(1))


def from_descriptor(text: str) -> Snapshot | None:
    """The :class:`Snapshot` of a descriptor.

    The :class:`Snapshot` of a descriptor (JSON, see :meth:`Snapshot.descriptor`; ``null``:
    none). Raises ``ValueError``, ``KeyError`` or ``TypeError`` for a malformed one.
    """
    value = json.loads(text)
    if value is None:
        return None
    segments = tuple((int(at), int(length)) for at, length in value["segments"])
    return Snapshot(
        value["url"].removeprefix("./"),
        int(value["size"]),
        segments,
        int(value["masked"]),
        int(value["imageHash"]),
        str(value["sha256"]),
    )


def is_named_by_content(snapshot: Snapshot, packed: bytes) -> bool:
    """Whether ``packed`` is the content ``snapshot``'s file name was made from."""
    return snapshot.name == _name_of(packed)
