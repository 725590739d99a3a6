// The live page of the real binary: the option turns it on, its address comes in
// `info string glossfish.live` and from `glossfish live`, the page follows the GUI's position,
// and `quit` removes the address file.
#include <httplib.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
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
    auto& gf = start({"XDG_RUNTIME_DIR=" + dir.path.string(), "DISPLAY=", "WAYLAND_DISPLAY="},
                     /*labels=*/true);
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
    auto& gf = start({"XDG_RUNTIME_DIR=" + dir.path.string(), "DISPLAY=", "WAYLAND_DISPLAY="});
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

// A stand-in for xdg-open first on PATH: it appends the address it was given to a file.
struct FakeBrowser {
    std::filesystem::path bin, log;
    explicit FakeBrowser(const std::filesystem::path& dir) : bin(dir / "bin"), log(dir / "opened") {
        std::filesystem::create_directories(bin);
        std::ofstream(bin / "xdg-open") << "#!/bin/sh\necho \"$1\" >> '" << log.string() << "'\n";
        std::filesystem::permissions(bin / "xdg-open", std::filesystem::perms::owner_all);
    }
    std::string path_env() const {
        const char* path = std::getenv("PATH");
        return "PATH=" + bin.string() + ":" + (path ? path : "/usr/bin:/bin");
    }
    // The addresses opened so far, one a line; waits up to 5 s for at least `at_least` lines.
    std::vector<std::string> opened(std::size_t at_least = 0) const {
        std::vector<std::string> lines;
        for (int i = 0; i < 500; ++i) {
            lines.clear();
            std::ifstream in(log);
            for (std::string l; std::getline(in, l);) lines.push_back(l);
            if (lines.size() >= at_least) break;
            std::this_thread::sleep_for(Millis(10));
        }
        return lines;
    }
};

std::vector<std::string> live_lines(const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    for (const auto& l : lines)
        if (l.rfind("info string glossfish.live ", 0) == 0) out.push_back(l);
    return out;
}

TEST_F(LivePageTest, TheBrowserOpensOncePerEngineStartAfterTheOtherOptions) {
    TempDir dir;
    FakeBrowser browser(dir.path);
    auto& gf = start({"XDG_RUNTIME_DIR=" + dir.path.string(), browser.path_env(), "DISPLAY=:97"});
    gf.send("setoption name Glossfish Live Page value true");
    const auto started =
        gf.read_until(starts_with("info string glossfish.live "), ReplyDeadline, "glossfish.live");
    const std::string url = payload(started.back()).at("url");
    // Not yet: the GUI may still be sending options (Live Open among them).
    EXPECT_TRUE(browser.opened().empty());
    auto lines = live_lines(gf.sync());
    ASSERT_EQ(lines.size(), 1u) << gf.transcript();
    EXPECT_TRUE(payload(lines[0]).value("opened", false)) << lines[0];
    EXPECT_EQ(payload(lines[0]).at("url"), url);
    EXPECT_EQ(browser.opened(1), std::vector<std::string>{url});

    // The first search says the address again, before its bestmove.
    gf.send("position startpos");
    const auto search = gf.go("go depth 2");
    ASSERT_EQ(live_lines(search).size(), 1u) << gf.transcript();
    EXPECT_EQ(payload(live_lines(search)[0]).at("url"), url);
    EXPECT_TRUE(live_lines(gf.go("go depth 2")).empty()) << "said once per start of the page";

    // Off and on again: a new address is said, the browser is not opened a second time.
    gf.send("setoption name Glossfish Live Page value false");
    gf.send("setoption name Glossfish Live Page value true");
    lines = live_lines(gf.sync());
    ASSERT_EQ(lines.size(), 1u) << gf.transcript();
    EXPECT_FALSE(payload(lines[0]).value("opened", false)) << lines[0];
    std::this_thread::sleep_for(Millis(300));
    EXPECT_EQ(browser.opened(), std::vector<std::string>{url});
}

TEST_F(LivePageTest, TheBrowserStaysClosedWithoutADisplayOrWhenTurnedOff) {
    TempDir dir;
    FakeBrowser browser(dir.path);
    {
        // No display.
        auto& gf = start({"XDG_RUNTIME_DIR=" + dir.path.string(), browser.path_env(),
                          "DISPLAY=", "WAYLAND_DISPLAY="});
        gf.send("setoption name Glossfish Live Page value true");
        const auto lines = live_lines(gf.sync());
        ASSERT_EQ(lines.size(), 1u) << gf.transcript();
        EXPECT_FALSE(payload(lines[0]).value("opened", false));
        TearDown();
    }
    // A display, and Live Open turned off after Live Page in the same batch of options.
    auto& gf = start({"XDG_RUNTIME_DIR=" + dir.path.string(), browser.path_env(), "DISPLAY=:97"});
    gf.send("setoption name Glossfish Live Page value true");
    gf.send("setoption name Glossfish Live Open value false");
    const auto lines = live_lines(gf.sync());
    ASSERT_EQ(lines.size(), 1u) << gf.transcript();
    EXPECT_FALSE(payload(lines[0]).value("opened", false));
    std::this_thread::sleep_for(Millis(300));
    EXPECT_TRUE(browser.opened().empty());
}

TEST_F(LivePageTest, GlossfishLiveOpenOpensTheNewestPage) {
    TempDir dir;
    FakeBrowser browser(dir.path);
    const std::string env =
        "XDG_RUNTIME_DIR='" + dir.path.string() + "' " + browser.path_env() + " DISPLAY= ";
    // None running: an error, and nothing opened.
    EXPECT_NE(std::system((env + "'" + GLOSSFISH_BIN + "' live --open 2>/dev/null").c_str()), 0);
    auto& gf = start({"XDG_RUNTIME_DIR=" + dir.path.string(), "DISPLAY=", "WAYLAND_DISPLAY="});
    gf.send("setoption name Glossfish Live Page value true");
    const std::string url = payload(gf.read_until(starts_with("info string glossfish.live "),
                                                  ReplyDeadline, "glossfish.live")
                                        .back())
                                .at("url");
    EXPECT_EQ(std::system((env + "'" + GLOSSFISH_BIN + "' live --open >/dev/null").c_str()), 0);
    EXPECT_EQ(browser.opened(1), std::vector<std::string>{url});
}

}  // namespace
}  // namespace glossfish::testkit
