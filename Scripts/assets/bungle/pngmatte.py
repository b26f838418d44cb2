#!/usr/bin/env python3
"""Makes a transparent PNG from two opaque shots of the same picture, one on black, one on white.

Where the picture is opaque both shots agree; where it is clear they differ by the full
black-to-white range; in between, the difference gives the alpha exactly (anti-aliased edges
and soft emoji shading keep their true colour instead of a fringe of the backdrop):

    alpha = 1 - (white - black) / 255        colour = black / alpha

Usage: pngmatte.py ON_BLACK.png ON_WHITE.png OUT.png
Python 3 standard library only (zlib); reads 8-bit RGB/RGBA non-interlaced PNGs, writes RGBA.
"""
import struct
import sys
import zlib


def read_png(path):
    """Returns (width, height, rows) with rows as lists of pixel tuples ((r, g, b) or (r, g, b, a))."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise SystemExit(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are supported")
    channels = 3 if color == 2 else 4
    stride = width * channels
    raw = zlib.decompress(idat)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + pred) & 255
        rows.append([tuple(line[x * channels:(x + 1) * channels]) for x in range(width)])
        previous = line
    return width, height, rows


def write_png(path, width, height, rgba_rows):
    """Writes RGBA rows (lists of (r, g, b, a)) as a PNG."""
    raw = b"".join(b"\x00" + bytes(v for px in row for v in px) for row in rgba_rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def matte(black_path, white_path, out_path):
    w, h, black = read_png(black_path)
    w2, h2, white = read_png(white_path)
    if (w, h) != (w2, h2):
        raise SystemExit(f"{black_path} and {white_path} differ in size")
    out = []
    for row_b, row_w in zip(black, white):
        row = []
        for b, wh in zip(row_b, row_w):
            spread = sum(wh[i] - b[i] for i in range(3)) / 3
            alpha = max(0, min(255, round(255 - spread)))
            if alpha == 0:
                row.append((0, 0, 0, 0))
            else:
                row.append(tuple(min(255, round(b[i] * 255 / alpha)) for i in range(3)) + (alpha,))
        out.append(row)
    write_png(out_path, w, h, out)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    matte(*sys.argv[1:])
