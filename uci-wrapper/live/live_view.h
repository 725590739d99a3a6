// The live page's view of a LiveSnapshot, as one HTML fragment: the board with the last move
// and the engine's best move, the evaluation and best line in SAN, the label (text, reasons,
// class), the MultiPV lines, the strategy tree, verified commentary, and the game so far as the
// win% graph with its labelled moves. Every text from outside is escaped.
#pragma once

#include <cstdint>
#include <string>

#include "live/live_feed.h"

namespace glossfish::live {

struct LiveView {
    std::uint64_t version = 0;
    std::string title;  // for the page's <title>, e.g. "glossfish live: 3... Nf6"
    std::string html;   // the content of <main>
};

LiveView render_view(const LiveSnapshot& snapshot);

}  // namespace glossfish::live
