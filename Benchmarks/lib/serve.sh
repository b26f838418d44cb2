# Section `serve`: `tide run --serve` on loopback through Debian's headless Chromium
# (`tide bench serve`, which runs `tide-serve bench`: the server is measured in its own program,
# built here beside `tide` when it is missing):
#  - from a tap's lift leaving the page to the frame showing its effect reaching the page,
#    median over 200 taps of the Tapper fixture, by the page's clock;
#  - what the page receives while BubblePop is in play (a bot in the page taps a bubble every
#    0.4 s) for 20 s;
#  - the process's CPU per tick of that served session against a headless engine stepping the
#    same ticks with the same input (the served session's recording), paced at 60 Hz as the
#    served one is (back to back reported too); and the same session served to a bare reader
#    (`tide-serve read`, its own process) in place of the browser, reported beside it.
#  - where that session's tick goes on the hub's thread (between ticks, stepping, the picture,
#    sending), and this machine's cost of a paced tick's wake and of one loopback send alone.
#  - a headless session paced beside that one on a thread of the same process, over the same
#    seconds: the ratio of the two threads, which the machine's drifting load does not move.
# Targets: median at most 2 frames at 60 Hz; at most 64 KiB/s; served CPU at most 1.5x headless.
# Sourced by Scripts/bench.

section_serve() {
  local md=$1 out rc
  find_tide
  {
    echo "## serve — a tap's effect on the page, bandwidth and CPU of a served session"
    echo
    echo "Targets: median tap-to-frame at most 2 frames at 60 Hz (33.3 ms); a BubblePop round at most"
    echo "64 KiB/s; the server's CPU per session at most 1.5× a headless session of the same game,"
    echo "checked on the browser's row and on the two threads measured at the same time (the browser's"
    echo "row alone can land on either side by the machine's drift)."
    echo "Release build; headless Chromium with touch emulation on loopback; WebSocket payload bytes."
    echo
    if [ -z "$TIDE_BIN" ]; then
      echo "not available: $TIDE_WHY."
      return
    fi
    if ! command -v chromium >/dev/null; then
      echo "not available: chromium is not installed (Scripts/setup installs it)."
      return
    fi
    # `tide bench serve` runs the tide-serve beside it.
    tide_serve_beside_tide >/dev/null
    echo "### \`tide bench serve\`"
    echo
    out=$(timeout -k 5 300 "$TIDE_BIN" bench serve 2>"$BENCH_TMP/serve.err")
    rc=$?
    if [ "$rc" -ne 0 ]; then
      echo "not available: \`tide bench serve\` exited $rc: $(head -1 "$BENCH_TMP/serve.err" | cut -c1-200)"
    else
      printf '%s\n' "$out" | sed -n '/^## /,$p' | sed -e 's/^## /#### /'
    fi
    echo
    echo "How to read the CPU rows: a headless tick paced at 60 Hz is the machine's sleep and wake plus"
    echo "the game's step. A served tick is those, the page's picture and one send, as the rows of the"
    echo "hub's thread show them; the send costs what the bare loopback send costs, with no game. So"
    echo "headless plus that send, over headless, is as low as the ratio can go on this machine, and"
    echo "what is left between that and the target is the picture's budget. The sessions run one after"
    echo "another and the machine's load drifts between them; the \"at the same time\" rows, two threads"
    echo "measured over the same seconds, are the ratio that drift does not move (docs/serve.md). With"
    echo "several devices connected, the hub wakes once a tick for all of them: the rows for two and"
    echo "eight sessions at once give each one's share."

  } >"$md"
  log "serve: done"
}
