# Section `layout`: `tide check --layout --warn` over every game in Content/ at every size each
# declares (each golden input and the first screen, rendered offscreen with the real fonts).
# Target: under 10 s. An absolute target, unlike the others: the check is meant to
# run before every commit, so what counts is how long an author waits.
# Env: BENCH_LAYOUT_RUNS (default 3).
# Sourced by Scripts/bench.

# Seconds one layout check of all of Content/ takes, wall clock; fails unless every game loaded
# and was checked (a run that stopped early must not be timed as a fast one). Prints the
# numbers of screens checked and problems reported after the time.
time_layout_check() {
  local start end out games
  games=(Content/*/)
  start=$(date +%s.%N)
  out=$("$1" check --layout --warn "${games[@]%/}" 2>"$BENCH_TMP/layout.err")
  local status=$?
  end=$(date +%s.%N)
  if [ $status -ne 0 ] || [ "$(grep -c ' in [0-9]* screens (sizes ' <<<"$out")" -ne ${#games[@]} ]; then
    log "tide check --layout failed: $(head -1 "$BENCH_TMP/layout.err")"
    return 1
  fi
  # The summary line of each game: "<game>: <N> layout problems in <M> screens (sizes ...)".
  printf '%s %s\n' "$(calc "$end - $start")" "$(grep ' in [0-9]* screens (sizes ' <<<"$out" |
    sed 's/^.*: \(no\|[0-9]*\) layout problems\{0,1\} in \([0-9]*\) screens.*/\2 \1/; s/ no$/ 0/' |
    awk '{ screens += $1; problems += $2 } END { print screens, problems }')"
}

section_layout() {
  local md=$1 runs=${BENCH_LAYOUT_RUNS:-3} i line screens problems
  local times=()
  find_tide
  {
    echo "## layout — \`tide check --layout\` over all of Content/ at every declared size"
    echo
    echo "Target: under 10 s. Command: \`tide check --layout --warn Content/*\` (release"
    echo "build), run $runs times; median wall-clock seconds."
    echo
    if [ -z "$TIDE_BIN" ]; then
      echo "not available: $TIDE_WHY."
      return
    fi
    for ((i = 0; i < runs; i++)); do
      line=$(time_layout_check "$TIDE_BIN") || { echo "not available: a run failed (see the log)."; return; }
      read -r t screens problems <<<"$line"
      times+=("$t")
    done
    local m
    m=$(median "${times[@]}")
    echo "| command | games | screens (screen × size) | problems reported | median seconds | runs |"
    echo "|---|---:|---:|---:|---:|---|"
    echo "| \`tide check --layout --warn Content/*\` | $(ls -d Content/*/ | wc -l) | $screens | $problems | **$m** | ${times[*]} |"
    echo
    echo "$(is "$m < 10" && echo "Meets" || echo "**Misses**") the 10 s target."
  } >"$md"
  log "layout: done"
}
