# `Scripts/bench --against REV [section...]`: this tree's tide against REV's, in one run, every
# Tide figure of the selected sections as a ratio to REV's. A slowdown shows up as a ratio the
# day it lands, whatever the load on the machine, since both binaries meet the same load.
#  - REV is built (release) in a git worktree under .build/bench-against/<commit>, with its own
#    scratch path there; a rerun against the same commit reuses the binary.
#  - bunnymark: Tide's probes only, both binaries in turn probe by probe (see
#    `against_bunnymark` in bunnymark.sh).
#  - any other section: run whole for this tide, then REV's, BENCH_AGAINST_ROUNDS times
#    (A B A B ...); every number that differs between runs, in a table row or an `fps=` line,
#    is matched to the same place in the other runs and reported as median(this) / median(REV).
#    Lines worded differently by the two binaries (a figure one of them cannot give) are
#    counted, not compared.
# Writes Benchmarks/results/against.md (its own part of BENCHMARKS.md; the sections' own parts
# are left as they were) and prints it.
# Env: BENCH_AGAINST_ROUNDS (default 3), BENCH_AGAINST_DIR (default .build/bench-against).
# Sourced by Scripts/bench.

# Builds REV's tide unless built already; prints the binary's path.
build_rev_tide() {
  local rev=$1 hash dir
  hash=$(git rev-parse --verify --quiet "$rev^{commit}") || { log "--against: '$rev' names no commit"; return 1; }
  dir=${BENCH_AGAINST_DIR:-.build/bench-against}/$hash
  if [ ! -x "$dir/.build/release/tide" ]; then
    if [ ! -f "$dir/Package.swift" ]; then
      git worktree prune
      rm -rf "$dir"
      mkdir -p "$(dirname "$dir")"
      git worktree add --detach "$dir" "$hash" >/dev/null 2>&1 || { log "--against: git worktree add $dir failed"; return 1; }
    fi
    log "building tide at $rev (${hash:0:12}) in $dir"
    if ! (cd "$dir" && swift build -c release --product tide --scratch-path .build) >"$BENCH_TMP/against-build.log" 2>&1; then
      log "--against: $rev did not build: $(grep -m1 'error:' "$BENCH_TMP/against-build.log" | cut -c1-160)"
      return 1
    fi
  fi
  printf '%s\n' "$dir/.build/release/tide"
}

# Compares section runs: the first $1 files are this tide's runs, the next $1 REV's. Prints one
# Markdown row per figure that moved: label, median here, median at REV, ratio.
compare_figures() {
  local rounds=$1
  shift
  awk -v k="$rounds" -v numre='[0-9]+(,[0-9][0-9][0-9])*(\\.[0-9]+)?' '
    function shape(s) { gsub(numre, "#", s); return s }
    # The numbers of s into a[1..n]; returns n.
    function numbers(s, a,   n, v) {
      n = 0
      while (match(s, numre)) {
        v = substr(s, RSTART, RLENGTH); gsub(",", "", v)
        a[++n] = v + 0
        s = substr(s, RSTART + RLENGTH)
      }
      return n
    }
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function clean(s) { gsub(/\*\*|`/, "", s); sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
    FNR == 1 { f++ }
    { text[f, FNR] = $0; if (FNR > lines) lines = FNR }
    END {
      for (i = 1; i <= lines; i++) {
        l = text[1, i]
        if (l ~ /^\| *-/) { header = text[1, i - 1]; continue }
        if (l !~ /^\|/ && l !~ /fps=/) continue
        same = 1
        for (g = 2; g <= 2 * k; g++) if (shape(text[g, i]) != shape(l)) same = 0
        if (!same) { differ++; continue }
        # Figures are told apart by table cell (the first cell names the row, the header the
        # column), or for a plain line by the words before them.
        cells = split(l, cell, "|")
        split(header, head, "|")
        table = l ~ /^\|/
        for (c = table ? 2 : 1; c <= (table ? cells - 1 : 1); c++) {
          part = table ? cell[c] : l
          n = numbers(part, x)
          for (j = 1; j <= n; j++) {
            moved = 0
            for (g = 1; g <= 2 * k; g++) {
              if (table) { split(text[g, i], gc, "|"); numbers(gc[c], y) } else numbers(text[g, i], y)
              v[g] = y[j]
              if (v[g] != v[1]) moved = 1
            }
            if (!moved) continue
            for (g = 1; g <= k; g++) { ta[g] = v[g]; ra[g] = v[k + g] }
            mt = median(ta, k); mr = median(ra, k)
            label = table ? clean(cell[2]) " — " clean(head[c]) : clean(substr(l, 1, index(l, "fps=") - 1)) " fps"
            if (n > 1) label = label " (figure " j " of the " (table ? "cell" : "line") ")"
            printf "| %s | %.4g | %.4g | %s |\n", label, mt, mr, mr != 0 ? sprintf("%.2f×", mt / mr) : "–"
          }
        }
      }
      if (differ) printf "\n%d line(s) with figures were worded differently by the two binaries and are not compared.\n", differ
    }' "$@"
}

# Runs `Scripts/bench`'s sections for both binaries and writes the comparison to $1.
section_against() {
  local md=$1 rounds=${BENCH_AGAINST_ROUNDS:-3} s i side part
  shift
  {
    echo "## against — this tree's tide / the tide at \`$AGAINST_LABEL\` (\`${AGAINST_HASH:0:12}\`), same run"
    echo
    echo "Written by \`Scripts/bench --against REV\`. Each ratio is this tree's figure over REV's, both"
    echo "measured in this run, taking turns: above 1 is more for a rate (fps, N, × real time) and"
    echo "slower for a time. Figures that were the same in every run are left out."
  } >"$md"
  for s in "$@"; do
    log "against: section $s"
    part="$BENCH_TMP/against-$s.md"
    if [ "$s" = bunnymark ]; then
      TIDE_BIN=$THIS_BIN against_bunnymark "$part" "$rounds"
    else
      for ((i = 1; i <= rounds; i++)); do
        for side in this rev; do
          if [ "$side" = this ]; then TIDE_BIN=$THIS_BIN; else TIDE_BIN=$AGAINST_BIN; fi
          log "against: $s, round $i, $side"
          run_section "$s" "$BENCH_TMP/against-$s-$side-$i.md"
        done
      done
      {
        echo "### $s (whole section, $rounds runs each, alternating)"
        echo
        echo "| figure | this tree | $AGAINST_LABEL | this / $AGAINST_LABEL |"
        echo "| --- | ---: | ---: | ---: |"
        local runs=()
        for side in this rev; do for ((i = 1; i <= rounds; i++)); do runs+=("$BENCH_TMP/against-$s-$side-$i.md"); done; done
        compare_figures "$rounds" "${runs[@]}"
      } >"$part"
    fi
    { echo; cat "$part"; } >>"$md"
  done
  TIDE_BIN=$THIS_BIN
}
