#!/usr/bin/env python3
"""Synthesizes a lion's roar: 1.2 s of 22050 Hz mono 16-bit PCM.

A growl is a low voiced tone, rough with noise, that swells, rises a little, then falls away:
  - a sawtooth-ish voice whose pitch sweeps 95 Hz -> 140 Hz -> 70 Hz, with a fast random jitter
    (the rasp of a throat) so it never sounds like a synthesizer note;
  - white noise, low-passed by two one-pole filters, amplitude-modulated by the voice (breath);
  - a 30 Hz flutter on the loudness, and an attack / hold / long release envelope.
Seeded, so the same file comes out every time. Usage: roar.py OUT.wav
"""
import math
import random
import struct
import sys
import wave

RATE = 22050
SECONDS = 1.2


def pitch_at(t):
    """Hz: rises over the first 0.35 s, then sinks to the end."""
    if t < 0.35:
        return 95 + (140 - 95) * (t / 0.35)
    return 140 - (140 - 70) * ((t - 0.35) / (SECONDS - 0.35)) ** 0.8


def envelope(t):
    attack, release_start = 0.12, 0.55
    if t < attack:
        return (t / attack) ** 1.5
    if t < release_start:
        return 1.0
    return max(0.0, 1 - (t - release_start) / (SECONDS - release_start)) ** 1.6


def roar():
    rng = random.Random(1)
    n = int(RATE * SECONDS)
    phase, low1, low2, jitter = 0.0, 0.0, 0.0, 0.0
    out = []
    for i in range(n):
        t = i / RATE
        # The throat's rasp: pitch wobbles a few percent, changing every few milliseconds.
        if i % 90 == 0:
            jitter = rng.uniform(-0.06, 0.06)
        phase += pitch_at(t) * (1 + jitter) / RATE
        phase -= math.floor(phase)
        # A soft sawtooth: a few harmonics, falling off, so the voice is full but not buzzy.
        voice = sum(math.sin(2 * math.pi * k * phase) / k ** 1.3 for k in range(1, 7))
        # Breathy noise, low-passed twice, pulsing with the voice.
        white = rng.uniform(-1, 1)
        low1 += 0.18 * (white - low1)
        low2 += 0.18 * (low1 - low2)
        breath = low2 * 3.2 * (0.6 + 0.4 * math.sin(2 * math.pi * phase))
        flutter = 0.8 + 0.2 * math.sin(2 * math.pi * 30 * t)
        out.append((0.55 * voice + 0.9 * breath) * flutter * envelope(t))
    peak = max(abs(s) for s in out) or 1
    return [s / peak * 0.85 for s in out]


def write_wav(path, samples):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 32767)) for s in samples))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    write_wav(sys.argv[1], roar())
