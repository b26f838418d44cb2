# Shared helpers for Scripts/bench: logging, packages, builds, machine description, numbers.
# Sourced, never run; expects the repo root as the working directory.

# Prints a progress line to stderr (stdout is kept for values).
log() { printf 'bench: %s\n' "$*" >&2; }

# Installs the Debian packages given that dpkg does not know, one apt command at a time.
install_missing() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { log "need root (or sudo) to install: ${missing[*]}"; return 1; }
    sudo="sudo"
  fi
  log "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null || true
  $sudo apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Floating-point arithmetic through awk: calc "1/60 + x" (variables must be expanded first).
calc() { awk "BEGIN { printf \"%.6g\", $* }"; }

# True (exit 0) when the awk condition holds: is "$fps >= 60".
is() { awk "BEGIN { exit !($*) }"; }

# 12345 -> 12,345 (integers only).
thousands() { printf '%s' "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }

# Median of the numbers given as arguments.
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { if (NR == 0) exit; if (NR % 2) print a[(NR + 1) / 2]; else printf "%.6g\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# One Markdown line describing this machine; the renderer comes from LÖVE when it ran.
machine_line() {
  local cpu mem kernel
  cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
  mem=$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
  kernel=$(uname -sr)
  printf '%s CPUs (`nproc`), %s, %s RAM, %s, load average at start %s' \
    "$(nproc)" "${cpu:-unknown CPU}" "$mem" "$kernel" "$(cut -d' ' -f1-3 /proc/loadavg)"
  # A busy machine lowers every absolute figure; say so where the figures are read.
  if is "$(cut -d' ' -f1 /proc/loadavg) > $(nproc)"; then
    printf ' (**busy machine**: other work shared the CPUs, so absolute figures are low; read the ratios)'
  fi
}

# OpenGL renderer string as LÖVE sees it under this display ("" when LÖVE cannot run).
gl_renderer() {
  command -v love >/dev/null || return 0
  BENCH_EXIT_AFTER_FIRST_FRAME=1 timeout -k 2 20 love Benchmarks/love-bunnymark 1 2>/dev/null |
    sed -n 's/^RENDERER //p' | head -1
}

# Builds the bare SDL2 bunnymark into Benchmarks/.build/ when its source is newer; prints the path.
build_sdl_bunnymark() {
  local out=Benchmarks/.build/sdl-bunnymark src=Benchmarks/sdl-bunnymark/bunnymark.c
  mkdir -p Benchmarks/.build
  if [ ! -x "$out" ] || [ "$src" -nt "$out" ]; then
    # shellcheck disable=SC2046  # pkg-config output is meant to split into flags
    cc -O2 -Wall -o "$out" "$src" $(pkg-config --cflags --libs sdl2 SDL2_image) -lm >&2 || return 1
  fi
  printf '%s\n' "$out"
}

# Keeps the bunny copies in the LÖVE and Tide game folders identical to Benchmarks/assets/bunny.png.
sync_bunny_copies() {
  local src=Benchmarks/assets/bunny.png dst
  for dst in Benchmarks/love-bunnymark/bunny.png Benchmarks/tide-bunnymark/assets/bunny.png; do
    cmp -s "$src" "$dst" || cp "$src" "$dst"
  done
}

# Sets TIDE_BIN to a usable tide binary (building it in release once per run) or leaves it empty
# with TIDE_WHY saying why. TIDE_BIN set by the caller is used as is; BENCH_TIDE=0 skips Tide.
find_tide() {
  [ -n "${TIDE_CHECKED:-}" ] && return 0
  TIDE_CHECKED=1
  TIDE_WHY=""
  TIDE_BIN=${TIDE_BIN:-}
  if [ "${BENCH_TIDE:-1}" = "0" ]; then TIDE_BIN=""; TIDE_WHY="skipped (BENCH_TIDE=0)"; return 0; fi
  if [ -n "${TIDE_BIN:-}" ]; then
    [ -x "$TIDE_BIN" ] || { TIDE_WHY="TIDE_BIN=$TIDE_BIN is not executable"; TIDE_BIN=""; }
    return 0
  fi
  if [ ! -f Package.swift ] || [ ! -d Sources/tide ]; then TIDE_WHY="no engine in this checkout"; return 0; fi
  if ! command -v swift >/dev/null; then TIDE_WHY="no swift toolchain"; return 0; fi
  local scratch=() bindir
  [ -n "${TIDE_SCRATCH:-}" ] && scratch=(--scratch-path "$TIDE_SCRATCH")
  log "building tide (swift build -c release --product tide ${scratch[*]})"
  if ! swift build -c release --product tide "${scratch[@]}" >"$BENCH_TMP/tide-build.log" 2>&1; then
    TIDE_WHY="release build failed: $(grep -m1 'error:' "$BENCH_TMP/tide-build.log" | sed "s|$PWD/||" | cut -c1-160)"
    log "$TIDE_WHY (full log: $BENCH_TMP/tide-build.log)"
    return 0
  fi
  bindir=$(swift build -c release --product tide "${scratch[@]}" --show-bin-path 2>/dev/null)
  TIDE_BIN="${bindir:-.build/release}/tide"
  [ -x "$TIDE_BIN" ] || { TIDE_WHY="built, but $TIDE_BIN is missing"; TIDE_BIN=""; }
}

# Prints the tide-serve beside TIDE_BIN, building it there when it is missing: in TIDE_BIN's
# scratch folder (`.build` or TIDE_SCRATCH), from the package that folder belongs to (with
# --against, REV's worktree for REV's tide). Prints nothing when there is none.
tide_serve_beside_tide() {
  local bin_dir scratch package
  bin_dir=$(cd "$(dirname "$TIDE_BIN")" && pwd)
  scratch=$(dirname "$bin_dir")
  package=$(dirname "$scratch")
  if [ ! -f "$package/Package.swift" ] || { [ -n "${TIDE_SCRATCH:-}" ] && [ "$scratch" -ef "$TIDE_SCRATCH" ]; }; then
    package=$PWD
  fi
  if [ ! -x "$bin_dir/tide-serve" ] && [ -f "$package/Package.swift" ]; then
    log "building tide-serve (swift build -c release --product tide-serve --scratch-path $scratch, in $package)"
    (cd "$package" && swift build -c release --product tide-serve --scratch-path "$scratch") >"$BENCH_TMP/serve-build.log" 2>&1
  fi
  [ -x "$bin_dir/tide-serve" ] && echo "$bin_dir/tide-serve"
}
