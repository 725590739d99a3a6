#!/usr/bin/env bash
# A recording stand-in for an engine: a GUI starts this script as its UCI engine; it runs the
# real engine (GLOSSFISH_RECORD_ENGINE, default build/glossfish of this checkout) and appends
# every line each way to a transcript:
#   <seconds since start, 3 decimals> <mark> <line>    mark '>' GUI to engine, '<' engine to GUI
# Lines starting with '#' are notes (pids, end of input, the engine's exit). The transcript is
# GLOSSFISH_RECORD_FILE, where %p stands for this wrapper's pid (a GUI that starts the engine
# twice, for discovery and then for analysis, gets one file per start); default
# /tmp/glossfish-record.%p.log. No process is forked per line (bash's EPOCHREALTIME), so the
# stamps are the arrival times within a millisecond.
set -u
here=$(cd "$(dirname "$0")" && pwd)
engine=${GLOSSFISH_RECORD_ENGINE:-$here/../../build/glossfish}
out=${GLOSSFISH_RECORD_FILE:-/tmp/glossfish-record.%p.log}
out=${out//%p/$$}
start_us=${EPOCHREALTIME/./}

stamp() {  # sets $now: seconds since start with 3 decimals (no subshell)
    local us=$((${EPOCHREALTIME/./} - start_us))
    printf -v now '%d.%03d' $((us / 1000000)) $((us / 1000 % 1000))
}

coproc ENGINE { exec "$engine" "$@"; }
engine_pid=$ENGINE_PID
# Copies of the coprocess's pipes: bash closes the originals in subshells.
exec 4<&"${ENGINE[0]}" 3>&"${ENGINE[1]}"
eval "exec ${ENGINE[0]}<&- ${ENGINE[1]}>&-"
echo "# $(date -u +%FT%TZ) engine $engine pid $engine_pid wrapper pid $$" >>"$out"
# Engine output: stamped and passed on to the GUI. The reader must not hold the engine's input
# open (fd 3), or the engine would never see the end of its input.
{
    exec 3>&-
    while IFS= read -r line || [[ -n $line ]]; do
        stamp # before passing the line on: the GUI's answer to it must come later
        printf '%s\n' "$line"
        printf '%s < %s\n' "$now" "${line%$'\r'}" >>"$out"
    done
} <&4 &
reader=$!
exec 4<&-
# A GUI that ends the engine with a signal ends the real engine the same way.
trap 'stamp; echo "# $now wrapper got SIGTERM" >>"$out"; kill -TERM "$engine_pid"; exit 143' TERM
trap 'stamp; echo "# $now wrapper got SIGHUP" >>"$out"; kill -HUP "$engine_pid"; exit 129' HUP
# GUI input: stamped, then passed to the engine.
while IFS= read -r line || [[ -n $line ]]; do
    stamp
    printf '%s > %s\n' "$now" "${line%$'\r'}" >>"$out"
    printf '%s\n' "$line" >&3
done
exec 3>&-
stamp
echo "# $now GUI closed the engine's input" >>"$out"
wait "$engine_pid" 2>/dev/null
status=$?
stamp
echo "# $now engine exited with status $status" >>"$out"
wait "$reader" 2>/dev/null
exit "$status"
