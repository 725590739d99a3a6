// Opening an address in the user's browser: `xdg-open URL` (Debian's xdg-utils), started with
// its input and output on /dev/null (our stdout is the UCI channel) and waited for by a thread
// of its own, so that it never becomes a zombie and never holds up the caller.
#pragma once

#include <optional>
#include <string>

namespace glossfish {

// Whether a graphical session is there to show a browser: DISPLAY or WAYLAND_DISPLAY set and
// not empty.
bool display_found();

// Starts `xdg-open url` (found on PATH) and returns at once; the error text when it cannot be
// started (no xdg-open on PATH, the spawn failed). Whether a browser then shows the page is up
// to xdg-open.
std::optional<std::string> open_url(const std::string& url);

}  // namespace glossfish
