"""The start-up snapshot's file (tools/snapshot_file.py).

The module's static data read from its WebAssembly, the start of the memory stored as its difference
from it, runs of zeros left out, and back again exactly.
"""

from __future__ import annotations

import hashlib
import struct

import pytest
from tools.snapshot_file import (
    PREFIX,
    SUFFIX,
    ZERO_RUN,
    data_image,
    from_descriptor,
    image_hash,
    mask,
    pack,
    segments_of,
    unpack,
)


def _leb(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _module(*segments: tuple[int, bytes], kind: int = 0) -> bytes:
    """A WebAssembly module with one memory and these active data segments."""
    memory = b"\x05" + _leb(3) + b"\x01\x00\x01"  # one memory, at least 1 page
    body = _leb(len(segments))
    for offset, data in segments:
        body += _leb(kind) + b"\x41" + _leb(offset) + b"\x0b" + _leb(len(data)) + data
    return b"\0asm\x01\0\0\0" + memory + b"\x0b" + _leb(len(body)) + body


def _snapshot(memory: bytes, start: int = 16) -> bytes:
    """A snapshot as Pyodide makes one: magic, where the memory starts, then the memory."""
    header = struct.pack("<II", 0x706E7300, start).ljust(start, b"\0")
    return header + memory


def test_the_static_data_is_each_segment_at_its_offset_in_whole_words() -> None:
    image = data_image(_module((4, b"abc"), (9, b"xyz")))
    assert image == b"\0\0\0\0abc\0\0xyz"
    assert len(image) % 4 == 0
    assert data_image(_module()) == b""


@pytest.mark.parametrize("kind", [1, 2])
def test_a_passive_or_indexed_data_segment_is_refused(kind: int) -> None:
    with pytest.raises(ValueError, match="not active at a constant offset"):
        data_image(_module((0, b"x"), kind=kind))


def test_something_that_is_not_webassembly_is_refused() -> None:
    with pytest.raises(ValueError, match="not a WebAssembly module"):
        data_image(b"PK\x03\x04 a zip")


def test_the_image_hash_is_fnv_1a_over_little_endian_words() -> None:
    """The page computes the same sum (web/interpreter.mjs).

    FNV-1a's offset basis for no words, and one step by hand.
    """
    assert image_hash(b"") == 0x811C9DC5
    assert image_hash(struct.pack("<I", 1)) == ((0x811C9DC5 ^ 1) * 0x01000193) & 0xFFFFFFFF
    assert image_hash(b"abcd") != image_hash(b"abce")


def test_masking_stores_the_memory_as_its_difference_from_the_static_data() -> None:
    image = b"static data!"
    raw = _snapshot(image + b"heap")
    stored = mask(raw, image)
    assert stored[:16] == raw[:16], "the header is kept as it is"
    assert stored[16 : 16 + len(image)] == bytes(len(image)), "unchanged static data is zeros"
    assert stored[16 + len(image) :] == b"heap"
    assert mask(stored, image) == raw


def test_a_snapshot_packs_without_its_runs_of_zeros_and_unpacks_to_itself() -> None:
    image = b"\x07" * 8 + b"\x01\x02\x03\x04"
    memory = image[:8] + b"\x09\x02\x03\x04" + bytes(ZERO_RUN * 2) + b"tail" + bytes(ZERO_RUN)
    raw = _snapshot(memory)
    snapshot, packed = pack(raw, image)
    assert snapshot.size == len(raw)
    assert snapshot.masked == len(image) and snapshot.image_hash == image_hash(image)
    # Kept: the header, the static data's one changed byte (9 ^ 1 at 16 + 8), then "tail".
    assert snapshot.segments == ((0, 25), (16 + 12 + ZERO_RUN * 2, 4))
    assert unpack(snapshot, packed, image) == raw
    assert from_descriptor(snapshot.descriptor()) == snapshot
    assert from_descriptor("null") is None


def test_a_damaged_file_does_not_unpack() -> None:
    image = b"\x07" * 8
    snapshot, packed = pack(_snapshot(image + b"heap" * 100), image)
    damaged = bytearray(packed)
    damaged[len(damaged) // 2] ^= 0xFF
    with pytest.raises(ValueError, match="damaged"):
        unpack(snapshot, bytes(damaged), image)


def test_the_file_is_named_by_its_content() -> None:
    image = b"\x07" * 8
    snapshot, packed = pack(_snapshot(image + b"heap"), image)
    assert snapshot.sha256 == hashlib.sha256(packed).hexdigest()
    assert snapshot.name == f"{PREFIX}.{snapshot.sha256[:16]}{SUFFIX}"


def test_a_snapshot_does_not_unpack_with_another_modules_static_data() -> None:
    image = b"\x07" * 8
    snapshot, packed = pack(_snapshot(image + b"heap"), image)
    with pytest.raises(ValueError, match="another module's static data"):
        unpack(snapshot, packed, b"\x08" * 8)


def test_runs_of_zeros_shorter_than_the_limit_are_kept() -> None:
    raw = b"head" + bytes(ZERO_RUN) + b"mid" + bytes(ZERO_RUN - 1) + b"tail" + bytes(ZERO_RUN * 3)
    assert segments_of(raw) == ((0, 4), (4 + ZERO_RUN, 3 + ZERO_RUN - 1 + 4))
    assert segments_of(bytes(10)) == ((0, 10),)
    assert segments_of(bytes(ZERO_RUN)) == ()
