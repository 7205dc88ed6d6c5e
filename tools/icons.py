"""Draw the app icons (a polar compass rose) as real PNG files, in pure Python.

Run ``python -m tools.icons`` to regenerate ``web/icons/icon-192.png`` and
``icon-512.png``; the results are committed and copied into the site by the build.
The drawing is a list of filled shapes rasterised scanline by scanline with 4x4
supersampling; the PNG writer is the standard zlib + CRC chunk format.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from tools.paths import WEB

Color = tuple[int, int, int]
Point = tuple[float, float]
# A shape answers, for one horizontal line y (in unit coordinates), the x intervals it covers.
Shape = Callable[[float], list[tuple[float, float]]]

SIZES = (192, 512)
NAVY: Color = (11, 37, 69)
ICE: Color = (232, 243, 250)
SKY: Color = (141, 198, 232)
RED: Color = (209, 73, 91)
SUPERSAMPLE = 4


def circle(cx: float, cy: float, r: float) -> Shape:
    """A filled disc."""

    def spans(y: float) -> list[tuple[float, float]]:
        dy = y - cy
        if abs(dy) >= r:
            return []
        half = math.sqrt(r * r - dy * dy)
        return [(cx - half, cx + half)]

    return spans


def polygon(points: Sequence[Point]) -> Shape:
    """A filled polygon (even-odd rule)."""
    edges = list(zip(points, [*points[1:], points[0]], strict=True))

    def spans(y: float) -> list[tuple[float, float]]:
        xs = sorted(
            x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            for (x0, y0), (x1, y1) in edges
            if (y0 <= y < y1) or (y1 <= y < y0)
        )
        return list(zip(xs[::2], xs[1::2], strict=True))

    return spans


def compass_point(angle_deg: float, length: float, width: float) -> list[Point]:
    """A kite-shaped compass point from the centre (0.5, 0.5) towards ``angle_deg``."""
    a = math.radians(angle_deg)
    tip = (0.5 + length * math.sin(a), 0.5 - length * math.cos(a))
    side = math.radians(angle_deg + 90)
    left = (0.5 + width * math.sin(side), 0.5 - width * math.cos(side))
    right = (0.5 - width * math.sin(side), 0.5 + width * math.cos(side))
    return [(0.5, 0.5), left, tip, right]


def design() -> list[tuple[Shape, Color]]:
    """The icon, back to front, in unit coordinates (full-bleed: safe as a maskable icon)."""
    shapes: list[tuple[Shape, Color]] = [
        (circle(0.5, 0.5, 0.34), SKY),
        (circle(0.5, 0.5, 0.315), NAVY),
    ]
    for angle in (45, 135, 225, 315):
        shapes.append((polygon(compass_point(angle, 0.2, 0.05)), SKY))
    for angle, color in ((90, ICE), (180, ICE), (270, ICE), (0, RED)):
        shapes.append((polygon(compass_point(angle, 0.4, 0.075)), color))
    shapes.append((circle(0.5, 0.5, 0.045), NAVY))
    shapes.append((circle(0.5, 0.5, 0.022), ICE))
    return shapes


def rasterize(size: int, background: Color, shapes: Iterable[tuple[Shape, Color]]) -> bytes:
    """Render shapes to raw RGB rows (``size * size * 3`` bytes)."""
    pixels = [[float(c) for c in background] * size for _ in range(size)]
    for shape, color in shapes:
        for row in range(size):
            coverage = [0.0] * size
            for sub in range(SUPERSAMPLE):
                y = (row + (sub + 0.5) / SUPERSAMPLE) / size
                for x0, x1 in shape(y):
                    _add_span(coverage, x0 * size, x1 * size, 1.0 / SUPERSAMPLE)
            line = pixels[row]
            for col, cover in enumerate(coverage):
                if cover > 0.0:
                    cover = min(cover, 1.0)
                    for ch in range(3):
                        i = col * 3 + ch
                        line[i] += (color[ch] - line[i]) * cover
    return b"".join(bytes(round(v) for v in line) for line in pixels)


def _add_span(coverage: list[float], x0: float, x1: float, weight: float) -> None:
    """Add ``weight`` times the exact horizontal overlap of [x0, x1) with each pixel."""
    x0, x1 = max(x0, 0.0), min(x1, float(len(coverage)))
    if x1 <= x0:
        return
    first, last = int(x0), min(math.ceil(x1) - 1, len(coverage) - 1)
    for col in range(first, last + 1):
        overlap = min(x1, col + 1.0) - max(x0, float(col))
        if overlap > 0.0:
            coverage[col] += overlap * weight


def png(size: int, rgb: bytes) -> bytes:
    """Encode raw RGB rows as an 8-bit truecolour PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    stride = size * 3
    raw = b"".join(b"\x00" + rgb[y * stride : (y + 1) * stride] for y in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            chunk(b"IHDR", header),
            chunk(b"IDAT", zlib.compress(raw, 9)),
            chunk(b"IEND", b""),
        )
    )


def png_size(data: bytes) -> tuple[int, int]:
    """Return (width, height) of PNG data, checking the signature and IHDR chunk."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def write_icons(dest: Path) -> list[Path]:
    """Draw every size into ``dest`` as ``icon-<size>.png``."""
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for size in SIZES:
        path = dest / f"icon-{size}.png"
        path.write_bytes(png(size, rasterize(size, NAVY, design())))
        written.append(path)
    return written


if __name__ == "__main__":
    for written in write_icons(WEB / "icons"):
        print(written.relative_to(WEB.parent), written.stat().st_size, "bytes")
