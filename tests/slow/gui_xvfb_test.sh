#!/usr/bin/env bash
# Slow tier: real GUIs from Debian run glossfish under Xvfb, scripted like a person
# (tests/gui/drive_gui.sh: 1.e4 e5 2.Qh5 Nc6 3.Bc4 analysed, 3...Nf6 and 4.Qxf7# played on the
# board, the engine closed, the GUI closed), for XBoard (through polyglot) and Scid:
#   1. every screenshot is a picture, not a blank screen (many colours);
#   2. the engine output area of the GUI is empty before glossfish runs (Scid) and holds text
#      (dark pixels) while it analyses, in both GUIs;
#   3. glossfish and its Stockfish ran below the GUI, and after the engine was closed no
#      glossfish, Stockfish or polyglot process of the session runs any more; the only thing
#      left may be a zombie glossfish under Scid (Scid closes the engine's pipe without waiting:
#      Tcl reaps the process at Scid's next pipe or exec, see docs/gui.md); after the GUI is
#      closed every one of them is gone;
#   4. with Glossfish Live Page ticked in XBoard's and Scid's engine settings (and ChessX's,
#      when it runs), glossfish opens its live page in the user's default browser (a wrapper
#      around Chromium, set in the GUI's mimeapps.list) beside the GUI: one address asked for, a
#      page drawn;
#   5. Scid's way of closing, in plain Tcl (tests/gui/tcl_close.tcl): with a blocking pipe the
#      close waits for glossfish, which is gone within a second.
# Screenshots and process notes stay in OUT_DIR (the build directory's gui-screens/).
# GLOSSFISH_GUIS="xboard scid chessx pychess" runs PyChess too (Debian package pychess, not
# installed by .ci/install); the default is XBoard, Scid and ChessX.
# usage: gui_xvfb_test.sh GLOSSFISH_BIN SOURCE_DIR OUT_DIR. Exit 77 (skipped) when Xvfb, the
# X tools or a GUI are missing (.ci/install --slow installs them).
set -euo pipefail

glossfish=$(realpath "${1:?usage: gui_xvfb_test.sh GLOSSFISH_BIN SOURCE_DIR OUT_DIR}")
source_dir=$(realpath "${2:?usage: gui_xvfb_test.sh GLOSSFISH_BIN SOURCE_DIR OUT_DIR}")
out=${3:?usage: gui_xvfb_test.sh GLOSSFISH_BIN SOURCE_DIR OUT_DIR}
export PATH=$PATH:/usr/games
read -r -a guis <<<"${GLOSSFISH_GUIS:-xboard scid chessx}"
needed=(Xvfb xdotool xwininfo import convert)
for gui in "${guis[@]}"; do
    case $gui in
    xboard) needed+=(xboard polyglot) ;;
    scid | chessx | pychess) needed+=("$gui") ;;
    *) echo "gui_xvfb_test: unknown GUI '$gui' in GLOSSFISH_GUIS" >&2 && exit 2 ;;
    esac
done
for tool in "${needed[@]}"; do
    if ! command -v "$tool" >/dev/null; then
        echo "gui_xvfb_test: SKIPPED: $tool is missing (.ci/install --slow)"
        exit 77
    fi
done
rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")

# Xvfb on a free display, without a window manager (drive_gui.sh clicks at fixed places).
display_file=$out/display
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp 3>"$display_file" 2>"$out/xvfb.log" &
xvfb=$!
cleanup() { kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; }
trap cleanup EXIT
for _ in $(seq 50); do [[ -s $display_file ]] && break; sleep 0.1; done
DISPLAY=:$(cat "$display_file")
export DISPLAY
echo "gui_xvfb_test: Xvfb on $DISPLAY, screenshots in $out"

failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# colours PNG: the number of distinct colours.
colours() { identify -format '%k' "$1"; }
# dark PNG WxH+X+Y: the share (per mille) of dark pixels (text) in that area.
dark() {
    convert "$1" -crop "$2" +repage -colorspace Gray -threshold 50% -format '%[fx:int((1-mean)*1000)]' info:
}

# The state of the processes listed under `# running` in PROCS, now.
check_procs() {  # check_procs GUI PROCS_FILE
    local gui=$1 file=$2 pids=() p comm state section=
    local glossfish_seen=0 stockfish_seen=0
    while read -r line; do
        case $line in
        '# running') section=running ;;
        '#'*) section=other ;;
        *)
            if [[ $section == running ]]; then
                pids+=("${line%% *}")
                [[ $line == *'(glossfish)'* ]] && glossfish_seen=1
                [[ $line == *'(stockfish)'* ]] && stockfish_seen=1
            fi
            ;;
        esac
    done <"$file"
    ((glossfish_seen)) || fail "$gui: no glossfish process ran below the GUI ($file)"
    ((stockfish_seen)) || fail "$gui: no Stockfish process ran below glossfish ($file)"
    # After the engine was closed: nothing of it runs (a zombie glossfish under Scid aside).
    # PyChess has no way to close its analyser but to close PyChess.
    [[ $gui == pychess ]] || awk '/^# engine closed/ {s = 1; next} /^#/ {s = 0} s' "$file" | while read -r pid state comm rest; do
        [[ $state == gone ]] && continue
        if [[ $state == Z ]]; then
            [[ $gui == scid && $comm == '(glossfish)' ]] && continue
            [[ $comm == '(bash)' ]] && continue # a recording wrapper, when one is used
            echo "FAIL: $gui: $pid $comm is a zombie after the engine was closed"
        else
            echo "FAIL: $gui: $pid $comm still runs (state $state) after the engine was closed"
        fi
    done | tee -a "$out/failures.txt"
    # After the GUI was closed (and init has reaped what it inherited): all gone.
    for _ in $(seq 50); do
        local left=()
        for p in "${pids[@]}"; do [[ -e /proc/$p ]] && left+=("$p"); done
        ((${#left[@]} == 0)) && return 0
        sleep 0.1
    done
    for p in "${left[@]}"; do
        fail "$gui: $p $(cat /proc/"$p"/comm 2>/dev/null) is still there 5 s after the GUI closed"
    done
}

for gui in "${guis[@]}"; do
    echo "gui_xvfb_test: $gui"
    if ! GLOSSFISH_GUI_ENGINE=$glossfish timeout 180 bash "$source_dir/tests/gui/drive_gui.sh" \
        "$gui" "$out" 2>"$out/$gui-drive.log"; then
        fail "$gui: the scripted session did not run (see $out/$gui-drive.log)"
        continue
    fi
    for shot in before analysis mate; do
        png=$out/$gui-$shot.png
        if [[ ! -s $png ]]; then
            fail "$gui: no screenshot $png"
            continue
        fi
        n=$(colours "$png")
        echo "  $gui-$shot.png: $n colours"
        ((n >= 64)) || fail "$gui: $png looks blank ($n colours)"
    done
    # The engine output area: XBoard's Engine output window (moved to 430,0), Scid's analysis
    # text below the score line, ChessX's Analysis 1 pane (floated to 0,640), PyChess's Hints.
    case $gui in
    xboard) area=470x95+434+62 ;;
    scid) area=580x140+421+100 ;;
    chessx) area=600x60+5+695 ;;
    pychess) area=780x140+405+520 ;;
    esac
    a=$(dark "$out/$gui-analysis.png" "$area")
    echo "  $gui engine output area $area: $a per mille dark while analysing"
    ((a >= 10)) || fail "$gui: the engine output area $area is empty while glossfish analyses"
    if [[ $gui == scid || $gui == chessx ]]; then
        b=$(dark "$out/$gui-before.png" "$area")
        echo "  $gui engine output area: $b per mille dark before the engine started"
        ((b < a)) || fail "$gui: the engine output area did not change when glossfish ran"
    fi
    check_procs "$gui" "$out/$gui-procs.txt"
    [[ $gui == xboard || $gui == scid || $gui == chessx ]] || continue
    # Again with Glossfish Live Page ticked in the GUI's engine settings: glossfish opens the
    # page in the user's default browser by itself, beside the GUI.
    echo "gui_xvfb_test: $gui with the live page"
    if ! GLOSSFISH_GUI_LIVE=1 GLOSSFISH_GUI_ENGINE=$glossfish timeout 180 \
        bash "$source_dir/tests/gui/drive_gui.sh" "$gui" "$out" 2>"$out/$gui-live-drive.log"; then
        fail "$gui: the scripted session with the live page did not run"
        continue
    fi
    opened=$(cat "$out/$gui-live-browser.txt" 2>/dev/null || true)
    echo "  the browser was asked to open: ${opened:-nothing}"
    [[ $opened =~ ^http://127\.0\.0\.1:[0-9]+/[0-9a-f]{32}/$ ]] ||
        fail "$gui: glossfish did not open one live page address in the browser ($opened)"
    # The browser's area (x 900..1600): the page drawn, with text, in the analysis screenshot.
    page=$out/$gui-live-page.png
    convert "$out/$gui-live-analysis.png" -crop 700x860+900+140 +repage "$page"
    n=$(colours "$page")
    d=$(dark "$page" 700x860+0+0)
    echo "  the page beside $gui: $n colours, $d per mille dark"
    ((n >= 64 && d >= 20)) || fail "$gui: the browser beside the GUI shows no page"
    check_procs "$gui" "$out/$gui-live-procs.txt"
done
# Scid's close in plain Tcl (tests/gui/tcl_close.tcl): with a non-blocking pipe, as Scid has it,
# the engine is left a zombie (shown, not required: it is Tcl's doing); with a blocking pipe Tcl
# waits for the engine, and glossfish must be gone within a second of `quit`.
if command -v tclsh >/dev/null; then
    tcl=$(tclsh "$source_dir/tests/gui/tcl_close.tcl" "$glossfish")
    echo "gui_xvfb_test: Scid's close in Tcl:"
    echo "$tcl" | sed 's/^/  /'
    read -r _ _ _ ms _ state < <(grep '^blocking 1 ' <<<"$tcl")
    [[ $state == gone && $ms -lt 1000 ]] ||
        fail "a blocking Tcl close did not end glossfish within 1 s ($ms ms, state $state)"
fi
if [[ -s $out/failures.txt ]]; then failures=$((failures + $(wc -l <"$out/failures.txt"))); fi

if ((failures)); then
    echo "gui_xvfb_test: $failures failure(s)"
    exit 1
fi
echo "gui_xvfb_test: ok"
