// The live page: its HTTP server's checks (token, Host, method, stream cap), its event stream,
// the view it draws from the feed, and the runtime directory that `glossfish live` reads.
#include <gtest/gtest.h>
#include <httplib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "live/live_feed.h"
#include "live/live_registry.h"
#include "live/live_server.h"
#include "live/live_view.h"
#include "rules/notation.h"
#include "settings/settings.h"

namespace glossfish::live {
namespace {

using namespace std::chrono_literals;

const char* const Scholar[] = {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"};

// The feed after 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 with a search that found 4.Qxf7# and a label.
void feed_scholar(LiveFeed& feed) {
    std::vector<std::string_view> moves(std::begin(Scholar), std::end(Scholar));
    Position pos;
    ASSERT_TRUE(pos.set(StartFen).ok());
    for (auto m : moves) pos.do_move(parse_uci(pos, m).move);
    feed.position(StartFen, moves, pos.fen());
    feed.go();
    SearchInfo info;
    info.depth = 12;
    info.multipv = 1;
    info.score = Score::mate(1);
    info.pv = {"h5f7"};
    feed.event(info);
    nlohmann::ordered_json q = {{"move", {{"san", "Nf6"}, {"uci", "g8f6"}}},
                                {"label", "blunder"},
                                {"wp_loss", 50.0},
                                {"text", "Nf6 is a blunder (50.0 win% lost); g6 was best"},
                                {"reasons", {"allows Qxf7# mate in 1"}},
                                {"class", "blunder"}};
    feed.event(Product{ProductKind::Quality, q});
    feed.event(BestMove{"h5f7", std::nullopt});
}

class LiveServerTest : public ::testing::Test {
protected:
    void SetUp() override {
        feed_ = std::make_shared<LiveFeed>();
        feed_->set_enabled(true);
        LiveServerOptions o;
        o.publish = false;
        o.max_streams = 2;
        server_ = std::make_unique<LiveServer>(feed_, o);
        auto err = server_->start();
        ASSERT_FALSE(err) << *err;
        ASSERT_GT(server_->port(), 0);
        // cpp-httplib's client reads every status line with a function-local static std::regex
        // in its shared library, which ThreadSanitizer does not instrument: used first by two
        // client threads at once, its initialisation looks like a race to it. One request from
        // this thread, before a test starts any, initialises it.
        ASSERT_TRUE(client().Get(base()));
    }
    void TearDown() override {
        const auto t0 = std::chrono::steady_clock::now();
        server_.reset();
        EXPECT_LT(std::chrono::steady_clock::now() - t0, 1s) << "stop() must not hang";
    }
    httplib::Client client() {
        httplib::Client c("127.0.0.1", server_->port());
        c.set_read_timeout(5, 0);
        return c;
    }
    std::string base() const { return "/" + server_->token() + "/"; }

    std::shared_ptr<LiveFeed> feed_;
    std::unique_ptr<LiveServer> server_;
};

TEST_F(LiveServerTest, TokenIs128RandomBitsInHexAndPartOfTheUrl) {
    const std::string t = server_->token();
    EXPECT_EQ(t.size(), 32u);
    EXPECT_EQ(t.find_first_not_of("0123456789abcdef"), std::string::npos);
    EXPECT_NE(random_token(), random_token());
    EXPECT_EQ(server_->url(),
              "http://127.0.0.1:" + std::to_string(server_->port()) + "/" + t + "/");
}

TEST_F(LiveServerTest, RightTokenServesThePageAndTheView) {
    feed_scholar(*feed_);
    auto c = client();
    auto page = c.Get(base());
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
    EXPECT_NE(page->get_header_value("Content-Type").find("text/html"), std::string::npos);
    EXPECT_NE(page->body.find("Nf6??"), std::string::npos);
    EXPECT_NE(page->body.find("allows Qxf7# mate in 1"), std::string::npos);
    EXPECT_EQ(page->body.find("{{"), std::string::npos) << "a template marker was left";
    // Only our own script, with the nonce the policy allows.
    const std::string csp = page->get_header_value("Content-Security-Policy");
    EXPECT_NE(csp.find("default-src 'none'"), std::string::npos);
    const auto nonce = csp.substr(csp.find("'nonce-") + 7, 32);
    EXPECT_NE(page->body.find("<script nonce=\"" + nonce + "\">"), std::string::npos);
    auto view = c.Get(base() + "view");
    ASSERT_TRUE(view);
    EXPECT_EQ(view->status, 200);
    const auto j = nlohmann::json::parse(view->body);
    EXPECT_EQ(j["version"], feed_->version());
    EXPECT_NE(j["html"].get<std::string>().find("4. Qxf7#"), std::string::npos);
}

TEST_F(LiveServerTest, WrongOrMissingTokenIsNotFound) {
    auto c = client();
    std::string wrong = server_->token();
    wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
    const std::vector<std::string> paths = {"/",
                                            "/" + wrong + "/",
                                            "/" + wrong + "/events",
                                            "/" + server_->token(),
                                            "/" + server_->token() + "x/",
                                            "/" + server_->token().substr(0, 31) + "/",
                                            "/favicon.ico"};
    for (const std::string& path : paths) {
        auto r = c.Get(path);
        ASSERT_TRUE(r) << path;
        EXPECT_EQ(r->status, 404) << path;
        EXPECT_EQ(r->body.find(server_->token()), std::string::npos);
    }
    auto unknown = c.Get(base() + "nothing");
    ASSERT_TRUE(unknown);
    EXPECT_EQ(unknown->status, 404);
}

TEST_F(LiveServerTest, HostHeaderMustNameTheLoopback) {
    const std::string port = std::to_string(server_->port());
    auto c = client();
    const std::vector<std::string> refused = {
        "evil.example:" + port, "evil.example",    "127.0.0.1",
        "127.0.0.1:1",          "localhost",       "localhost.evil.example:" + port,
        "127.0.0.2:" + port,    "0.0.0.0:" + port, "[::1]:" + port + "x"};
    for (const std::string& host : refused) {
        auto r = c.Get(base(), {{"Host", host}});
        ASSERT_TRUE(r) << host;
        EXPECT_EQ(r->status, 403) << host;
        EXPECT_EQ(r->body.find("<html"), std::string::npos) << host;
    }
    const std::vector<std::string> allowed = {"127.0.0.1:" + port, "localhost:" + port,
                                              "LOCALHOST:" + port, "[::1]:" + port};
    for (const std::string& host : allowed) {
        auto r = c.Get(base(), {{"Host", host}});
        ASSERT_TRUE(r) << host;
        EXPECT_EQ(r->status, 200) << host;
    }
    EXPECT_TRUE(loopback_host("127.0.0.1:80", 80));
    EXPECT_FALSE(loopback_host("127.0.0.1:8080", 80));
}

TEST_F(LiveServerTest, OnlyGetIsServedAndNothingReachesTheFeed) {
    feed_scholar(*feed_);
    const auto before = feed_->snapshot();
    auto c = client();
    auto post = c.Post(base(), "position startpos", "text/plain");
    ASSERT_TRUE(post);
    EXPECT_EQ(post->status, 405);
    EXPECT_EQ(post->get_header_value("Allow"), "GET, HEAD");
    auto put = c.Put(base() + "view", "{}", "application/json");
    ASSERT_TRUE(put);
    EXPECT_EQ(put->status, 405);
    auto del = c.Delete(base());
    ASSERT_TRUE(del);
    EXPECT_EQ(del->status, 405);
    // A large body is not read into memory either.
    auto big = c.Post(base(), std::string(1 << 20, 'x'), "text/plain");
    if (big) {
        EXPECT_NE(big->status, 200);
    }
    const auto after = feed_->snapshot();
    EXPECT_EQ(after.version, before.version);
    EXPECT_EQ(after.moves, before.moves);
}

// Reads the event stream on a thread; keeps the `view` events' JSON.
class StreamReader {
public:
    StreamReader(int port, std::string path) {
        client_ = std::make_unique<httplib::Client>("127.0.0.1", port);
        client_->set_read_timeout(10, 0);
        thread_ = std::thread([this, path] {
            auto r = client_->Get(path, [this](const char* data, std::size_t n) {
                std::lock_guard lock(m_);
                buffer_.append(data, n);
                for (std::size_t end; (end = buffer_.find("\n\n")) != std::string::npos;) {
                    const std::string event = buffer_.substr(0, end);
                    buffer_.erase(0, end + 2);
                    const auto d = event.find("data: ");
                    if (event.rfind("event: view", 0) == 0 && d != std::string::npos)
                        views_.push_back(nlohmann::json::parse(event.substr(d + 6)));
                }
                return !stop_;
            });
            std::lock_guard lock(m_);
            status_ = r ? r->status : -1;
            finished_ = true;
        });
    }
    ~StreamReader() {
        stop_ = true;
        client_->stop();  // closes the socket: Get returns at once
        thread_.join();
    }
    // Waits for a view whose html contains text.
    bool wait_for(const std::string& text, std::chrono::milliseconds timeout) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            {
                std::lock_guard lock(m_);
                for (const auto& v : views_)
                    if (v["html"].get<std::string>().find(text) != std::string::npos) return true;
                if (finished_) return false;
            }
            std::this_thread::sleep_for(10ms);
        }
        return false;
    }
    std::size_t count() {
        std::lock_guard lock(m_);
        return views_.size();
    }
    std::optional<int> finished_status() {
        std::lock_guard lock(m_);
        return finished_ ? std::optional<int>(status_) : std::nullopt;
    }

private:
    std::unique_ptr<httplib::Client> client_;
    std::thread thread_;
    std::mutex m_;
    std::string buffer_;
    std::vector<nlohmann::json> views_;
    std::atomic<bool> stop_{false};
    bool finished_ = false;
    int status_ = 0;
};

TEST_F(LiveServerTest, EventStreamSendsAnUpdateAfterANewPosition) {
    feed_scholar(*feed_);
    StreamReader stream(server_->port(), base() + "events");
    ASSERT_TRUE(stream.wait_for("Nf6??", 5s)) << "the first event is the current view";
    // 4.Qxf7#: the next position reaches the open stream without a reload.
    std::vector<std::string_view> moves(std::begin(Scholar), std::end(Scholar));
    moves.push_back("h5f7");
    Position pos;
    ASSERT_TRUE(pos.set(StartFen).ok());
    for (auto m : moves) pos.do_move(parse_uci(pos, m).move);
    feed_->position(StartFen, moves, pos.fen());
    EXPECT_TRUE(stream.wait_for(pos.fen(), 5s));
    EXPECT_TRUE(stream.wait_for("4. Qxf7#", 5s));
}

TEST_F(LiveServerTest, UpdatesAreAtMostTenASecond) {
    StreamReader stream(server_->port(), base() + "events");
    ASSERT_TRUE(stream.wait_for("board", 5s));
    const auto t0 = std::chrono::steady_clock::now();
    // 200 changes within about a second.
    for (int i = 0; i < 200; ++i) {
        feed_->go();
        std::this_thread::sleep_for(5ms);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::this_thread::sleep_for(200ms);
    const double allowed = seconds * 10 + 3;
    EXPECT_LE(double(stream.count()), allowed) << stream.count() << " views in " << seconds << " s";
    EXPECT_GE(stream.count(), 3u);
}

TEST_F(LiveServerTest, EventStreamsAreCappedWith503) {
    StreamReader a(server_->port(), base() + "events"), b(server_->port(), base() + "events");
    ASSERT_TRUE(a.wait_for("board", 5s));
    ASSERT_TRUE(b.wait_for("board", 5s));
    auto c = client();
    auto third = c.Get(base() + "events");
    ASSERT_TRUE(third);
    EXPECT_EQ(third->status, 503);
    // The page itself still loads while the streams are open.
    auto page = c.Get(base());
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
}

TEST(LiveView, DrawsBoardEvaluationLabelReasonsAndGraph) {
    LiveFeed feed;
    feed.set_enabled(true);
    feed_scholar(feed);
    const LiveView v = render_view(feed.snapshot());
    EXPECT_EQ(v.title, "glossfish live: 3... Nf6??");
    const std::string& h = v.html;
    EXPECT_NE(h.find("<svg"), std::string::npos);
    EXPECT_NE(h.find("class=\"arrow best\""), std::string::npos);    // 4.Qxf7#
    EXPECT_NE(h.find("class=\"arrow played\""), std::string::npos);  // 3...Nf6
    EXPECT_NE(h.find("data-from=\"h5\" data-to=\"f7\""), std::string::npos);
    EXPECT_NE(h.find(">#1<"), std::string::npos);  // White mates in one
    EXPECT_NE(h.find("Best line: <b>4. Qxf7#</b>"), std::string::npos);
    EXPECT_NE(h.find("<li>allows Qxf7# mate in 1</li>"), std::string::npos);
    // The class is the label again: said once, by the chip.
    EXPECT_EQ(h.find("class-name"), std::string::npos);
    EXPECT_NE(h.find("class=\"chip blunder\">blunder<"), std::string::npos);
    EXPECT_NE(h.find("class=\"mark blunder\""), std::string::npos);  // on the win% graph
    // The game list is numbered as a PGN is: "3. Bc4 Nf6??", no "3..." after White's move.
    EXPECT_NE(h.find("class=\"mv blunder current\">Nf6?\?<"), std::string::npos);
    EXPECT_NE(h.find(">1. e4</span> <span class=\"mv unlabelled\">e5<"), std::string::npos) << h;
    EXPECT_EQ(h.find("1... e5"), std::string::npos);
}

// The MultiPV lines with the label and reasons each line brings (glossfish.lines).
TEST(LiveView, LinesShowTheirLabelsAndReasons) {
    LiveFeed feed;
    feed.set_enabled(true);
    feed_scholar(feed);
    nlohmann::ordered_json lines = {
        {"depth", 8},
        {"lines",
         {{{"multipv", 1},
           {"san", "Qxf7#"},
           {"score", {{"mate", 1}}},
           {"wp_loss", 0.0},
           {"label", "good"},
           {"reasons", {{{"kind", "mates"}, {"text", "Qxf7# is checkmate."}}}}},
          {{"multipv", 2},
           {"san", "Qxe5+"},
           {"score", {{"cp", 250}}},
           {"wp_loss", 27.1},
           {"label", "blunder"},
           {"reasons",
            {{{"kind", "misses_mate"},
              {"text", "Instead of Qxe5+, White mates in one with Qxf7#."}}}}}}}};
    feed.event(Product{ProductKind::Lines, lines});
    const std::string h = render_view(feed.snapshot()).html;
    const std::size_t at = h.find("<section id=\"lines\">");
    ASSERT_NE(at, std::string::npos) << h;
    const std::string section = h.substr(at, h.find("</section>", at) - at);
    EXPECT_NE(section.find("<li>Qxf7# is checkmate.</li>"), std::string::npos) << section;
    EXPECT_NE(section.find("<li>Instead of Qxe5+, White mates in one with Qxf7#.</li>"),
              std::string::npos)
        << section;
    EXPECT_NE(section.find(">blunder<"), std::string::npos) << section;
    // The engine's own line is "best", not "good" (its loss is zero by definition).
    EXPECT_NE(section.find("<td><b>Qxf7#</b></td><td class=\"num\">#1</td><td class=\"num\">0.0"
                           "</td><td><span class=\"chip best\">best</span></td></tr>"),
              std::string::npos)
        << section;
    EXPECT_EQ(section.find(">good<"), std::string::npos) << section;
    // Each line's reasons sit on the row under it, not inside the label's cell.
    EXPECT_NE(section.find("<tr class=\"why\"><td></td><td colspan=\"4\"><ul class=\"reasons\">"
                           "<li>Qxf7# is checkmate.</li>"),
              std::string::npos)
        << section;
}

// A book move the engine finds costly: the label's class, and "book move" as a fact beside it.
TEST(LiveView, BookIsAFactBesideTheLabelAndAnotherClassIsSaid) {
    LiveFeed feed;
    feed.set_enabled(true);
    const std::vector<std::string_view> moves = {"e2e4", "e7e5", "g1f3", "f7f6"};
    const std::string fen = "rnbqkbnr/pppp2pp/5p2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3";
    feed.position(StartFen, moves, fen);
    feed.event(Product{ProductKind::Quality,
                       {{"move", {{"san", "f6"}, {"uci", "f7f6"}}},
                        {"label", "mistake"},
                        {"class", "mistake"},
                        {"book", true},
                        {"text", "f6? is a mistake; Nc6 was best."}}});
    std::string h = render_view(feed.snapshot()).html;
    EXPECT_NE(h.find("<span class=\"chip mistake\">mistake</span> <span class=\"tag book\""),
              std::string::npos)
        << h;
    EXPECT_EQ(h.find("Class:"), std::string::npos) << h;
    // A class other than the label is said; no book tag when the move is off the table.
    feed.event(Product{ProductKind::Quality,
                       {{"move", {{"san", "f6"}, {"uci", "f7f6"}}},
                        {"label", "good"},
                        {"class", "excellent"},
                        {"book", false},
                        {"text", "f6 is good."}}});
    h = render_view(feed.snapshot()).html;
    EXPECT_NE(h.find("Class: <b class=\"class-name\">excellent</b>"), std::string::npos) << h;
    EXPECT_EQ(h.find("tag book"), std::string::npos) << h;
}

// The label's ideas, each with its family, under its reasons; a reason the ideas list holds too
// (7.Qb3 of the Opera game: "prevents Bb4+", family defence) is said once, and a board idea of
// the tactics family that is no reason is listed.
TEST(LiveView, IdeasAreListedOnceBesideTheReasons) {
    LiveFeed feed;
    feed.set_enabled(true);
    const std::vector<std::string_view> moves = {"e2e4", "e7e5"};
    feed.position(StartFen, moves, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    feed.event(
        Product{ProductKind::Quality,
                {{"move", {{"san", "Qb3"}, {"uci", "f3b3"}}},
                 {"label", "good"},
                 {"text", "Qb3 is the engine's choice."},
                 {"reasons", {{{"kind", "prevents"}, {"text", "Qb3 prevents Bb4+."}}}},
                 {"ideas",
                  {{{"kind", "threatens_win"},
                    {"family", "threats"},
                    {"text", "Qb3 threatens to win the pawn on b7 and the pawn on f7."}},
                   {{"kind", "prevents"}, {"family", "defence"}, {"text", "Qb3 prevents Bb4+."}},
                   {{"kind", "wins_back"},
                    {"family", "tactics"},
                    {"text", "Qb3 regains material by taking the pawn on b7."}}}}}});
    const std::string h = render_view(feed.snapshot()).html;
    const auto first = h.find("Qb3 prevents Bb4+.");
    ASSERT_NE(first, std::string::npos) << h;
    EXPECT_EQ(h.find("Qb3 prevents Bb4+.", first + 1), std::string::npos) << h;
    EXPECT_NE(h.find("<span class=\"family\">threats</span> Qb3 threatens"), std::string::npos)
        << h;
    EXPECT_NE(h.find("<span class=\"family\">tactics</span> Qb3 regains"), std::string::npos) << h;
}

// The graph's last point is the position on screen as its search deepens, marked as live.
TEST(LiveView, TheGraphFollowsTheSearchOfThePositionOnScreen) {
    LiveFeed feed;
    feed.set_enabled(true);
    const std::vector<std::string_view> moves = {"e2e4"};
    const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    feed.position(StartFen, moves, fen);
    feed.go();
    SearchInfo info;
    info.depth = 9;
    info.multipv = 1;
    info.score = Score::cp(-300);  // Black's view: White stands well
    info.pv = {"e7e5"};
    feed.event(info);
    std::string h = render_view(feed.snapshot()).html;
    // White's win% from +3.00: lichess's curve gives about 76.
    const std::size_t at = h.find("<text class=\"live\"");
    ASSERT_NE(at, std::string::npos) << h;
    const std::string label =
        h.substr(h.find('>', at) + 1, h.find("</text>", at) - h.find('>', at) - 1);
    EXPECT_EQ(label.rfind("live, d9 ", 0), 0u) << label;
    const int win = std::stoi(label.substr(9));
    EXPECT_GT(win, 70) << label;
    EXPECT_LT(win, 85) << label;
    // Deeper, and it moves; after the bestmove it is no longer live.
    info.depth = 14;
    info.score = Score::cp(300);
    feed.event(info);
    h = render_view(feed.snapshot()).html;
    EXPECT_NE(h.find("live, d14 2"), std::string::npos) << h;  // about 24
    feed.event(BestMove{"e7e5", std::nullopt});
    h = render_view(feed.snapshot()).html;
    EXPECT_EQ(h.find("class=\"live\""), std::string::npos) << h;
}

TEST(LiveView, EscapesEverythingFromOutside) {
    LiveFeed feed;
    feed.set_enabled(true);
    feed.position(StartFen, {}, StartFen);
    feed.go();
    feed.event(
        Product{ProductKind::Verify,
                {{"text", "<script>alert(1)</script>"},
                 {"atoms", {{{"text", "<img src=x onerror=alert(2)>"}, {"result", "x\">"}}}}}});
    feed.event(Product{ProductKind::Tree,
                       {{"text", "t"}, {"tree", {{"<b>", nlohmann::ordered_json::object()}}}}});
    const std::string h = render_view(feed.snapshot()).html;
    EXPECT_EQ(h.find("<script"), std::string::npos);
    EXPECT_EQ(h.find("<img"), std::string::npos);
    EXPECT_EQ(h.find("<b>"), std::string::npos);
    EXPECT_NE(h.find("&lt;script&gt;"), std::string::npos);
}

TEST(LiveFeed, OffCostsNothingAndStaleSearchLinesAreDropped) {
    LiveFeed feed;
    feed.go();
    feed.position(StartFen, {}, StartFen);
    EXPECT_EQ(feed.version(), 0u) << "a feed that is off records nothing";
    feed.set_enabled(true);
    feed.position(StartFen, {}, StartFen);
    feed.go();
    // The position changes during the search: its lines and bestmove are not the new one's.
    std::vector<std::string_view> e4 = {"e2e4"};
    feed.position(StartFen, e4, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    SearchInfo old;
    old.depth = 20;
    old.score = Score::cp(30);
    old.pv = {"e2e4"};
    feed.event(old);
    feed.go();
    feed.event(BestMove{"e2e4", std::nullopt});
    EXPECT_FALSE(feed.snapshot().info);
    EXPECT_FALSE(feed.snapshot().best);
    SearchInfo now = old;
    now.pv = {"e7e5"};
    feed.event(now);
    feed.event(BestMove{"e7e5", std::nullopt});
    const auto s = feed.snapshot();
    ASSERT_TRUE(s.info);
    EXPECT_EQ(s.info->pv.front(), "e7e5");
    ASSERT_TRUE(s.best);
    EXPECT_EQ(s.best->move, "e7e5");
    EXPECT_FALSE(s.searching);
}

TEST(LiveOption, IsACheckOffByDefault) {
    const SettingSpec* spec = find_option("glossfish live page");
    ASSERT_NE(spec, nullptr);
    EXPECT_EQ(spec->option, "Glossfish Live Page");
    EXPECT_EQ(spec->type, SettingType::Check);
    EXPECT_EQ(spec->default_value, "false");
    Settings s;
    EXPECT_FALSE(s.live_page);
    EXPECT_FALSE(apply_option(s, "Glossfish Live Page", "TRUE"));
    EXPECT_TRUE(s.live_page);
    EXPECT_TRUE(apply_option(s, "Glossfish Live Page", "on"));
    EXPECT_TRUE(s.live_page);
}

class LiveRegistryTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("glossfish-live-test-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
        const char* old = std::getenv("XDG_RUNTIME_DIR");
        if (old) old_ = old;
        ::setenv("XDG_RUNTIME_DIR", dir_.c_str(), 1);
    }
    void TearDown() override {
        if (old_) ::setenv("XDG_RUNTIME_DIR", old_->c_str(), 1);
        else ::unsetenv("XDG_RUNTIME_DIR");
        std::filesystem::remove_all(dir_);
    }
    std::filesystem::path dir_;
    std::optional<std::string> old_;
};

TEST_F(LiveRegistryTest, PublishListsRunningAndCleansDeadProcesses) {
    ASSERT_FALSE(publish({int(::getpid()), "http://127.0.0.1:1/ab/", 5}));
    struct stat st {};
    ASSERT_EQ(::stat((dir_ / "glossfish").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700u);
    ASSERT_EQ(
        ::stat((dir_ / "glossfish" / ("live-" + std::to_string(::getpid()) + ".json")).c_str(),
               &st),
        0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    // A process that has ended: a child that exited and was reaped.
    const pid_t dead = ::fork();
    if (dead == 0) ::_exit(0);
    ASSERT_GT(dead, 0);
    int status = 0;
    ::waitpid(dead, &status, 0);
    ASSERT_FALSE(publish({int(dead), "http://127.0.0.1:2/cd/", 1}));
    const auto entries = running_entries();
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0].pid, ::getpid());
    EXPECT_EQ(entries[0].url, "http://127.0.0.1:1/ab/");
    EXPECT_FALSE(
        std::filesystem::exists(dir_ / "glossfish" / ("live-" + std::to_string(dead) + ".json")));
    unpublish(::getpid());
    EXPECT_TRUE(running_entries().empty());
}

TEST_F(LiveRegistryTest, RefusesADirectoryOpenToOthers) {
    std::filesystem::create_directories(dir_ / "glossfish");
    ::chmod((dir_ / "glossfish").c_str(), 0755);
    auto err = publish({int(::getpid()), "http://127.0.0.1:1/ab/", 5});
    ASSERT_TRUE(err);
    EXPECT_NE(err->find("open to other users"), std::string::npos) << *err;
    EXPECT_TRUE(running_entries().empty());
}

}  // namespace
}  // namespace glossfish::live
