# Section `count`: instructions, not time. BubblePop's bot plays 4 seeded games in one process
# (`tide run <game> --headless --worker --runs 4 --seed 1 --input-bot ...`) under
# `valgrind --tool=callgrind`, with this tree's tide and with the base's, each counted three
# times (Swift seeds its hashing per process, so counts move a little) and compared by median.
# The game is Content/bubblepop as at BENCH_COUNT_GAME (default 85b29bd, the last version both
# engines run: later ones use `instant_tap`), so both play the same games. Counts do not move
# with the machine's load, so a rise of a few percent is seen the day it lands.
# Target: at most 3% over the base (BENCH_COUNT_BASE, default 3faa2cd). Then the same game
# served, counted for this tree alone (`count_served`).
# Sourced by Scripts/bench; builds the base like --against (kept under .build/bench-against).

section_count() {
  local md=$1 base=${BENCH_COUNT_BASE:-3faa2cd} game_rev=${BENCH_COUNT_GAME:-85b29bd}
  local dir=$BENCH_TMP/count base_bin i side ratio
  find_tide
  {
    echo "## count — BubblePop's instructions for 4 bot games, this tree against \`$base\`"
    echo
    echo "Target: at most 3% more instructions than \`$base\` (callgrind, release builds, the same game:"
    echo "Content/bubblepop as at \`$game_rev\`; median of 3 counts each)."
    echo
    if [ -z "$TIDE_BIN" ]; then
      echo "not available: $TIDE_WHY."
      return
    fi
    install_missing valgrind gcc libc6-dev >/dev/null 2>&1
    if ! command -v valgrind >/dev/null || ! command -v cc >/dev/null; then
      echo "not available: valgrind or a C compiler is missing."
      return
    fi
    # Afresh each time: with --against the section runs again in the same folder, and the counts
    # are appended to files.
    rm -rf "$dir"
    mkdir -p "$dir/game"
    cc -shared -fPIC -O2 -o "$dir/slowclock.so" Benchmarks/shim/slowclock.c -ldl || { echo "not available: the clock shim did not build."; return; }
    git archive "$game_rev" Content/bubblepop | tar -x -C "$dir/game" || { echo "not available: no Content/bubblepop at $game_rev."; return; }
    base_bin=$(build_rev_tide "$base") || { echo "not available: \`$base\` did not build."; return; }
    # Valgrind reads the debug information this toolchain writes no better than it must: count
    # copies without it (the symbols stay).
    strip -g -o "$dir/tide-this" "$TIDE_BIN" && strip -g -o "$dir/tide-base" "$base_bin" || { echo "not available: strip failed."; return; }
    for i in 1 2 3; do
      for side in this base; do
        (cd "$dir" && LD_PRELOAD="$dir/slowclock.so" timeout -k 5 600 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
          "./tide-$side" run game/Content/bubblepop --headless --worker --runs 4 --seed 1 \
          --input-bot game/Content/bubblepop/bots/tap_bubbles.lua >"$dir/$side-$i.out" 2>"$dir/$side-$i.log")
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$dir/$side-$i.log" >>"$dir/$side.counts"
      done
    done
    local side_counts this_median base_median
    for side in this base; do
      [ "$(wc -l <"$dir/$side.counts")" -eq 3 ] || { echo "not available: a $side count failed: $(tail -2 "$dir/$side-1.log" | head -1 | cut -c1-160)"; return; }
    done
    this_median=$(sort -n "$dir/this.counts" | sed -n 2p)
    base_median=$(sort -n "$dir/base.counts" | sed -n 2p)
    ratio=$(calc "$this_median / $base_median")
    echo "| tide | instructions (median) | the three counts |"
    echo "| --- | ---: | --- |"
    for side in this base; do
      side_counts=$(sort -n "$dir/$side.counts" | while read -r n; do printf '%s ' "$(thousands "$n")"; done)
      if [ "$side" = this ]; then
        echo "| this tree | $(thousands "$this_median") | $side_counts|"
      else
        echo "| \`$base\` | $(thousands "$base_median") | $side_counts|"
      fi
    done
    echo
    echo "This tree / \`$base\`: **$(printf '%.3f' "$ratio")×** ($(is "$ratio <= 1.03" && echo "meets" || echo "**misses**") the target of 1.03×)."
    if cmp -s "$dir/this-1.out" "$dir/base-1.out"; then
      echo "Both played the same games (the same scores and ticks per seed)."
    else
      echo "The two played the games differently (text is measured with the real fonts now, the bot's taps land"
      echo "elsewhere): per seed, this tree \`$(head -1 "$dir/this-1.out" | cut -c1-90)\`, the base \`$(head -1 "$dir/base-1.out" | cut -c1-90)\`."
    fi
    echo
    count_served "$dir"
  } >"$md"
}

# The same game served to a bare reader (`tide-serve read`, as `serve` does), the bot's
# recording replayed, for BENCH_COUNT_SERVED_TICKS ticks (1200), under callgrind: the
# instructions of a picture sent (`PagePicture.write` and all it calls: the pull of the sprite
# tables, the walk, the comparing and the writing) and of a tick of the game's step
# (`Engine.step`), each its inclusive count over its calls. Slowed by callgrind, the server
# catches up a few ticks between pictures where at full speed it steps one: a picture then
# tells several ticks' changes, so the figures compare trees run alike, not a served tick's
# whole cost. The served CPU by the clock (`serve`) moves by a quarter from run to run on a
# shared machine; these move little.
count_served() {
  local dir=$1 ticks=${BENCH_COUNT_SERVED_TICKS:-1200} serve pid reader url port key i picture step
  local pictures steps
  echo "### BubblePop served, instructions of a picture sent and of a tick stepped"
  echo
  serve=$(tide_serve_beside_tide)
  if [ -z "$serve" ] || ! strip -g -o "$dir/tide-serve-this" "$serve"; then
    echo "not available: no tide-serve beside \`$TIDE_BIN\`."
    return
  fi
  "$TIDE_BIN" run "$dir/game/Content/bubblepop" --headless --seed 7 --quit-after 30 \
    --input-bot "$dir/game/Content/bubblepop/bots/tap_bubbles.lua" --record "$dir/served.input" >"$dir/served-record.log" 2>&1
  # timeout hands the server the interrupt, on which it ends cleanly and callgrind writes its
  # counts; the session's recording goes to a data folder of the bench's.
  (cd "$dir" && XDG_DATA_HOME="$dir/served-data" exec timeout -k 5 900 valgrind --tool=callgrind --callgrind-out-file="$dir/served.cg" ./tide-serve-this run \
    game/Content/bubblepop --port 0 --bind 127.0.0.1 --seed 7 --input served.input --no-watch >"$dir/served.out" 2>&1) &
  pid=$!
  for i in $(seq 1 120); do grep -q 'k=' "$dir/served.out" && break; sleep 1; done
  # From the address it prints (valgrind's own lines name the command's `--port 0`).
  url=$(grep -o '127\.0\.0\.1:[0-9]*/?k=[0-9a-f]*' "$dir/served.out" | head -1)
  port=$(printf '%s' "$url" | sed -n 's|^127\.0\.0\.1:\([0-9]*\)/.*|\1|p')
  key=${url##*k=}
  if [ -n "$port" ] && [ -n "$key" ]; then
    timeout -k 5 600 "$serve" read --port "$port" --path "/ws?k=$key&device=bench-count" --mark "$ticks" >"$dir/served.read" 2>&1 &
    reader=$!
    for i in $(seq 1 600); do
      grep -q "tick $ticks" "$dir/served.read" && break
      kill -0 "$reader" 2>/dev/null || break
      sleep 1
    done
    kill "$reader" 2>/dev/null
  fi
  kill -INT "$pid" 2>/dev/null
  wait "$pid"
  if ! grep -q "tick $ticks" "$dir/served.read" 2>/dev/null || [ ! -s "$dir/served.cg" ]; then
    echo "not available: the served session did not reach tick $ticks: $(grep -v '^==' "$dir/served.out" | tail -1 | cut -c1-160)"
    return
  fi
  callgrind_annotate --inclusive=yes "$dir/served.cg" >"$dir/served.inclusive" 2>/dev/null
  callgrind_annotate --tree=caller "$dir/served.cg" >"$dir/served.callers" 2>/dev/null
  read -r picture pictures <<<"$(per_call "$dir/served" 'PagePictureC5write5scene.*MessageBatchCtF ')"
  read -r step steps <<<"$(per_call "$dir/served" 'TideScript6EngineC4stepyyF ')"
  if [ -z "$picture" ] || [ -z "$step" ]; then
    echo "not available: callgrind's counts name no \`PagePicture.write\` or \`Engine.step\`."
    return
  fi
  echo "| $ticks ticks to a bare reader | instructions |"
  echo "| --- | ---: |"
  echo "| a picture sent (\`PagePicture.write\` and what it calls) | $(thousands "$picture") |"
  echo "| a tick of the game's step (\`Engine.step\`) | $(thousands "$step") |"
  echo "| ticks stepped a picture (under callgrind; one at full speed) | $(printf '%.2f' "$(calc "$steps / $pictures")") |"
}

# The inclusive instructions a call of the function matching $2 (an awk pattern ending its
# symbol), rounded, and its calls, from callgrind_annotate's listings $1.inclusive (with
# --inclusive=yes) and $1.callers (with --tree=caller).
per_call() {
  local total calls
  total=$(awk -v re="$2" '$0 ~ re { gsub(",", "", $1); print $1; exit }' "$1.inclusive")
  # In the callers' tree each function follows the lines of its callers, each with its calls.
  calls=$(awk -v re="$2" '
    /^ *$/ { sum = 0; next }
    / \* / { if ($0 ~ re) { print sum; exit } sum = 0; next }
    / < / { if (match($0, /\([0-9,]+x\)/)) { n = substr($0, RSTART + 1, RLENGTH - 3); gsub(",", "", n); sum += n } }' "$1.callers")
  [ -n "$total" ] && [ -n "$calls" ] && [ "$calls" -gt 0 ] && awk "BEGIN { printf \"%d %d\", $total / $calls + 0.5, $calls }"
}
