#!/usr/bin/env bash
# Drives one real chess GUI through the same session a person would have, with glossfish (or
# any UCI engine) as its analysis engine:
#   the game 1.e4 e5 2.Qh5 Nc6 3.Bc4 is loaded, analysis starts there; 1.5 s later 3...Nf6 is
#   played on the board (drag and drop); after 6 s of analysis 4.Qxf7# is played; 3 s later
#   the engine is closed the way the GUI closes it, and then the GUI.
# Usage: tests/gui/drive_gui.sh GUI OUTDIR      GUI: xboard | scid | chessx | pychess
# Needs an X server in DISPLAY of 1600x1000 without a window manager (the clicks are at fixed
# coordinates), e.g. `Xvfb :99 -screen 0 1600x1000x24`. The engine is GLOSSFISH_GUI_ENGINE
# (default build/glossfish of this checkout); tests/gui/record_engine.sh records the traffic.
# Writes into OUTDIR: <gui>-analysis.png (after 6 s of analysis of 3...Nf6), <gui>-mate.png
# (after 4.Qxf7#), <gui>-before.png (before the engine started), and <gui>-procs.txt: the
# engine processes seen while analysing and their states after the engine was closed and after
# the GUI was closed (`pid state comm` lines under `# running`, `# engine closed`,
# `# gui closed`). The GUI's HOME is OUTDIR/<gui>-home (nothing is read from or written to the
# real HOME). Exit status 0 when the session ran, 1 when a window never appeared.
# GLOSSFISH_GUI_LIVE=1 (xboard, scid and chessx): the GUI's engine settings turn on Glossfish
# Live Page (XBoard's -firstOptions, Scid's UCIoptions, ChessX's OptionValues in chessx.ini, see
# chessx_option_true), and the user's default browser is a wrapper that notes the address in
# OUTDIR/<gui>-live-browser.txt and runs Chromium at the right of the screen (x 900..1600):
# glossfish opens the page itself (Glossfish Live Open, xdg-open). Files are then named
# <gui>-live-*.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
gui=${1:?usage: drive_gui.sh GUI OUTDIR}
out=${2:?usage: drive_gui.sh GUI OUTDIR}
engine=${GLOSSFISH_GUI_ENGINE:-$here/../../build/glossfish}
engine=$(cd "$(dirname "$engine")" && pwd)/$(basename "$engine")
: "${DISPLAY:?no X server: set DISPLAY (Xvfb)}"
mkdir -p "$out"
out=$(cd "$out" && pwd)
live=${GLOSSFISH_GUI_LIVE:-}
tag=$gui${live:+-live}
home=$out/$tag-home
rm -rf "$home"
mkdir -p "$home"
export PATH=$PATH:/usr/games
if [[ -n $live ]]; then
    # The default browser, set as a person sets it: mimeapps.list names a desktop entry.
    mkdir -p "$home/.config" "$home/.local/share/applications"
    cat >"$home/browser.sh" <<BROWSER
#!/bin/sh
echo "\$1" >>'$out/$tag-browser.txt'
exec chromium --no-sandbox --no-first-run --disable-gpu --user-data-dir='$home/chromium' \\
    --window-position=900,0 --window-size=700,1000 --new-window "\$1" >/dev/null 2>&1
BROWSER
    chmod +x "$home/browser.sh"
    cat >"$home/.local/share/applications/test-browser.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=test browser
Exec=$home/browser.sh %u
MimeType=x-scheme-handler/http;
DESKTOP
    printf '[Default Applications]\nx-scheme-handler/http=test-browser.desktop\n' \
        >"$home/.config/mimeapps.list"
    export BROWSER=$home/browser.sh
fi
pgn=$home/game.pgn
cat >"$pgn" <<'EOF'
[Event "glossfish GUI test"]
[Site "?"]
[Date "2026.12.02"]
[Round "-"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 *
EOF

log() { echo "drive_gui[$gui]: $*" >&2; }

# The id of the first top-level window whose name matches the regex, waiting up to $2 s.
window() {
    local pattern=$1 deadline=$((SECONDS + ${2:-20})) id
    while ((SECONDS < deadline)); do
        id=$(xwininfo -root -tree 2>/dev/null | grep -E "^ +0x[0-9a-f]+ \"($pattern)\"" |
            head -1 | awk '{print $1}') || true
        if [[ -n $id ]]; then
            echo "$id"
            return 0
        fi
        sleep 0.2
    done
    log "no window matching '$pattern'"
    return 1
}

shot() { import -window root "$out/$tag-$1.png"; }
click() { xdotool mousemove "$1" "$2" click 1; }
drag() {  # drag x1 y1 x2 y2: a piece moved with the mouse
    xdotool mousemove "$1" "$2" mousedown 1
    sleep 0.1
    xdotool mousemove $((($1 + $3) / 2)) $((($2 + $4) / 2))
    sleep 0.1
    xdotool mousemove "$3" "$4"
    sleep 0.1
    xdotool mouseup 1
}

gui_pid=
# The engine processes below the GUI: every descendant whose name is glossfish, stockfish,
# polyglot or the recording wrapper's bash.
engine_pids() {
    local pids=("$gui_pid") all=() next
    while ((${#pids[@]})); do
        next=()
        for p in "${pids[@]}"; do
            for c in $(cat /proc/"$p"/task/*/children 2>/dev/null); do
                all+=("$c")
                next+=("$c")
            done
        done
        pids=("${next[@]}")
    done
    for p in "${all[@]}"; do
        case $(cat /proc/"$p"/comm 2>/dev/null) in
            glossfish | stockfish | polyglot | bash | record_engine.*) echo "$p" ;;
        esac
    done
}
watched=()
note_procs() {  # note_procs TITLE: the state of every watched pid
    {
        echo "# $1"
        for p in "${watched[@]}"; do
            if [[ -r /proc/$p/stat ]]; then
                # pid (comm) state ppid …
                awk '{print $1, $3, $2, "ppid", $4}' /proc/"$p"/stat
            else
                echo "$p gone"
            fi
        done
    } >>"$out/$tag-procs.txt"
}
watch_engine() {
    mapfile -t watched < <(engine_pids)
    note_procs running
}
: >"$out/$tag-procs.txt"

start_gui() {  # start_gui CMD...: in its own session, HOME and XDG dirs under $home
    HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share \
        XDG_CACHE_HOME=$home/.cache setsid "$@" >"$out/$tag-stdout.txt" 2>&1 &
    gui_pid=$!
}

end_gui() {  # waits up to 10 s for the GUI to exit, then ends it
    local deadline=$((SECONDS + 10))
    while kill -0 "$gui_pid" 2>/dev/null && ((SECONDS < deadline)); do
        # a zombie GUI counts as gone: it is our child, reaped below
        [[ $(awk '{print $3}' /proc/"$gui_pid"/stat 2>/dev/null) == Z ]] && break
        sleep 0.2
    done
    kill -TERM "$gui_pid" 2>/dev/null || true
    wait "$gui_pid" 2>/dev/null || true
    sleep 1
}

# chessx_option_true NAME: ChessX's ini value (`<n>\OptionValues=`) for one check option ticked.
# ChessX 1.4.6 keeps an engine's option values as a QMap<QString, QVariant> written with
# QDataStream into a QByteArray, which QSettings puts into chessx.ini as @ByteArray(...) with its
# escapes. Established by doing it by hand under Xvfb: Edit > Preferences > Engines, glossfish,
# Options, Glossfish Live Page set to True, OK, OK; ChessX wrote
#   0\OptionValues=@ByteArray(\0\0\0\x1\0\0\0&\0G\0l\0o\0s\0s\0\x66\0i\0s\0h\0 \0L\0i\0v\0\x65\0 \0P\0\x61\0g\0\x65\0\0\0\x1\0\x1)
# that is: 1 entry; the name as UTF-16BE after its length in bytes (0x26); a QVariant of type
# bool (1), not null, true. This writes the same bytes, escaped as QSettings escapes them (\0
# and \xNN for control bytes, and a hex digit right after such an escape as \xNN too, so that
# it does not read as part of it). ChessX sends `setoption name NAME value true` from it.
chessx_option_true() {
    python3 - "$1" <<'PY'
import struct, sys

key = sys.argv[1].encode("utf-16-be")
data = struct.pack(">I", 1) + struct.pack(">I", len(key)) + key + struct.pack(">IBB", 1, 0, 1)
named = {7: "a", 8: "b", 9: "t", 10: "n", 11: "v", 12: "f", 13: "r", 34: '"', 92: "\\"}
text, after_hex = "", False
for byte in data:
    char = chr(byte)
    if after_hex and char in "0123456789abcdefABCDEF":
        text += f"\\x{byte:x}"
        continue
    after_hex = False
    if byte == 0:
        text, after_hex = text + "\\0", True
    elif byte in named:
        text += "\\" + named[byte]
    elif byte < 0x20 or byte >= 0x7F:
        text, after_hex = text + f"\\x{byte:x}", True
    else:
        assert char not in ";,=", "a value with ; , or = would need quotes"
        text += char
print(f"@ByteArray({text})")
PY
}

case $gui in
xboard)
    # XBoard starts polyglot itself for a UCI engine (-fUCI), with its adapterCommand.
    live_options=()
    [[ -n $live ]] && live_options=(-firstOptions "Glossfish Live Page=1")
    start_gui xboard -fUCI -fcp "$engine" -fd "$home" -lgf "$pgn" -td 0 -mode Analysis \
        -saveSettingsOnExit false "${live_options[@]}"
    main=$(window 'xboard: .*') || exit 1
    output=$(window 'Engine output') || exit 1
    sleep 2
    # Without a window manager every window is at 0,0: the engine output goes right of the board.
    xdotool windowmove "$((output))" 430 0
    tags=$(window 'Tags' 2) && xdotool windowmove "$((tags))" 430 260
    sleep 1
    shot before
    watch_engine
    sleep 1.5
    drag 327 113 277 213 # 3...Nf6 (g8-f6); the board's a8 corner is at 2,88, squares 50 px
    sleep 6
    shot analysis
    drag 377 263 277 163 # 4.Qxf7# (h5-f7)
    sleep 3
    shot mate
    # XBoard ends the engine when it quits (File > Quit, ctrl+q): quit goes through polyglot.
    xdotool key --window "$((main))" ctrl+q
    sleep 2
    note_procs 'engine closed'
    end_gui
    note_procs 'gui closed'
    ;;
scid)
    scid_options=
    [[ -n $live ]] && scid_options='{{Glossfish Live Page} true}'
    mkdir -p "$home/.scid4.7/config"
    cat >"$home/.scid4.7/config/engines.dat" <<EOF
engine {
  Name glossfish
  Cmd  {$engine}
  Args {}
  Dir  {$home}
  Elo  0
  Time 0
  URL  {}
  UCI 1
  UCIoptions {$scid_options}
}
EOF
    start_gui scid "$pgn"
    window 'Scid - .*' 30 >/dev/null || exit 1
    window 'Scid: Tip of the Day' 10 >/dev/null && click 334 177 # its Close button
    sleep 1
    click 380 520 # empty space below the board, for the keys
    xdotool key End
    sleep 1
    click 505 44 # the "Analysis: glossfish" tab
    sleep 1
    shot before
    click 436 283 # start the engine
    sleep 1
    click 899 283 # the engine info line
    watch_engine
    sleep 0.5
    drag 311 106 266 196 # 3...Nf6: a8 corner at 19,84, squares 45 px
    sleep 6
    shot analysis
    drag 356 241 266 151 # 4.Qxf7#
    sleep 3
    shot mate
    click 432 44 # close the analysis tab: Scid sends stop and quit and closes the pipe
    sleep 2
    note_procs 'engine closed'
    kill -TERM "$gui_pid" # Scid's own exit asks about the changed game
    end_gui
    note_procs 'gui closed'
    ;;
chessx)
    mkdir -p "$home/.config/chessx"
    cat >"$home/.config/chessx/chessx.ini" <<EOF
[%General]
BuiltinDbInstalled=true

[Engines]
0\\Name=glossfish
0\\Command=$engine
0\\Directory=$home
0\\Protocol=UCI
EOF
    if [[ -n $live ]]; then
        values=$(chessx_option_true 'Glossfish Live Page')
        echo "0\\OptionValues=$values" >>"$home/.config/chessx/chessx.ini"
    fi
    start_gui chessx "$pgn"
    main=$(window 'game - ChessX' 30) || exit 1
    sleep 3
    click 480 78 # the game's tab, for the keys
    xdotool key End
    sleep 0.5
    xdotool key ctrl+F2 # View > Analysis 1
    sleep 1
    # The dock opens squeezed into the main window's corner: float it (double-click on its
    # title) and give it room below the main window.
    xdotool mousemove 35 10 click --repeat 2 --delay 100 1
    dock=$(window 'Analysis 1' 10) || exit 1
    xdotool windowsize "$((dock))" 900 300
    xdotool windowmove "$((dock))" 0 640
    sleep 1
    shot before
    click 855 675 # Analyze
    sleep 1
    watch_engine
    sleep 0.5
    drag 727 121 670 235 # 3...Nf6: a8 corner at 357,93, squares 57 px
    sleep 6
    shot analysis
    drag 784 292 670 178 # 4.Qxf7#
    sleep 3
    shot mate
    click 855 675 # Stop: ChessX sends quit and ends the engine
    sleep 2
    note_procs 'engine closed'
    xdotool key --window "$((main))" ctrl+q
    end_gui
    note_procs 'gui closed'
    ;;
pychess)
    mkdir -p "$home/.config/pychess"
    cat >"$home/.config/pychess/engines.json" <<EOF
[{"name": "glossfish", "protocol": "uci", "command": "$engine", "workingDirectory": "$home",
  "recheck": true, "country": "unknown", "comment": "", "level": 20}]
EOF
    # The hint analyser is the engine with this md5 (PyChess would pick Stockfish from PATH).
    cat >"$home/.config/pychess/config" <<EOF
[General]
show_tip_at_startup = False
dont_show_externals_at_startup = True
analyzer_check = True
ana_combobox = $(md5sum <"$engine" | cut -d' ' -f1)
EOF
    # Without /usr/games on PATH, so that PyChess does not add Debian's Stockfish by itself.
    PATH=${PATH%:/usr/games} start_gui /usr/games/pychess "$pgn"
    main=$(window 'Welcome - PyChess' 30) || exit 1
    sleep 8 # the engine discovery
    # Positions inside the main window (at 400,6 without a window manager).
    read -r x0 y0 < <(xwininfo -id "$main" | awk '/Absolute upper-left X/ {x = $NF}
        /Absolute upper-left Y/ {print x, $NF}')
    xdotool mousemove $((x0 + 245)) $((y0 + 147)) click --repeat 2 --delay 100 1 # the game
    dialog=$(window 'Enter Game' 10) || exit 1
    read -r dx dy < <(xwininfo -id "$dialog" | awk '/Absolute upper-left X/ {x = $NF}
        /Absolute upper-left Y/ {print x, $NF}')
    shot before
    click $((dx + 524)) $((dy + 405)) # Start Game: the hint analyser starts
    sleep 1
    click $((x0 + 61)) $((y0 + 489)) # the Hints tab below the board
    watch_engine
    sleep 0.5
    # Squares of 41.5 px; g8 is at 352,146 from the window's corner.
    drag $((x0 + 352)) $((y0 + 146)) $((x0 + 310)) $((y0 + 229)) # 3...Nf6
    sleep 6
    shot analysis
    drag $((x0 + 394)) $((y0 + 272)) $((x0 + 310)) $((y0 + 188)) # 4.Qxf7#
    sleep 3
    shot mate
    # Ctrl+Q closes the game; PyChess keeps its analyser running until PyChess itself ends
    # (then glossfish sees the end of its input).
    xdotool key ctrl+q
    sleep 2
    note_procs 'engine closed'
    end_gui
    note_procs 'gui closed'
    ;;
*)
    echo "drive_gui.sh: unknown GUI '$gui' (xboard, scid, chessx, pychess)" >&2
    exit 2
    ;;
esac
# The browser glossfish opened outlives the engine, as it would on a desktop: closed here.
[[ -n $live ]] && pkill -f -- "--user-data-dir=$home/chromium" || true
shots=("$out/$tag"-*.png)
log "done: ${#shots[@]} screenshots"
