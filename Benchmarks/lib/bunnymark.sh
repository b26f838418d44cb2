# Section `bunnymark`: the largest N of bunnies that holds 60 fps, for LÖVE, the bare SDL2
# program (software and OpenGL renderers) and Tide, all on the same Xvfb in one run.
# Sourced by Scripts/bench.

BM_TARGET_FPS=60
BM_WARMUP=${BENCH_WARMUP:-0.5}     # seconds before a probe starts counting frames
BM_SECONDS=${BENCH_SECONDS:-1.5}   # seconds counted per probe
BM_PRECISION=${BENCH_PRECISION:-1.05}  # stop when first failing N / last passing N <= this
BM_MAX_PROBES=${BENCH_MAX_PROBES:-12}
BM_RETRIES=${BENCH_RETRIES:-2}       # extra tries for a probe that fails by less than 40%

# Runs one bunnymark with n bunnies; prints the fps it reported (nothing when it reported none).
# Every raw output line goes to $BM_LOG.
bm_probe() {
  local impl=$1 n=$2 out limit
  limit=$(calc "int($BM_WARMUP + $BM_SECONDS + 20)")
  case $impl in
    love)
      out=$(BENCH_WARMUP=$BM_WARMUP BENCH_SECONDS=$BM_SECONDS timeout -k 2 "$limit" \
        love Benchmarks/love-bunnymark "$n" 2>>"$BM_LOG") ;;
    sdl-software|sdl-opengl)
      out=$(BENCH_WARMUP=$BM_WARMUP BENCH_SECONDS=$BM_SECONDS timeout -k 2 "$limit" \
        "$SDL_BIN" "$n" "${impl#sdl-}" Benchmarks/assets/bunny.png 2>>"$BM_LOG") ;;
    sdl-software-direct)
      out=$(SDL_FRAMEBUFFER_ACCELERATION=0 BENCH_WARMUP=$BM_WARMUP BENCH_SECONDS=$BM_SECONDS timeout -k 2 "$limit" \
        "$SDL_BIN" "$n" software Benchmarks/assets/bunny.png 2>>"$BM_LOG") ;;
    sdl-opengl-unbatched)
      out=$(BENCH_BATCHING=0 BENCH_WARMUP=$BM_WARMUP BENCH_SECONDS=$BM_SECONDS timeout -k 2 "$limit" \
        "$SDL_BIN" "$n" opengl Benchmarks/assets/bunny.png 2>>"$BM_LOG") ;;
    tide-software|tide-opengl|rev-software|rev-opengl|tide-voices|tide-music)
      # Tide prints a running figure once a second after the warm-up; SIGINT (SDL_QUIT) ends it.
      # rev-* is the tide built from `--against REV`, running this tree's game. tide-voices and
      # tide-music are the software renderer with 32 looping voices, or a music stream, playing
      # through SDL's dummy audio device (which pulls samples as a sound card would).
      local bin=$TIDE_BIN renderer=${impl#*-} sound=()
      [ "${impl%%-*}" = rev ] && bin=$AGAINST_BIN
      case $impl in
        tide-voices) renderer=software sound=(--option voices=32) ;;
        tide-music) renderer=software sound=(--option music=true) ;;
      esac
      limit=$(calc "int($BM_WARMUP + $BM_SECONDS + 4)")
      out=$(SDL_AUDIODRIVER=${SDL_AUDIODRIVER:-dummy} TIDE_VSYNC=0 TIDE_RENDERER=$renderer timeout -s INT -k 3 "$limit" \
        "$bin" run Benchmarks/tide-bunnymark --option "bunnies=$n" "${sound[@]}" \
        --option "warmup=$BM_WARMUP" --option "seconds=$BM_SECONDS" 2>>"$BM_LOG") ;;
    *) log "unknown bunnymark $impl"; return 1 ;;
  esac
  printf '%s\n' "$out" | sed "s/^/[$impl n=$n] /" >>"$BM_LOG"
  printf '%s\n' "$out" | grep '^BUNNYMARK' | tail -1 | sed -n 's/.* fps=\([0-9.]*\).*/\1/p'
}

# Rounds a bunny count to a tidy step (10 below 1,000, 50 below 10,000, else 100).
bm_round() {
  awk -v n="$1" 'BEGIN { s = n < 1000 ? 10 : (n < 10000 ? 50 : 100); r = int(n / s + 0.5) * s; if (r < s) r = s; print r }'
}

# The search, one probe at a time so that implementations can take turns (round robin):
# load on a shared machine drifts, and interleaving spreads it over all of them alike.
# Per implementation: grow from a start guess by the measured headroom (x1.25..x4) until a
# probe fails, then narrow the bracket by interpolating frame time (1/fps is close to linear
# in N) until the first failing N is within BM_PRECISION of the last passing one.
# A probe that fails by less than 40% is repeated (up to BM_RETRIES times) and the best figure
# kept: contention from other work only ever slows a run down, so a pass can be trusted and the
# best of a few tries is the closest to what the program can do.
declare -A BM_N=() BM_PASS=() BM_PASS_FPS=() BM_FAIL=() BM_FAIL_FPS=() BM_COUNT=() BM_DONE=() BM_PROBES=()

bm_init() { BM_N[$1]=$2 BM_PASS[$1]=0 BM_PASS_FPS[$1]="" BM_FAIL[$1]=0 BM_FAIL_FPS[$1]="" BM_COUNT[$1]=0 BM_DONE[$1]="" BM_PROBES[$1]=""; }

# Runs the next probe of one implementation and decides the one after (or marks it done).
# Returns 1 when the implementation gave no figure at all on its first probe.
bm_step() {
  local impl=$1 n=${BM_N[$1]} fps again next pass fail
  BM_COUNT[$impl]=$(( BM_COUNT[$impl] + 1 ))
  fps=$(bm_probe "$impl" "$n")
  local tries=0
  while [ -n "$fps" ] && [ "$tries" -lt "$BM_RETRIES" ] && is "$fps < $BM_TARGET_FPS && $fps > $BM_TARGET_FPS * 0.6"; do
    tries=$((tries + 1))
    again=$(bm_probe "$impl" "$n")
    [ -n "$again" ] && is "$again > $fps" && fps=$again
  done
  if [ -z "$fps" ]; then
    BM_PROBES[$impl]+=" $(thousands "$n"): no result;"
    BM_DONE[$impl]=1
    [ "${BM_PASS[$impl]}" -eq 0 ] && [ "${BM_FAIL[$impl]}" -eq 0 ] && return 1
    return 0
  fi
  BM_PROBES[$impl]+=" $(thousands "$n") → $fps;"
  log "  $impl: $n bunnies → $fps fps"
  if is "$fps >= $BM_TARGET_FPS"; then BM_PASS[$impl]=$n BM_PASS_FPS[$impl]=$fps; else BM_FAIL[$impl]=$n BM_FAIL_FPS[$impl]=$fps; fi
  pass=${BM_PASS[$impl]} fail=${BM_FAIL[$impl]}
  if [ "$fail" -eq 0 ]; then
    next=$(calc "$n * (($fps / $BM_TARGET_FPS) * 0.95 < 1.25 ? 1.25 : (($fps / $BM_TARGET_FPS) * 0.95 > 4 ? 4 : ($fps / $BM_TARGET_FPS) * 0.95))")
  elif [ "$pass" -eq 0 ]; then
    [ "$n" -le 10 ] && { BM_DONE[$impl]=1; return 0; }
    next=$(calc "$n * (($fps / $BM_TARGET_FPS) < 0.25 ? 0.25 : (($fps / $BM_TARGET_FPS) > 0.9 ? 0.9 : $fps / $BM_TARGET_FPS))")
  elif [ "$fail" -lt "$pass" ]; then
    # Noise made a smaller N fail after a larger one passed: trust the newer figure.
    BM_PASS[$impl]=0 BM_PASS_FPS[$impl]=""
    next=$(calc "$n * 0.9")
  else
    is "$fail <= $pass * $BM_PRECISION" && { BM_DONE[$impl]=1; return 0; }
    local pf=${BM_PASS_FPS[$impl]} ff=${BM_FAIL_FPS[$impl]}
    next=$(calc "$pass + ($fail - $pass) * ((1/$BM_TARGET_FPS - 1/$pf) / (1/$ff - 1/$pf))")
    next=$(calc "$next < $pass + ($fail - $pass) * 0.2 ? $pass + ($fail - $pass) * 0.2 : ($next > $fail - ($fail - $pass) * 0.2 ? $fail - ($fail - $pass) * 0.2 : $next)")
  fi
  next=$(bm_round "$next")
  if [ "$next" -eq "$n" ] || [ "$next" -eq "${BM_PASS[$impl]}" ] || [ "$next" -eq "${BM_FAIL[$impl]}" ] ||
     [ "${BM_COUNT[$impl]}" -ge "$BM_MAX_PROBES" ]; then
    BM_DONE[$impl]=1
  fi
  BM_N[$impl]=$next
  return 0
}

# Ratio a/b to two decimals, or "–" when either is missing or zero.
bm_ratio() { if [ "${1:-0}" != 0 ] && [ "${2:-0}" != 0 ]; then calc "$1 / $2" | awk '{ printf "%.2f", $1 }'; else printf '–'; fi; }

section_bunnymark() {
  local md=$1 started impl label renderer start ref row
  started=$(date +%s)
  BM_LOG="$BENCH_TMP/bunnymark.log"; : >"$BM_LOG"
  sync_bunny_copies
  SDL_BIN=$(build_sdl_bunnymark) || SDL_BIN=""
  find_tide
  declare -A result=() fps_at=() fail=() probes=() why=()

  # impl | label | renderer | start guess | reference N (a figure measured once, when the targets were set)
  local plan=(
    "love|LÖVE 11.4|OpenGL|1500|3000"
    "sdl-software|bare SDL2 (C)|software, window surface shown through an OpenGL texture (SDL's default on X11)|3000|17000"
    "sdl-software-direct|bare SDL2 (C)|software, window surface straight to X11 (SDL_FRAMEBUFFER_ACCELERATION=0)|6000|17000"
    "sdl-opengl|bare SDL2 (C)|opengl, batching on|3000|5000"
    "sdl-opengl-unbatched|bare SDL2 (C)|opengl, batching off (SDL's default when a driver is named)|3000|5000"
    "tide-software|Tide|software (TIDE_RENDERER)|6000|"
    "tide-opengl|Tide|opengl (TIDE_RENDERER)|3000|"
    "tide-voices|Tide, 32 looping voices|software (TIDE_RENDERER)|6000|"
    "tide-music|Tide, a music stream|software (TIDE_RENDERER)|6000|"
  )
  local active=()
  for row in "${plan[@]}"; do
    IFS='|' read -r impl label renderer start ref <<<"$row"
    if [ -n "${BENCH_ROWS:-}" ] && [[ " $BENCH_ROWS " != *" $impl "* ]]; then
      why[$impl]="not run (BENCH_ROWS)"
      continue
    fi
    case $impl in
      love) command -v love >/dev/null || { why[$impl]="love is not installed"; continue; } ;;
      sdl-*) [ -n "$SDL_BIN" ] || { why[$impl]="bare SDL2 program failed to build"; continue; } ;;
      tide-*) [ -n "$TIDE_BIN" ] || { why[$impl]="not available yet ($TIDE_WHY)"; continue; } ;;
    esac
    bm_init "$impl" "$start"
    active+=("$impl")
  done
  local busy=1
  while [ "$busy" = 1 ]; do
    busy=0
    for impl in "${active[@]}"; do
      [ -n "${BM_DONE[$impl]}" ] && continue
      busy=1
      if ! bm_step "$impl"; then
        why[$impl]="not available yet (no fps line; see the run log)"
        [ "${impl%%-*}" = tide ] && why[$impl]="not available yet (tide printed no BUNNYMARK line: it needs tide.stats(), TIDE_VSYNC, TIDE_RENDERER; last stderr: $(grep -v '^\[' "$BM_LOG" | tail -1 | cut -c1-120))"
      fi
    done
  done
  for impl in "${active[@]}"; do
    [ -n "${why[$impl]:-}" ] && continue
    result[$impl]=${BM_PASS[$impl]} fps_at[$impl]=${BM_PASS_FPS[$impl]} probes[$impl]=${BM_PROBES[$impl]}
    [ "${BM_FAIL[$impl]}" -gt 0 ] && fail[$impl]="$(thousands "${BM_FAIL[$impl]}") (${BM_FAIL_FPS[$impl]} fps)"
  done

  {
    echo "## bunnymark"
    echo
    echo "Largest number of bunnies (26×37 RGBA sprite, velocity, gravity, edge bounce) that holds"
    echo "≥ $BM_TARGET_FPS fps in a 1280×720 window under Xvfb, vsync off, all programs on the same Xvfb"
    echo "in one run. Each probe: ${BM_WARMUP} s warm-up, then frames counted for ${BM_SECONDS} s; the"
    echo "search stops when the first failing N is within $(calc "($BM_PRECISION - 1) * 100")% of the last passing one. A probe that"
    echo "fails by less than 40% is retried up to $BM_RETRIES times, keeping the best (load only slows a run"
    echo "down). Programs take turns probe by probe, so load drifts hit them alike."
    echo
    echo "| program | renderer | largest N ≥ 60 fps | fps there | first N below 60 fps | reference figure | measured / reference |"
    echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
    for row in "${plan[@]}"; do
      IFS='|' read -r impl label renderer start ref <<<"$row"
      if [ -n "${result[$impl]:-}" ]; then
        echo "| $label | $renderer | **$(thousands "${result[$impl]}")** | ${fps_at[$impl]:-–} | ${fail[$impl]:-–} | ${ref:+~$(thousands "$ref")} | ${ref:+$(bm_ratio "${result[$impl]}" "$ref")×} |"
      else
        echo "| $label | $renderer | – | – | – | ${ref:+~$(thousands "$ref")} | ${why[$impl]} |"
      fi
    done
    echo
    local tide_best=0 t
    for t in tide-software tide-opengl; do
      [ "${result[$t]:-0}" -gt "$tide_best" ] && tide_best=${result[$t]}
    done
    echo "Targets, as ratios measured in this run:"
    echo
    echo "| target | ratio | met |"
    echo "| --- | ---: | --- |"
    bm_target_row "Tide (best renderer) ≥ 5× LÖVE" "$tide_best" "${result[love]:-0}" 5
    local sw_floor gl_floor
    sw_floor=$(bm_max "${result[sdl-software]:-0}" "${result[sdl-software-direct]:-0}")
    gl_floor=$(bm_max "${result[sdl-opengl]:-0}" "${result[sdl-opengl-unbatched]:-0}")
    bm_target_row "Tide software (its default renderer) ≥ 0.85× bare SDL2 software (its best set-up, $(thousands "$sw_floor"))" "${result[tide-software]:-0}" "$sw_floor" 0.85
    bm_target_row "Tide software with 32 voices playing ≥ 0.95× without (sound costs no frames)" "${result[tide-voices]:-0}" "${result[tide-software]:-0}" 0.95
    bm_target_row "Tide software with a music stream playing ≥ 0.95× without" "${result[tide-music]:-0}" "${result[tide-software]:-0}" 0.95
    echo
    echo "Renderer for renderer, beyond the issue's targets (OpenGL is the override, not Tide's choice here):" \
      "Tide opengl / bare SDL2 opengl (its best set-up, $(thousands "$gl_floor")) = $(bm_ratio "${result[tide-opengl]:-0}" "$gl_floor")×."
    echo
    echo "Other ratios in this run: bare SDL2 best software / LÖVE = $(bm_ratio "$sw_floor" "${result[love]:-0}")×;" \
      "software surface straight to X11 / through OpenGL = $(bm_ratio "${result[sdl-software-direct]:-0}" "${result[sdl-software]:-0}")×;" \
      "SDL2 opengl batched / unbatched = $(bm_ratio "${result[sdl-opengl]:-0}" "${result[sdl-opengl-unbatched]:-0}")×."
    echo
    echo 'Note for the window backend: on X11, SDL 2.26 shows the software renderer'"'"'s window surface'
    echo 'through an OpenGL texture unless `SDL_HINT_FRAMEBUFFER_ACCELERATION` is "0"; on llvmpipe that'
    echo 'costs a large share of the frame (compare the two bare software rows).'
    echo
    echo "<details><summary>Probes (N → fps)</summary>"
    echo
    for row in "${plan[@]}"; do
      IFS='|' read -r impl label renderer start ref <<<"$row"
      [ -n "${probes[$impl]:-}" ] && echo "- $label, $renderer:${probes[$impl]%;}"
    done
    echo
    echo "</details>"
    echo
    echo "Section time: $(( $(date +%s) - started )) s."
  } >"$md"
}

# The larger of two integers.
bm_max() { if [ "$1" -ge "$2" ]; then echo "$1"; else echo "$2"; fi; }

# One row of the target table: label, measured, baseline, required ratio.
bm_target_row() {
  local label=$1 a=$2 b=$3 need=$4 r
  if [ "$a" = 0 ] || [ "$b" = 0 ]; then
    echo "| $label | – | not measured |"
    return
  fi
  r=$(bm_ratio "$a" "$b")
  if is "$r >= $need"; then echo "| $label | ${r}× | yes |"; else echo "| $label | ${r}× | **no** |"; fi
}

# Runs one Tide bunnymark on the software renderer with $2 bunnies through tide binary $1 and
# prints "<fps> <CPU ms per frame>": the frame rate of the measured window, and the CPU time the
# process (every thread) spent per frame over it. The second moves little with load from other
# work, which only ever slows the first: read from /proc as each figure line arrives.
bm_cpu_probe() {
  local bin=$1 n=$2 fifo pid line frames cpu f0="" c0="" f1="" c1="" fps="" elapsed
  fifo="$BENCH_TMP/cpu-probe.fifo"
  rm -f "$fifo" && mkfifo "$fifo" || return 1
  # In the background SIGINT is ignored; SDL turns SIGTERM into SDL_QUIT as well.
  TIDE_VSYNC=0 TIDE_RENDERER=software "$bin" run Benchmarks/tide-bunnymark --option "bunnies=$n" \
    --option "warmup=$BM_WARMUP" --option "seconds=$BM_SECONDS" >"$fifo" 2>>"$BM_LOG" &
  pid=$!
  (sleep "$(calc "int($BM_WARMUP + $BM_SECONDS + 20)")"; kill -TERM "$pid" 2>/dev/null) &
  local watchdog=$!
  while IFS= read -r line; do
    printf '[cpu n=%s] %s\n' "$n" "$line" >>"$BM_LOG"
    case $line in BUNNYMARK*) ;; *) continue ;; esac
    cpu=$(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null)
    frames=$(sed -n 's/.* frames=\([0-9]*\).*/\1/p' <<<"$line")
    fps=$(sed -n 's/.* fps=\([0-9.]*\).*/\1/p' <<<"$line")
    elapsed=$(sed -n 's/.* seconds=\([0-9.]*\).*/\1/p' <<<"$line")
    if [ -z "$f0" ]; then f0=$frames c0=$cpu; else f1=$frames c1=$cpu; fi
    is "${elapsed:-0} >= $BM_SECONDS" && kill -TERM "$pid" 2>/dev/null
  done <"$fifo"
  wait "$pid" 2>/dev/null
  kill "$watchdog" 2>/dev/null
  rm -f "$fifo"
  [ -n "$f1" ] && [ -n "$c0" ] && [ -n "$c1" ] && [ "$f1" -gt "$f0" ] || return 1
  printf '%s %s\n' "$fps" "$(calc "($c1 - $c0) * 1000 / $(getconf CLK_TCK) / ($f1 - $f0)" | awk '{ printf "%.1f", $1 }')"
}

# `Scripts/bench --against REV bunnymark`: Tide only, this tree's tide against REV's, probe by
# probe in turn. First the frame rate and the CPU time a frame at a fixed count on the software
# renderer (the figures a regression moves first: a search's answer moves in steps of its
# precision), both binaries alternating BENCH_AGAINST_ROUNDS times; then the largest N ≥ 60 fps search of the section, with
# REV's two renderers as two more programs in the round robin. Prints Markdown rows
# "| figure | this | REV | this / REV |" after a heading.
# Env: BENCH_AGAINST_BUNNIES (default 5000), BENCH_AGAINST_SECONDS (counted per fixed probe, 4),
#      BENCH_AGAINST_SEARCH=0 (the fixed-count probes only).
against_bunnymark() {
  local md=$1 rounds=$2 n=${BENCH_AGAINST_BUNNIES:-5000} i impl
  BM_LOG="$BENCH_TMP/bunnymark-against.log"; : >"$BM_LOG"
  sync_bunny_copies
  local this=() rev=() this_cpu=() rev_cpu=() fc seconds=$BM_SECONDS
  # Longer windows than the search's probes: the figures are compared, not just tested.
  BM_SECONDS=${BENCH_AGAINST_SECONDS:-4}
  for ((i = 0; i < rounds; i++)); do
    fc=$(bm_cpu_probe "$TIDE_BIN" "$n") && { this+=("${fc% *}"); this_cpu+=("${fc#* }"); }
    fc=$(bm_cpu_probe "$AGAINST_BIN" "$n") && { rev+=("${fc% *}"); rev_cpu+=("${fc#* }"); }
    log "  $n bunnies, round $((i + 1)) (fps, CPU ms a frame): this ${this[*]: -1}, ${this_cpu[*]: -1}; rev ${rev[*]: -1}, ${rev_cpu[*]: -1}"
  done
  BM_SECONDS=$seconds
  local active=(tide-software rev-software tide-opengl rev-opengl) busy=1
  [ "${BENCH_AGAINST_SEARCH:-1}" = 0 ] && active=()
  for impl in "${active[@]}"; do bm_init "$impl" "$([ "${impl#*-}" = software ] && echo 6000 || echo 3000)"; done
  while [ "$busy" = 1 ]; do
    busy=0
    for impl in "${active[@]}"; do
      [ -n "${BM_DONE[$impl]}" ] && continue
      busy=1
      bm_step "$impl" || true
    done
  done
  local a b
  {
    echo "### bunnymark (1280×720 under Xvfb, vsync off, \`Benchmarks/tide-bunnymark\` of this tree for both)"
    echo
    echo "| figure | this tree | $AGAINST_LABEL | this / $AGAINST_LABEL |"
    echo "| --- | ---: | ---: | ---: |"
    a=$(median "${this[@]}") b=$(median "${rev[@]}")
    echo "| fps at $(thousands "$n") bunnies, software (median of ${#this[@]} / ${#rev[@]}: ${this[*]} / ${rev[*]}) | ${a:-–} | ${b:-–} | **$(bm_ratio "$a" "$b")×** |"
    a=$(median "${this_cpu[@]}") b=$(median "${rev_cpu[@]}")
    echo "| CPU ms per frame there, all threads (lower is better; moves little with load) (${this_cpu[*]} / ${rev_cpu[*]}) | ${a:-–} | ${b:-–} | **$(bm_ratio "$a" "$b")×** |"
    for impl in software opengl; do
      [ ${#active[@]} -eq 0 ] && break
      a=${BM_PASS[tide-$impl]} b=${BM_PASS[rev-$impl]}
      echo "| largest N ≥ $BM_TARGET_FPS fps, $impl | $(thousands "$a") | $(thousands "$b") | $(bm_ratio "$a" "$b")× |"
    done
    if [ ${#active[@]} -gt 0 ]; then
      echo
      echo "<details><summary>Probes (N → fps)</summary>"
      echo
      for impl in "${active[@]}"; do echo "- $impl:${BM_PROBES[$impl]%;}"; done
      echo
      echo "</details>"
    fi
  } >"$md"
}
