# Sections `call`, `sprites`, `tweens`, `reload`: engine-internal micro benchmarks
# that only the engine can run, through `tide bench <name>`. Until the tide binary has that
# subcommand (or that name), each section records "not available yet" instead of failing.
# `tide bench <name>` is expected to print Markdown (a short table with the figures, the ratio
# it reached and the target); it is copied into BENCHMARKS.md as is.
# Sourced by Scripts/bench.

declare -A MICRO_TITLE=(
  [call]="one Lua→Swift API call vs a bare C function in the same Lua state"
  [sprites]="10,000 sprites moved by Lua every frame vs the same logic on plain Lua tables"
  [tweens]="100,000 running tweens stepped per frame"
  [physics]="1,000 dynamic bodies settling in a box, stepped by Tide vs by C on Chipmunk directly"
  [reload]="hot reload: file saved → change live"
)
# Said after a section's figures, where they need reading.
declare -A MICRO_NOTE=(
  [sprites]="A sprite is a Lua table whose \`x\` and \`y\` are plain fields, so its first row is the loop over tables plus what the engine does with the positions each frame (take every one before drawing, reading each table in place rather than through Lua's API); the 2× is checked on it, the 1.25× on every row. \`rotation\`, \`alpha\`, \`scale_x\`, \`scale_y\`, \`w\`, \`h\` and the uniform \`scale\` join the table at a script's first write of each (the table holds \`scale\` or the axes, never both), which the next four rows time: the same loop over two of them, and the engine taking every field the tables hold each frame, as drawing does. Every other field (\`anchor_x\`, \`z\`, \`visible\`, \`width\`, …) is served by the sprite's metatable in C once the table misses it, which the \`anchor_x\` and \`anchor_y\` row times: a miss in the table and a lookup of the sprite's box cost that path more than it cost when sprites were userdata (a game writes positions, rotation, alpha, scale and size every tick, and most other fields through tweens, which never reach Lua). Two floors. *C fields* is a userdata holding x and y that its C \`__index\`/\`__newindex\` read and write, telling the keys apart by their first letter: the least any field served by a metamethod can cost, and what the 1.25× is checked against. *Dispatch alone* answers 1 to every key and stores nothing: it is what Lua's metamethod call costs. Since load on a shared machine slows every case, plain tables included, the ratios are read within one run, not against another run's."
)
declare -A MICRO_TARGET=(
  [call]="at most 1.5× the bare C function, 1.4×"
  [sprites]="x and y at most 2× plain Lua tables; every field (x and y, the fields once written, those the metatable serves) at most 1.25× userdata with bare C __index/__newindex serving x and y"
  [tweens]="at most 3 ms a frame"
  [physics]="at most 1.2× the same world stepped by C on Chipmunk directly, in the same run"
  [reload]="under 50 ms from save to new code active at the 95th percentile"
)

section_micro() {
  local name=$1 md=$2 out rc
  find_tide
  {
    echo "## $name — ${MICRO_TITLE[$name]}"
    echo
    echo "Target: ${MICRO_TARGET[$name]}. Command: \`tide bench $name\` (release build)."
    echo
    if [ -z "$TIDE_BIN" ]; then
      echo "not available yet: $TIDE_WHY."
    elif ! "$TIDE_BIN" bench --help >/dev/null 2>&1; then
      echo "not available yet: this tide has no \`bench\` subcommand."
    else
      out=$(timeout -k 5 "${BENCH_MICRO_TIMEOUT:-300}" "$TIDE_BIN" bench "$name" 2>"$BENCH_TMP/micro-$name.err")
      rc=$?
      if [ "$rc" -ne 0 ]; then
        echo "not available yet: \`tide bench $name\` exited $rc: $(head -1 "$BENCH_TMP/micro-$name.err" | cut -c1-200)"
      else
        printf '%s\n' "$out"
        [ -n "${MICRO_NOTE[$name]:-}" ] && printf '\n%s\n' "${MICRO_NOTE[$name]}"
      fi
    fi
  } >"$md"
  log "$name: $(grep -m1 -o 'not available yet' "$md" || echo done)"
}
