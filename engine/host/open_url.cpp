#include "host/open_url.h"

#include <boost/process.hpp>
#include <cstdlib>
#include <thread>

namespace bp = boost::process;

namespace glossfish {

bool display_found() {
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY"})
        if (const char* v = std::getenv(name); v && *v) return true;
    return false;
}

std::optional<std::string> open_url(const std::string& url) {
    const auto exe = bp::search_path("xdg-open");
    if (exe.empty()) return "xdg-open is not on PATH (Debian's xdg-utils)";
    try {
        bp::child child(exe, url, bp::std_in<bp::null, bp::std_out> bp::null,
                        bp::std_err > bp::null);
        // xdg-open may stay until the browser it started closes: wait for it apart.
        std::thread([c = std::move(child)]() mutable {
            std::error_code ignored;
            c.wait(ignored);
        }).detach();
    } catch (const std::exception& e) {
        return std::string("xdg-open could not be started: ") + e.what();
    }
    return std::nullopt;
}

}  // namespace glossfish
