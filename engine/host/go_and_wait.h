// A search started on an EngineHost and waited for: the one way analysis and engine players
// run "position ... / go ..." and block until the bestmove (or the host's failure).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "host/cancel.h"
#include "host/engine_host.h"

namespace glossfish {

// How a search run by go_and_wait ended.
struct SearchEnd {
    bool started = false;          // false: the host was not running, nothing was searched
    bool cancelled = false;        // the token fired first and the search was stopped
    bool killed = false;           // cancelled, and the engine did not answer stop: it was killed
    std::optional<BestMove> best;  // the engine's bestmove, when it sent one
    std::string failure;           // the host's reason when the child died or hung
};

// Sends position_line and go_line and blocks until the search ends. on_info (may be empty) is
// called for each info line under a lock the waiting thread also takes, so what it writes may
// be read once this returns. A cancelled token stops the search; an engine that does not
// answer stop within 500 ms is killed, and the wait goes on until the host fails the search.
SearchEnd go_and_wait(EngineHost& host, const std::string& position_line,
                      const std::string& go_line,
                      const std::function<void(const SearchInfo&)>& on_info = {},
                      const CancelToken* cancel = nullptr);

}  // namespace glossfish
