// libFuzzer target: the MCP server's dispatcher (uci-wrapper/mcp/mcp_server.h) fed the input's
// lines, with the board-only tool suite behind it (engine tools answer no_engine). Every message
// written must be one line of JSON with "jsonrpc": "2.0", and after any input a ping must still
// be answered.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <string_view>

#include "mcp/mcp_server.h"
#include "rules/bitboard.h"
#include "tools/tool_suite.h"

using namespace glossfish;

namespace {

// The board tools of the suite, as the server's tool host.
class BoardOnly : public mcp::ToolHost {
public:
    nlohmann::json tools() const override {
        nlohmann::json out = nlohmann::json::array();
        for (const nlohmann::json& e : suite_.schema()) out.push_back(mcp::mcp_tool(e));
        return out;
    }
    bool has_tool(std::string_view name) const override { return suite_.has_tool(name); }
    nlohmann::json call(std::string_view name, const nlohmann::json& args,
                        const CancelToken& cancel) const override {
        return suite_.call(name, args, &cancel);
    }

private:
    verifier::ToolSuite suite_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool initialized = (init_bitboards(), true);
    (void)initialized;
    static const BoardOnly tools;
    std::mutex mutex;
    bool pong = false;
    mcp::ServerOptions options;
    options.max_message_bytes = 512;
    {
        mcp::Server server(
            tools,
            [&](const std::string& line) {
                nlohmann::json m = nlohmann::json::parse(line, nullptr, false);
                if (line.find('\n') != std::string::npos || !m.is_object() ||
                    m["jsonrpc"] != "2.0") {
                    std::fprintf(stderr, "fuzz_mcp: bad message %s\n", line.c_str());
                    std::abort();
                }
                std::lock_guard<std::mutex> lock(mutex);
                if (m.contains("id") && m["id"] == "fuzz-final-ping") pong = true;
            },
            {}, options);
        std::string_view text(reinterpret_cast<const char*>(data), size);
        while (!text.empty()) {
            const std::size_t end = text.find('\n');
            std::string_view line = text.substr(0, end);
            if (line.size() > options.max_message_bytes)
                server.handle_too_long(line.substr(0, options.max_message_bytes), line.size());
            else server.handle(line);
            text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        }
        server.handle(R"({"jsonrpc":"2.0","id":"fuzz-final-ping","method":"ping"})");
        server.shutdown();
    }
    if (!pong) {
        std::fprintf(stderr, "fuzz_mcp: the final ping was not answered\n");
        std::abort();
    }
    return 0;
}
