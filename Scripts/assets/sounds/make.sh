#!/usr/bin/env bash
# Makes the games' short sound effects with sox (Debian package `sox`): plain synthesised tones
# and noise, no recordings, so they are original to this project. Run by hand; the .wav files
# are committed. Usage: Scripts/assets/sounds/make.sh   (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/../../.."
# 22050 Hz mono 16-bit, like the roar; a short fade at both ends so nothing clicks; -R -D (no
# random dither) so the same files come out every run.
synth() { local out=$1; shift; sox -q -R -D -n -r 22050 -c 1 -b 16 "$out" "$@" fade q 0.005 -0 0.03 norm -3; }

# A tap: a soft 0.06 s click of a high sine.
tap() { synth "$1" synth 0.06 sine 880 vol 0.6; }
# Right / a win: two rising notes, C6 then G6.
win() { synth "$1" synth 0.12 sine 1047 : synth 0.2 sine 1568; }
# Wrong / a loss: two falling notes, a little buzzy.
lose() { synth "$1" synth 0.14 triangle 392 : synth 0.24 triangle 294; }
# A tie: the same note twice.
tie() { synth "$1" synth 0.1 sine 659 : synth 0.05 sine 0 : synth 0.1 sine 659; }
# A pop: a 0.08 s burst of noise sweeping down, band-passed.
pop() { synth "$1" synth 0.08 pinknoise sinc 400-3000 : synth 0.04 sine 1200-300; }
# The end of a game: a rising three-note arpeggio, C5 E5 G5 C6.
fanfare() { synth "$1" synth 0.1 sine 523 : synth 0.1 sine 659 : synth 0.1 sine 784 : synth 0.3 sine 1047; }

a=Content/picture-words/assets
win $a/right.wav; lose $a/wrong.wav; fanfare $a/end.wav

a=Content/rps/assets
tap $a/tap.wav; win $a/win.wav; lose $a/lose.wav; tie $a/tie.wav

a=Content/bungle/assets
win $a/win.wav; lose $a/lose.wav; tie $a/tie.wav

a=Content/bubblepop/assets
mkdir -p $a
pop $a/pop.wav; fanfare $a/end.wav

a=Content/rps-match/assets
mkdir -p $a
tap $a/tap.wav; win $a/win.wav; lose $a/lose.wav; tie $a/tie.wav; fanfare $a/victory.wav

# Picture words: every word of data/words.lua spoken by espeak-ng (Debian package `espeak-ng`,
# a GPL-3.0 program; the recordings are its output, not its code), slowed for young listeners.
a=Content/picture-words/assets
for word in $(lua5.4 -e 'for _, e in ipairs(dofile("Content/picture-words/data/words.lua")) do print(e.word) end'); do
  espeak-ng -v en-us -s 120 -w "/tmp/say_$word.wav" "$word"
  sox -q -R -D "/tmp/say_$word.wav" -r 22050 -c 1 -b 16 "$a/say_$word.wav" norm -3
  rm -f "/tmp/say_$word.wav"
done
