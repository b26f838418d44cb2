# Section `play`: games being played, not idle first screens. BubblePop with its bot
# (Content/bubblepop/bots/tap_bubbles.lua) for 60 virtual seconds, in process (`tide bench play`),
# and 1,000 seeded BubblePop games through the command authors run
# (`tide run --runs 1000 --jobs 2`), wall clock, worker processes included.
# Targets: at least 2,000× real time; 1,000 games in under 60 s.
# Env: BENCH_PLAY_GAMES (default 1000), BENCH_PLAY_JOBS (default 2).
# Sourced by Scripts/bench.

section_play() {
  local md=$1 games=${BENCH_PLAY_GAMES:-1000} jobs=${BENCH_PLAY_JOBS:-2} out rc last wall
  local bot=Content/bubblepop/bots/tap_bubbles.lua
  find_tide
  {
    echo "## play — BubblePop played by its bot: one game × real time, and $games games at once"
    echo
    echo "Targets: a played game at least 2000× real time; 1,000 games in under 60 s."
    echo
    if [ -z "$TIDE_BIN" ]; then
      echo "not available: $TIDE_WHY."
      return
    fi
    echo "### one game: \`tide bench play\` (release build)"
    echo
    out=$(timeout -k 5 300 "$TIDE_BIN" bench play 2>"$BENCH_TMP/play-bench.err")
    rc=$?
    if [ "$rc" -ne 0 ]; then
      echo "not available: \`tide bench play\` exited $rc: $(head -1 "$BENCH_TMP/play-bench.err" | cut -c1-200)"
    else
      printf '%s\n' "$out" | sed -e 's/^## /#### /'
    fi
    echo
    echo "### $games games: \`tide run Content/bubblepop --headless --runs $games --jobs $jobs --input-bot $bot\`"
    echo
    # CPU time of the command and its workers too: unlike wall time, it does not grow with others' load.
    local TIMEFORMAT='%U %S' cpu
    { time timeout -k 5 900 "$TIDE_BIN" run Content/bubblepop --headless --runs "$games" --jobs "$jobs" --input-bot "$bot" \
        >"$BENCH_TMP/play-runs.out" 2>"$BENCH_TMP/play-runs.err"; } 2>"$BENCH_TMP/play-runs.time"
    rc=$?
    out=$(cat "$BENCH_TMP/play-runs.out")
    cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$BENCH_TMP/play-runs.time")
    last=$(printf '%s\n' "$out" | tail -1)
    wall=$(printf '%s\n' "$last" | sed -n 's/.* in \([0-9.]*\) s with .*/\1/p')
    if [ "$rc" -ne 0 ] || [ -z "$wall" ]; then
      echo "not available: the runs exited $rc: $(head -1 "$BENCH_TMP/play-runs.err" | cut -c1-200)"
    else
      echo '```'
      printf '%s\n' "$out" | grep -E '^(Content/|[a-z_]+: [0-9]+ runs|no errors|[0-9]+ of [0-9]+ runs|played )'
      echo '```'
      echo
      echo "Wall time for $games games: **$wall s** with $jobs jobs ($(is "$wall < 60 * $games / 1000" && echo "meets" || echo "**misses**") the target of 60 s per 1,000 games)."
      echo "CPU time (user + system, every process): $cpu s, so $(calc "$cpu / $jobs") s per job: the wall time on $jobs otherwise idle cores."
    fi
    echo
    echo "Where a played game's time goes (perf, release build, \`tide bench play\`, profiled on this machine at the"
    echo "end of the second speed pass): Lua running the game is about half of it, mostly the game's own"
    echo "\`update\` each tick (about five sprite field reads and writes per bubble per tick); a fresh engine per"
    echo "run is ~2.3 ms a game (a fifth of that file-system calls: the folder wall's \`realpath\`, reading files,"
    echo "and a watchdog timer per Lua state); particles ~6% (an emitter table parsed on every pop, trigonometry per"
    echo "particle). Taken out in the second speed pass, none of it seen by the player: the instruction budget's count hook on"
    echo "every instruction (plain Lua ran 1.7x slower; now hooked only once a call has run 0.1 s), weak references"
    echo "(parent links, nodes to their graph, Lua references to their VM: every retain took the runtime's slow"
    echo "path), compiling the same chunks for every fresh engine, \`radius\` read through Swift for every bubble"
    echo "every tick (now read in C as half the width), Swift's run-time exclusivity checks in release builds"
    echo "(debug builds and the fuzzer keep them), re-hashing option keys and scene names, fsync of bot runs' saves"
    echo "(their folder is deleted after the run), and a precise clock read at every call for watchdogs measured in"
    echo "seconds. What is left is Lua running game code and crossing into the engine per field and per call."
  } >"$md"
  log "play: done"
}
