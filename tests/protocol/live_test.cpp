// The live page of the real binary: the option turns it on, its address comes in
// `info string glossfish.live` and from `glossfish live`, the page follows the GUI's position,
// and `quit` removes the address file.
#include <httplib.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <thread>

#include "glossfish_session.h"

namespace glossfish::testkit {
namespace {

struct TempDir {
    std::filesystem::path path;
    TempDir() {
        path = std::filesystem::temp_directory_path() /
               ("glossfish-live-proto-" + std::to_string(::getpid()));
        std::filesystem::create_directories(path);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
};

// Output of `XDG_RUNTIME_DIR=dir glossfish live ARGS`.
std::string glossfish_live(const std::filesystem::path& dir, const std::string& args) {
    const std::string cmd = "XDG_RUNTIME_DIR='" + dir.string() + "' '" + GLOSSFISH_BIN + "' live " +
                            args + " 2>/dev/null";
    std::unique_ptr<FILE, int (*)(FILE*)> p(::popen(cmd.c_str(), "r"), ::pclose);
    std::string out;
    std::array<char, 4096> buf{};
    while (p && std::fgets(buf.data(), int(buf.size()), p.get())) out += buf.data();
    return out;
}

class LivePageTest : public GlossfishTest {};

TEST_F(LivePageTest, AddressInInfoStringAndGlossfishLiveAndThePageFollowsThePosition) {
    TempDir dir;
    auto& gf = start({"XDG_RUNTIME_DIR=" + dir.path.string()}, /*labels=*/true);
    // Off by default: nothing is listed.
    EXPECT_EQ(glossfish_live(dir.path, "--json"), "");
    gf.send("setoption name Glossfish Live Page value true");
    const auto line =
        gf.read_until(starts_with("info string glossfish.live "), ReplyDeadline, "glossfish.live")
            .back();
    const auto j = payload(line);
    const std::string url = j.at("url");
    ASSERT_EQ(url.rfind("http://127.0.0.1:", 0), 0u) << line;
    EXPECT_NE(j.value("text", "").find(url), std::string::npos);

    // `glossfish live` finds it, with this process's pid.
    const std::string listed = glossfish_live(dir.path, "--json");
    const auto entry = nlohmann::json::parse(listed.substr(0, listed.find('\n')));
    EXPECT_EQ(entry.at("url"), url);
    EXPECT_EQ(entry.at("pid"), gf.proc().pid());
    EXPECT_NE(glossfish_live(dir.path, "").find(url), std::string::npos);

    const int port = std::stoi(url.substr(17));
    const std::string base = url.substr(url.find('/', 8));
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(5, 0);
    gf.send("position startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6");
    gf.go("go depth 10");
    auto view = c.Get(base + "view");
    ASSERT_TRUE(view);
    ASSERT_EQ(view->status, 200);
    std::string html = nlohmann::json::parse(view->body).at("html");
    EXPECT_NE(html.find("3... Nf6"), std::string::npos);
    EXPECT_NE(html.find("4. Qxf7#"), std::string::npos) << "the best line in SAN";
    EXPECT_NE(html.find("blunder"), std::string::npos) << "the label";

    gf.send("position startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7");
    gf.sync();
    view = c.Get(base + "view");
    ASSERT_TRUE(view);
    html = nlohmann::json::parse(view->body).at("html");
    EXPECT_NE(html.find("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"),
              std::string::npos);

    // A request cannot reach the engine: it still answers as before.
    auto post = c.Post(base, "quit", "text/plain");
    ASSERT_TRUE(post);
    EXPECT_EQ(post->status, 405);
    EXPECT_TRUE(errors_in(gf.sync()).empty());

    // Off again: the page goes away and is no longer listed.
    gf.send("setoption name Glossfish Live Page value false");
    gf.sync();
    EXPECT_EQ(glossfish_live(dir.path, "--json"), "");
    EXPECT_FALSE(c.Get(base + "view"));
}

#ifdef GLOSSFISH_SANITIZED
// A sanitized binary starts and ends its threads several times slower: a looser bound (the
// page's stream waits 10 s, so a quit that waited for it still fails).
constexpr Millis QuitBound{3000};
#else
constexpr Millis QuitBound{1000};
#endif

TEST_F(LivePageTest, QuitRemovesTheAddressFile) {
    TempDir dir;
    auto& gf = start({"XDG_RUNTIME_DIR=" + dir.path.string()});
    gf.send("setoption name Glossfish Live Page value true");
    const auto line =
        gf.read_until(starts_with("info string glossfish.live "), ReplyDeadline, "glossfish.live")
            .back();
    EXPECT_NE(glossfish_live(dir.path, "--json"), "");
    // A page that follows the engine stays open while the GUI quits: the exit is not held up.
    const std::string url = payload(line).at("url");
    std::atomic<bool> streaming{false};
    std::thread page([&] {
        httplib::Client c("127.0.0.1", std::stoi(url.substr(17)));
        c.set_read_timeout(10, 0);
        c.Get(url.substr(url.find('/', 8)) + "events", [&](const char*, std::size_t) {
            streaming = true;
            return true;
        });
    });
    for (int i = 0; i < 500 && !streaming; ++i) std::this_thread::sleep_for(Millis(10));
    EXPECT_TRUE(streaming);
    const auto t0 = Clock::now();
    gf.send("quit");
    EXPECT_EQ(gf.proc().wait_exit(Millis(10000)), std::optional<int>(0));
    EXPECT_LT(Clock::now() - t0, QuitBound) << "quit waited for the open page";
    page.join();
    EXPECT_TRUE(std::filesystem::is_empty(dir.path / "glossfish"));
    gf_.reset();
}

}  // namespace
}  // namespace glossfish::testkit
