# Section `startup`: time from launch to the first frame shown, and peak memory (RSS), for
# LÖVE, the bare SDL2 program (the floor) and Tide. Each program quits right after its first
# present (LÖVE: love.event.quit from the first love.draw; SDL: BENCH_EXIT_AFTER_FIRST_FRAME=1;
# Tide: TIDE_EXIT_AFTER_FIRST_FRAME=1), so the process lifetime is launch → first frame shown
# (+ a short teardown, paid by all alike). Runs are interleaved so noise hits all programs.
# Sourced by Scripts/bench.

ST_RUNS=${BENCH_STARTUP_RUNS:-7}
ST_BUNNIES=100

# Runs one launch; prints "<milliseconds> <peak RSS KiB>" or nothing when it failed.
st_once() {
  local impl=$1 t0 t1 rc rss
  local tv="$BENCH_TMP/time-v.txt"
  t0=$(date +%s%N)
  case $impl in
    love) BENCH_EXIT_AFTER_FIRST_FRAME=1 timeout -k 2 20 /usr/bin/time -v -o "$tv" \
            love Benchmarks/love-bunnymark "$ST_BUNNIES" >/dev/null 2>>"$ST_LOG" ;;
    sdl-software|sdl-opengl) BENCH_EXIT_AFTER_FIRST_FRAME=1 timeout -k 2 20 /usr/bin/time -v -o "$tv" \
            "$SDL_BIN" "$ST_BUNNIES" "${impl#sdl-}" Benchmarks/assets/bunny.png >/dev/null 2>>"$ST_LOG" ;;
    tide-bunnymark) TIDE_EXIT_AFTER_FIRST_FRAME=1 TIDE_VSYNC=0 timeout -k 2 20 /usr/bin/time -v -o "$tv" \
            "$TIDE_BIN" run Benchmarks/tide-bunnymark --option "bunnies=$ST_BUNNIES" >/dev/null 2>>"$ST_LOG" ;;
    tide-rps) TIDE_EXIT_AFTER_FIRST_FRAME=1 TIDE_VSYNC=0 timeout -k 2 20 /usr/bin/time -v -o "$tv" \
            "$TIDE_BIN" run Content/rps >/dev/null 2>>"$ST_LOG" ;;
  esac
  rc=$?
  t1=$(date +%s%N)
  [ "$rc" -eq 0 ] || { echo "[$impl] exit $rc" >>"$ST_LOG"; return 1; }
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tv")
  echo "$(( (t1 - t0) / 1000000 )) ${rss:-0}"
}

section_startup() {
  local md=$1 impl i row label game ms rss
  ST_LOG="$BENCH_TMP/startup.log"; : >"$ST_LOG"
  sync_bunny_copies
  SDL_BIN=$(build_sdl_bunnymark) || SDL_BIN=""
  find_tide
  [ -x /usr/bin/time ] || install_missing time
  declare -A times=() rsses=() why=()
  local plan=(
    "love|LÖVE 11.4|bunnymark, $ST_BUNNIES bunnies"
    "sdl-software|bare SDL2 (C), software|bunnymark, $ST_BUNNIES bunnies"
    "sdl-opengl|bare SDL2 (C), opengl|bunnymark, $ST_BUNNIES bunnies"
    "tide-bunnymark|Tide|bunnymark, $ST_BUNNIES bunnies"
    "tide-rps|Tide|Content/rps"
  )
  local active=()
  command -v love >/dev/null && active+=(love) || why[love]="love is not installed"
  if [ -n "$SDL_BIN" ]; then active+=(sdl-software sdl-opengl); else why[sdl-software]="build failed"; why[sdl-opengl]="build failed"; fi
  if [ -n "$TIDE_BIN" ]; then
    # A tide that ignores TIDE_EXIT_AFTER_FIRST_FRAME would run until the timeout: try once first.
    if st_once tide-bunnymark >/dev/null; then active+=(tide-bunnymark); [ -d Content/rps ] && active+=(tide-rps)
    else why[tide-bunnymark]="not available yet (tide run did not exit after its first frame with TIDE_EXIT_AFTER_FIRST_FRAME=1)"; why[tide-rps]=${why[tide-bunnymark]}; fi
  else
    why[tide-bunnymark]="not available yet ($TIDE_WHY)"; why[tide-rps]=${why[tide-bunnymark]}
  fi
  # One untimed launch of each warms the page cache, then interleaved timed launches.
  for impl in "${active[@]}"; do st_once "$impl" >/dev/null; done
  for ((i = 1; i <= ST_RUNS; i++)); do
    for impl in "${active[@]}"; do
      if read -r ms rss < <(st_once "$impl"); then
        times[$impl]+="$ms " rsses[$impl]+="$rss "
      fi
    done
  done
  log "startup: done ($ST_RUNS launches each)"

  declare -A med_ms=() med_rss=()
  {
    echo "## startup"
    echo
    echo "Launch → first frame shown (the program quits right after its first present), and peak"
    echo "resident memory from \`/usr/bin/time -v\`; median of $ST_RUNS interleaved launches after one"
    echo "untimed launch each, under the same Xvfb."
    echo
    echo "| program | game | time to first frame (median, min–max) | peak RSS (median) | reference figure |"
    echo "| --- | --- | ---: | ---: | ---: |"
    for row in "${plan[@]}"; do
      IFS='|' read -r impl label game <<<"$row"
      local ref=""
      [ "$impl" = love ] && ref="~155 ms, ~120 MiB"
      # shellcheck disable=SC2086  # the lists are space-separated numbers
      if [ -n "${times[$impl]:-}" ]; then
        med_ms[$impl]=$(median ${times[$impl]})
        med_rss[$impl]=$(median ${rsses[$impl]})
        local lo hi
        lo=$(printf '%s\n' ${times[$impl]} | sort -g | head -1); hi=$(printf '%s\n' ${times[$impl]} | sort -g | tail -1)
        echo "| $label | $game | **${med_ms[$impl]} ms** ($lo–$hi) | **$(calc "${med_rss[$impl]} / 1024" | awk '{ printf "%.1f", $1 }') MiB** | $ref |"
      else
        echo "| $label | $game | – | – | ${why[$impl]:-no successful launch (see log)} |"
      fi
    done
    echo
    echo "Targets, Tide's bunnymark against LÖVE's, as ratios measured in this run:"
    echo
    echo "| target | ratio | met |"
    echo "| --- | ---: | --- |"
    if [ -n "${med_ms[tide-bunnymark]:-}" ] && [ -n "${med_ms[love]:-}" ]; then
      local r
      r=$(calc "${med_ms[tide-bunnymark]} / ${med_ms[love]}" | awk '{ printf "%.2f", $1 }')
      echo "| Tide time to first frame < LÖVE's | ${r}× | $(is "$r < 1" && echo yes || echo '**no**') |"
      r=$(calc "${med_rss[tide-bunnymark]} / ${med_rss[love]}" | awk '{ printf "%.2f", $1 }')
      echo "| Tide peak RSS ≤ 0.5× LÖVE's | ${r}× | $(is "$r <= 0.5" && echo yes || echo '**no**') |"
    else
      echo "| Tide time to first frame < LÖVE's | – | not measured |"
      echo "| Tide peak RSS ≤ 0.5× LÖVE's | – | not measured |"
    fi
  } >"$md"
}
