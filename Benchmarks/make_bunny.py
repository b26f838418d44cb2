#!/usr/bin/env python3
"""Writes Benchmarks/assets/bunny.png: a 26x37 RGBA bunny, drawn from shapes, no PIL.

The PNG is written by hand (zlib + CRC32) so the only dependency is the Python
standard library; the output is deterministic, so regenerating gives the same bytes.
"""
import os
import struct
import sys
import zlib

W, H = 26, 37

OUTLINE = (60, 40, 50, 255)
FUR = (245, 245, 250, 255)
PINK = (245, 150, 180, 255)
EYE = (20, 20, 30, 255)
CLEAR = (0, 0, 0, 0)


def inside_ellipse(x, y, cx, cy, rx, ry):
  """True when pixel centre (x+.5, y+.5) lies inside the ellipse."""
  dx = (x + 0.5 - cx) / rx
  dy = (y + 0.5 - cy) / ry
  return dx * dx + dy * dy <= 1.0


def fur_mask(x, y):
  """The bunny's silhouette: two ears, a head and a body."""
  return (inside_ellipse(x, y, 8.5, 8.0, 3.2, 8.0)     # left ear
          or inside_ellipse(x, y, 17.5, 8.0, 3.2, 8.0)  # right ear
          or inside_ellipse(x, y, 13.0, 18.5, 8.0, 6.5)  # head
          or inside_ellipse(x, y, 13.0, 29.0, 10.0, 7.5))  # body


def pixel(x, y):
  """Colour of one pixel: fur with a one-pixel dark outline, pink inner ears and nose, eyes."""
  if not fur_mask(x, y):
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
      nx, ny = x + dx, y + dy
      if 0 <= nx < W and 0 <= ny < H and fur_mask(nx, ny):
        return OUTLINE
    return CLEAR
  if inside_ellipse(x, y, 8.5, 8.5, 1.4, 5.5) or inside_ellipse(x, y, 17.5, 8.5, 1.4, 5.5):
    return PINK
  if (x, y) in ((10, 17), (15, 17), (10, 18), (15, 18)):
    return EYE
  if (x, y) in ((12, 21), (13, 21)):
    return PINK
  if inside_ellipse(x, y, 13.0, 31.0, 5.0, 4.0):
    return (235, 235, 242, 255)   # belly, slightly shaded
  return FUR


def png(width, height, rows):
  """Encodes 8-bit RGBA rows as a PNG byte string."""
  def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
  raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in rows)
  ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
  return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
          + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
  out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "assets", "bunny.png")
  rows = [[pixel(x, y) for x in range(W)] for y in range(H)]
  os.makedirs(os.path.dirname(out), exist_ok=True)
  with open(out, "wb") as f:
    f.write(png(W, H, rows))
  print(f"wrote {out} ({W}x{H} RGBA)")


if __name__ == "__main__":
  main()
