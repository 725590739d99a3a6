# Closes an engine the way Scid 4.7 does (tools/analysis.tcl, destroyAnalysisWin): a command
# pipe opened with `open "| engine" r+`, set non-blocking, `stop` and `quit` written, flushed,
# closed at once. Then once more with a blocking pipe, for comparison. For each, prints
#   blocking <0|1> close_ms <ms> state <Z|gone|...>
# with the engine's state half a second after the close: Tcl does not wait for the program of a
# non-blocking pipe, so it stays a zombie until Tcl reaps detached children again.
# usage: tclsh tests/gui/tcl_close.tcl ENGINE
set engine [lindex $argv 0]
foreach blocking {0 1} {
    set pipe [open "| [list $engine]" r+]
    fconfigure $pipe -buffering line -blocking $blocking
    set pid [pid $pipe]
    puts $pipe uci
    after 1500
    set t0 [clock milliseconds]
    puts $pipe stop
    puts $pipe quit
    flush $pipe
    catch {close $pipe}
    set ms [expr {[clock milliseconds] - $t0}]
    after 500
    set state gone
    if {![catch {open /proc/$pid/stat} f]} {
        set state [lindex [split [read $f]] 2]
        close $f
    }
    puts "blocking $blocking close_ms $ms state $state"
}
