#!/usr/bin/env bash
# Engine-side cost probes, run by Scripts/fuzz (mode "cost"): inputs a script or file controls
# whose cost lands in the engine's own Swift or C code, where no watchdog sees it. Each probe is
# one tide command at the input's documented maximum, run under a time limit; past it is a hang,
# a signal a crash, and exit 70 (the stuck-tick guard) a failure too, since nothing a script can
# do should reach the guard. A probe that ends in time passes, whatever it printed: a refusal
# with a message is a clean outcome.
#
#   Tests/Fuzz/cost.sh TIDE WORKDIR LIMIT [short|long]
#
# Drawing probes get at most 20 s (one frame). Prints one "cost: <probe> <seconds>s <outcome>" line a probe and, last,
# "COST probes=N passed=P hangs=H crashes=C stuck=S"; exits non-zero when any failed.
set -uo pipefail

tide=$1 work=$2 limit=$3 pass=${4:-short}
mkdir -p "$work"
probes=0 passed=0 hangs=0 crashes=0 stuck=0

probe() {  # probe NAME COMMAND...
  local name=$1
  shift
  probes=$((probes + 1))
  local started ended rc
  started=$(date +%s.%N)
  local within=${probe_limit:-$limit}
  timeout -s KILL "$within" "$@" >"$work/$name.log" 2>&1
  rc=$?
  ended=$(date +%s.%N)
  local took outcome
  took=$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.1f", b - a }')
  if [ "$rc" -eq 137 ] || [ "$rc" -eq 124 ]; then
    hangs=$((hangs + 1)); outcome="HANG (over ${within}s)"
  elif [ "$rc" -gt 128 ]; then
    crashes=$((crashes + 1)); outcome="CRASH (signal $((rc - 128)))"
  elif [ "$rc" -eq 70 ]; then
    stuck=$((stuck + 1)); outcome="STUCK (the stuck-tick guard fired: $(grep -a 'one tick' "$work/$name.log" | head -1 | cut -c1-200))"
  else
    passed=$((passed + 1)); outcome="ok (exit $rc)"
  fi
  echo "cost: $name ${took}s $outcome"
}

game() {  # game NAME MAIN_LUA: a game folder in the work folder
  mkdir -p "$work/$1"
  printf 'return { title = "%s", width = 320, height = 240 }\n' "$1" >"$work/$1/conf.lua"
  printf '%s\n' "$2" >"$work/$1/main.lua"
}

# Input scripts: unclosed escapes in every escaped value, a long word, a long time.
lua5.4 -e '
  local junk = ("\\u{"):rep(50000)
  io.write("1 text ", junk, "\n2 keydown ", junk, "\n@option k=", junk, "\n")
  io.write("3 text ", ("x"):rep(1000000), "\n")
  io.write(("9"):rep(200000), " tap 1 1\n")
' >"$work/escapes.input"
game plain 'tide.sprite.rect{ w = 10, h = 10 }'
probe input-parse "$tide" run "$work/plain" --headless --seconds 1 --input "$work/escapes.input"

# A tree of links: loops and a link to the root, for tide check's lint walk and the game's fingerprint.
game links 'tide.sprite.rect{ w = 10, h = 10 }'
ln -s . "$work/links/a"
ln -s . "$work/links/b"
ln -s / "$work/links/root"
mkdir -p "$work/links/data/deep"
ln -s ../.. "$work/links/data/deep/up"
probe links-check "$tide" check "$work/links"
probe links-record "$tide" run "$work/links" --headless --seconds 1 --record "$work/links.input"

[ "$pass" = long ] && {
  # The same folder in a window, whose file watcher walks it before the first frame.
  probe links-window xvfb-run -a -s "-screen 0 640x480x24" "$tide" run "$work/links" --quit-after 1

  # A replay file of escapes in a game's tests: tide test parses it.
  game replays 'tide.sprite.rect{ w = 10, h = 10 }'
  mkdir -p "$work/replays/tests/replays"
  cp "$work/escapes.input" "$work/replays/tests/replays/escapes.input"
  probe replay-parse "$tide" test "$work/replays"

  # Drawing and text work a frame does: a shot of one frame must not take long, whatever
  # the limit for the other probes.
  probe_limit=$(( limit < 20 ? limit : 20 ))
  # Text fitting: a long text squeezed into a tiny box, and long text into every text field.
  game text-fit "for i = 1, 4 do tide.sprite.text(('a'):rep(20000), { max_width = 1, max_height = 1 }) end"
  probe text-fit "$tide" shot "$work/text-fit" -o "$work/text-fit.png"
  game text-wrap "for i = 1, 4 do tide.sprite.text(('word '):rep(4000), { max_width = 50 }) end"
  probe text-wrap "$tide" shot "$work/text-wrap" -o "$work/text-wrap.png"

  # Polygons and lines at their maxima (10,000 corners, stroke_width 1e4).
  game polygon "
    local function spiral()
      local points = {}
      for i = 0, 9999 do
        local a, r = i * 0.05, 5 + i * 0.02
        points[#points + 1] = 160 + r * math.cos(a)
        points[#points + 1] = 120 + r * math.sin(a)
      end
      return points
    end
    for i = 1, 4 do tide.sprite.polygon{ points = spiral(), fill = '#ff0000' } end"
  probe polygon "$tide" shot "$work/polygon" -o "$work/polygon.png"
  game line "
    local points = {}
    for i = 0, 9999 do points[#points + 1] = i % 2 * 300; points[#points + 1] = i * 0.02 end
    for i = 1, 10 do tide.sprite.line{ points = points, stroke_width = 1e4 } end"
  probe line "$tide" shot "$work/line" -o "$work/line.png"
  probe_limit=

  # A save of 8 MiB of brackets: the JSON reader at its limit.
  game save-parse 'local v, status = tide.save.read_status("deep", 0) tide.sprite.text(status)'
  mkdir -p "$work/data/tide/save-parse"
  head -c 8000000 /dev/zero | tr '\0' '[' >"$work/data/tide/save-parse/deep.json"
  probe save-parse env XDG_DATA_HOME="$work/data" "$tide" run "$work/save-parse" --headless --seconds 1

  # A bot typing 8 MB an act, then failing: its capsule must stay within what --input reads.
  game typing 'tide.after(5.5, function() error("the end") end)'
  printf 'return { every = 0.5, act = function(app) app:type(("x"):rep(8 * 1024 * 1024)) end }\n' >"$work/typing-bot.lua"
  probe bot-capsule env XDG_DATA_HOME="$work/data" "$tide" run "$work/typing" --headless --seconds 6 --runs 1 --jobs 1 --input-bot "$work/typing-bot.lua"
  capsule=$(find "$work/data" -name 'seed-1*.input' | head -1)
  if [ -n "$capsule" ]; then
    probe bot-capsule-replays "$tide" run "$work/typing" --headless --input "$capsule"
    grep -aq 'Recording capped' "$capsule" || echo "cost: bot-capsule: note: the capsule was not capped ($(wc -c <"$capsule") bytes)"
  fi
}

echo "COST probes=$probes passed=$passed hangs=$hangs crashes=$crashes stuck=$stuck"
[ "$hangs" -eq 0 ] && [ "$crashes" -eq 0 ] && [ "$stuck" -eq 0 ]
