# Section `physics`: Chipmunk2D stepped by Tide.
#  - `tide bench physics`: 1,000 circles settling in a box, a whole engine tick against the same
#    world stepped by a small C program on Chipmunk directly, in the same process.
#  - the window: Benchmarks/tide-physics with 500 bodies, none allowed to sleep, in its 640x640
#    window (software renderer, no vsync), reporting the frame rate it holds: drawn as vector
#    circles (which the software renderer rasterises as triangles), then as images (which it
#    copies through a rotated copy, the bodies being turned).
#  - a physics game played headless: Content/animal-tower by its bot, 200 games on one job, as
#    a multiple of real time (the target: at least 500x).
# Sourced by Scripts/bench.

section_physics() {
  local md=$1 out fps line
  find_tide
  {
    echo "## physics — ${MICRO_TITLE[physics]}"
    echo
    echo "Targets: ${MICRO_TARGET[physics]}; 60 fps with 500 bodies on screen in the window (software renderer); a headless physics game at least 500× real time."
    echo "Command: \`tide bench physics\` (release build)."
    echo
    if [ -z "$TIDE_BIN" ]; then
      echo "not available: $TIDE_WHY."
    else
      "$TIDE_BIN" bench physics 2>>"$BENCH_TMP/physics.err" | sed 's/^## /### /'
      echo
      for look in circle image; do
        out=$(TIDE_VSYNC=0 TIDE_RENDERER=software timeout -s INT -k 3 7 "$TIDE_BIN" run Benchmarks/tide-physics --no-watch \
          --option bodies=500 --option window=1 --option "look=$look" 2>>"$BENCH_TMP/physics.err")
        line=$(printf '%s\n' "$out" | grep '^PHYSICS' | tail -1)
        fps=$(printf '%s\n' "$line" | sed -n 's/.* fps=\([0-9.]*\).*/\1/p')
        echo "### the window, bodies drawn as ${look}s: \`TIDE_VSYNC=0 TIDE_RENDERER=software tide run Benchmarks/tide-physics --option bodies=500 --option window=1 --option look=$look\`"
        echo
        if [ -n "$fps" ]; then
          echo "\`$line\` — $(awk -v f="$fps" 'BEGIN { print (f >= 60 ? "60 fps held: met" : "below 60 fps: missed") }')"
        else
          echo "no figure: the window run printed no PHYSICS line (see the log)."
        fi
        echo
      done
      local game=Content/animal-tower
      out=$(SDL_AUDIODRIVER=dummy "$TIDE_BIN" run "$game" --headless --runs 200 --jobs 1 \
        --input-bot "$game/bots/drop_bot.lua" 2>>"$BENCH_TMP/physics.err" | grep '^played' | tail -1)
      echo "### a physics game played headless: \`tide run $game --headless --runs 200 --jobs 1 --input-bot $game/bots/drop_bot.lua\`"
      echo
      line=$(printf '%s\n' "$out" | sed -n 's/.*: \([0-9.]*\)x real time.*/\1/p')
      if [ -n "$line" ]; then
        echo "\`$out\` — $(awk -v f="$line" 'BEGIN { print (f >= 500 ? "at least 500x real time: met" : "below 500x real time: missed") }')"
      else
        echo "no figure: the runs printed no 'played' line (see the log)."
      fi
      echo
    fi
  } >"$md"
  log "physics: done"
}
