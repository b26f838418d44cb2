# Section `gametests`: `tide test` over all of Content/, this tide against a baseline tide built
# from the commit before tide test ran busted specs in the same run, so the ratio is fair on a
# shared machine. Target: at most 1.5× the baseline. Each tide tests the games as
# they are in its own tree: a few game tests changed with busted's meaning (exact has_error),
# which the baseline's hand-written runner does not know.
# Env: BENCH_TESTS_BASELINE=<git ref> (default 178c112, where tide test became busted),
#      BENCH_TESTS_RUNS (default 5, alternating the two binaries).
# Sourced by Scripts/bench.

# Builds the baseline's tide (release) from a clean export of the ref; prints its path.
build_baseline_tide() {
  local ref=$1 dir=Benchmarks/.build/baseline-$1
  if [ ! -x "$dir/.build/release/tide" ]; then
    rm -rf "$dir" && mkdir -p "$dir" || return 1
    git archive "$ref" | tar -x -C "$dir" || return 1
    log "building baseline tide at $ref"
    (cd "$dir" && swift build -c release --product tide >"$BENCH_TMP/baseline-build.log" 2>&1) || return 1
  fi
  printf '%s\n' "$dir/.build/release/tide"
}

# Seconds one `tide test` (every game in Content/ of the tree at $2, default here) takes, wall
# clock; fails unless the run passed tests, so a broken run is never timed as a fast one.
time_game_tests() {
  local start end out bin
  bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
  start=$(date +%s.%N)
  out=$(cd "${2:-.}" && "$bin" test 2>/dev/null | tail -1)
  end=$(date +%s.%N)
  case $out in [1-9]*" passed, 0 failed"*) ;; *) log "$1 test: '$out'"; return 1 ;; esac
  calc "$end - $start"
}

section_gametests() {
  local md=$1 ref=${BENCH_TESTS_BASELINE:-178c112} runs=${BENCH_TESTS_RUNS:-5} base i
  local now=() before=()
  find_tide
  {
    echo "## gametests — \`tide test\` over all of Content/ vs the tide before busted specs"
    echo
    echo "Target: at most 1.5× the baseline. Baseline: release tide built from \`$ref\`;"
    echo "both run \`tide test\` (every game in Content/, each in its own tree) $runs times, alternating; medians."
    echo
    if [ -z "$TIDE_BIN" ]; then
      echo "not available: $TIDE_WHY."
    elif ! base=$(build_baseline_tide "$ref"); then
      echo "not available: the baseline at \`$ref\` did not build."
    else
      for ((i = 0; i < runs; i++)); do
        before+=("$(time_game_tests "$base" "${base%/.build/release/tide}")") && now+=("$(time_game_tests "$TIDE_BIN")") || break
      done
      local b n
      if [ ${#now[@]} -lt "$runs" ]; then echo "not available: a \`tide test\` run failed (see the log)."; return; fi
      b=$(median "${before[@]}")
      n=$(median "${now[@]}")
      echo "| tide | median seconds | runs |"
      echo "|---|---|---|"
      echo "| baseline \`$ref\` | $b | ${before[*]} |"
      echo "| this tide | $n | ${now[*]} |"
      echo
      echo "Ratio: $(calc "$n / $b")× ($(is "$n <= 1.5 * $b" && echo "meets" || echo "**misses**") the 1.5× target)."
    fi
  } >"$md"
  log "gametests: done"
}
