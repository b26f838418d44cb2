# Section `drawing`: particles and clipping through the software renderer.
#  - `tide bench particles`: 10,000 live particles, the share of a frame spent stepping them
#    (engine step and the snapshot the renderer copies) against the whole frame, one thread.
#  - the window: Benchmarks/tide-particles keeps 10,000 particles alive in the 1280x720 window
#    (software renderer, no vsync) and reports the frame rate it holds.
#  - `tide bench clip`: 1,000 sprites in a clipping group against the same group unclipped.
# Sourced by Scripts/bench.

section_drawing() {
  local md=$1 out fps line
  find_tide
  {
    echo "## drawing — particles and clipping"
    echo
    echo "Targets: 10,000 particles at 60 fps in the 1280x720 window (software renderer) with at most 20% of the frame"
    echo "spent stepping them; a clipped group of 1,000 sprites at most 1.5x the same group unclipped."
    echo
    if [ -z "$TIDE_BIN" ]; then
      echo "not available: $TIDE_WHY."
    else
      "$TIDE_BIN" bench particles 2>>"$BENCH_TMP/drawing.err" | sed 's/^## /### /'
      echo
      out=$(TIDE_VSYNC=0 TIDE_RENDERER=software timeout -s INT -k 3 9 \
        "$TIDE_BIN" run Benchmarks/tide-particles --no-watch --option particles=10000 2>>"$BENCH_TMP/drawing.err")
      line=$(printf '%s\n' "$out" | grep '^PARTICLES' | tail -1)
      fps=$(printf '%s\n' "$line" | sed -n 's/.* fps=\([0-9.]*\).*/\1/p')
      echo "### the window: \`TIDE_VSYNC=0 TIDE_RENDERER=software tide run Benchmarks/tide-particles --option particles=10000\`"
      echo
      if [ -n "$fps" ]; then
        echo "\`$line\` — $(awk -v f="$fps" 'BEGIN { print (f >= 60 ? "60 fps held: met" : "below 60 fps: missed") }')"
      else
        echo "no figure: the window run printed no PARTICLES line (see the log)."
      fi
      echo
      "$TIDE_BIN" bench clip 2>>"$BENCH_TMP/drawing.err" | sed 's/^## /### /'
    fi
  } >"$md"
  log "drawing: done"
}
