// `glossfish live`: the address of the live page of every running glossfish that has it on
// (UCI option Glossfish Live Page), read from the runtime directory (live/live_registry.h).
#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "cli/flags.h"
#include "host/open_url.h"
#include "live/live_registry.h"

namespace glossfish::cli {

int live_command(const Args& args) {
    bool json = false, open = false;
    Flags flags("live",
                "the addresses of the live pages of the running glossfish engines (the UCI "
                "option Glossfish Live Page turns a page on)",
                "glossfish live [--json] [--open]");
    flags.flag("--json", json, "one JSON object a line: {\"pid\",\"url\",\"started\"}");
    flags.flag("--open", open,
               "also open the newest page in the browser (xdg-open); exit status 1 when there "
               "is none or it cannot be opened");
    if (auto code = flags.parse(args)) return *code;
    const auto entries = live::running_entries();
    for (const live::LiveEntry& e : entries) {
        if (json) {
            std::printf("%s\n",
                        nlohmann::json{{"pid", e.pid}, {"url", e.url}, {"started", e.started}}
                            .dump()
                            .c_str());
            continue;
        }
        char since[32] = "?";
        const std::time_t t = std::time_t(e.started);
        if (std::tm tm{}; localtime_r(&t, &tm)) std::strftime(since, sizeof since, "%H:%M:%S", &tm);
        std::printf("%s  (pid %d, since %s)\n", e.url.c_str(), e.pid, since);
    }
    if (entries.empty()) {
        std::fprintf(stderr,
                     "glossfish live: no running glossfish has its live page on (set the UCI "
                     "option Glossfish Live Page to true in the GUI)\n");
        return open ? 1 : 0;
    }
    if (open) {
        // Oldest first: the newest is the engine the person just started.
        if (auto err = open_url(entries.back().url)) {
            std::fprintf(stderr, "glossfish live: %s\n", err->c_str());
            return 1;
        }
        if (!json) std::printf("opened %s in the browser\n", entries.back().url.c_str());
    }
    return 0;
}

}  // namespace glossfish::cli
