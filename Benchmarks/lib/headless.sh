# Section `headless`: headless ticks under load, not idle first screens.
#  - The bunnymark (Benchmarks/tide-bunnymark, 2,000 sprites moved by Lua each tick) against the
#    same update (its move.lua) over plain Lua tables in a bare Lua state, in the same process
#    and run: `tide bench headless`.
#  - BubblePop played by its bot for 60 virtual seconds: `tide bench play` (the `play` section
#    also times 1,000 games through `tide run --runs`).
# Targets: a headless bunnymark tick at most 1.3x the plain-tables loop; a played game
# at least 2,000x real time.
# Sourced by Scripts/bench.

# Runs `tide bench <name>` and prints its Markdown with headings one level down, or why not.
headless_bench() {
  local name=$1 out rc
  out=$(timeout -k 5 300 "$TIDE_BIN" bench "$name" 2>"$BENCH_TMP/headless-$name.err")
  rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "not available: \`tide bench $name\` exited $rc: $(head -1 "$BENCH_TMP/headless-$name.err" | cut -c1-200)"
  else
    # The game may print before the figures (the bunnymark names its count); keep the figures.
    printf '%s\n' "$out" | sed -n '/^## /,$p' | sed -e 's/^## /#### /'
  fi
}

section_headless() {
  local md=$1
  find_tide
  {
    echo "## headless — ticks under load: the bunnymark against plain Lua tables, and BubblePop played by its bot"
    echo
    echo "Targets: a headless bunnymark tick at most 1.3× the same update on plain Lua tables;"
    echo "a played game at least 2000× real time. Release build."
    echo
    if [ -z "$TIDE_BIN" ]; then
      echo "not available: $TIDE_WHY."
      return
    fi
    echo "### bunnymark: \`tide bench headless\`"
    echo
    echo "2,000 image sprites moved by Lua every tick (Benchmarks/tide-bunnymark; its tick is \`move.lua\`)."
    echo "The baseline runs that same \`move.lua\` over 2,000 plain \`{ x, y }\` tables in a bare Lua state in"
    echo "the same process (Debian's liblua5.4 as the engine links it, no engine and no hooks: what \`lua5.4\`"
    echo "does), so the ratio holds everything the engine adds. Tide's figure is a whole \`Engine.step\` (input,"
    echo "timers, tweens, the scene's update, the scene graph, the end-of-tick check of the positions scripts"
    echo "wrote). A sprite is a Lua table whose \`x\` and \`y\` are plain fields (docs/api.md, Sprite), so the"
    echo "loop writes them as it writes plain tables and the engine takes them when it reads them. A further"
    echo "row runs \`move.lua\` over userdata whose \`__index\`/\`__newindex\` are the cheapest C that tells x"
    echo "from y: the least any field served by a metamethod can cost (what sprites' fields were until"
    echo "the last pass). The last row adds what a window does before each frame it draws: take"
    echo "every sprite's position from its table. Rounds of 300 ticks alternate between the cases; each"
    echo "keeps its best of 7."
    echo
    headless_bench headless
    echo
    echo "### play: \`tide bench play\`"
    echo
    headless_bench play
  } >"$md"
  log "headless: done"
}
