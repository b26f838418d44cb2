# Section `count`: instructions, not time. BubblePop's bot plays 4 seeded games in one process
# (`tide run <game> --headless --worker --runs 4 --seed 1 --input-bot ...`) under
# `valgrind --tool=callgrind`, with this tree's tide and with the base's, each counted three
# times (Swift seeds its hashing per process, so counts move a little) and compared by median.
# The game is Content/bubblepop as at BENCH_COUNT_GAME (default 85b29bd, the last version both
# engines run: later ones use `instant_tap`), so both play the same games. Counts do not move
# with the machine's load, so a rise of a few percent is seen the day it lands.
# Target: at most 3% over the base (BENCH_COUNT_BASE, default 3faa2cd).
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
  } >"$md"
}
