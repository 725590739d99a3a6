// LiveServer: cpp-httplib on 127.0.0.1, the checks of every request, and the event streams.
#include "live/live_server.h"

#include <httplib.h>
#include <unistd.h>

#include <array>
#include <ctime>
#include <random>
#include <thread>

#include "io/markup.h"
#include "io/mutex.h"
#include "io/text.h"
#include "live/live_registry.h"
#include "live/live_view.h"

namespace glossfish::live {

// The page template (live_page.html, made into a C++ source by CMake).
extern const char* const LivePageHtml;

std::string random_token() {
    std::random_device rd;
    static const char* Hex = "0123456789abcdef";
    std::string out;
    for (int i = 0; i < 4; ++i) {  // 4 x 32 bits
        std::uint32_t x = rd();
        for (int k = 0; k < 8; ++k, x >>= 4) out += Hex[x & 15];
    }
    return out;
}

bool loopback_host(const std::string& host, int port) {
    const std::string p = ":" + std::to_string(port);
    for (const char* name : {"127.0.0.1", "localhost", "[::1]"})
        if (iequals(host, std::string(name) + p)) return true;
    return false;
}

namespace {

// Equal strings, in a time that does not depend on where they differ.
bool same_secret(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) diff |= (unsigned char)(a[i] ^ b[i]);
    return diff == 0;
}

void plain(httplib::Response& res, int status, const std::string& text) {
    res.status = status;
    res.set_content(text + "\n", "text/plain; charset=utf-8");
}

std::string view_json(const LiveView& v) {
    return nlohmann::json{{"version", v.version}, {"title", v.title}, {"html", v.html}}.dump(
        -1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// The template with its {{NAME}} markers replaced, each once, in one pass over the template.
std::string fill(std::string_view page, const std::vector<std::pair<std::string, std::string>>& v) {
    std::string out;
    std::size_t at = 0;
    for (;;) {
        const std::size_t open = page.find("{{", at);
        if (open == std::string_view::npos) break;
        const std::size_t close = page.find("}}", open);
        if (close == std::string_view::npos) break;
        const std::string_view name = page.substr(open + 2, close - open - 2);
        out.append(page.substr(at, open - at));
        for (const auto& [k, value] : v)
            if (k == name) out += value;
        at = close + 2;
    }
    out.append(page.substr(at));
    return out;
}

}  // namespace

struct LiveServer::Impl {
    std::shared_ptr<LiveFeed> feed;
    LiveServerOptions options;
    httplib::Server http;
    std::string token;
    int port = 0;
    std::atomic<bool> closed{false};
    std::atomic<int> streams{0};
    std::thread thread;
    Mutex done_mutex;
    CondVar done_cv;
    bool done GLOSSFISH_GUARDED_BY(done_mutex) = false;  // the server thread has returned
    bool published = false;

    Mutex view_mutex;
    LiveView cached GLOSSFISH_GUARDED_BY(view_mutex);  // the last rendered, by version

    LiveView current_view() GLOSSFISH_EXCLUDES(view_mutex) {
        MutexLock lock(view_mutex);
        if (cached.version == 0 || cached.version != feed->version())
            cached = render_view(feed->snapshot());
        return cached;
    }

    void headers(httplib::Response& res) {
        res.set_header("Cache-Control", "no-store");
        res.set_header("X-Content-Type-Options", "nosniff");
        res.set_header("Referrer-Policy", "no-referrer");
        res.set_header("X-Frame-Options", "DENY");
    }

    // Host, method and token, before any route.
    httplib::Server::HandlerResponse check(const httplib::Request& req, httplib::Response& res) {
        headers(res);
        if (!loopback_host(req.get_header_value("Host"), port)) {
            plain(
                res, 403,
                "glossfish live: only http://127.0.0.1:" + std::to_string(port) + "/ may be asked");
            return httplib::Server::HandlerResponse::Handled;
        }
        if (req.method != "GET" && req.method != "HEAD") {
            res.set_header("Allow", "GET, HEAD");
            plain(res, 405, "glossfish live is read-only: GET only");
            return httplib::Server::HandlerResponse::Handled;
        }
        const std::string_view path = req.path;
        const std::size_t n = token.size();
        if (path.size() < n + 2 || path[0] != '/' || path[n + 1] != '/' ||
            !same_secret(path.substr(1, n), token)) {
            plain(res, 404, "not found");
            return httplib::Server::HandlerResponse::Handled;
        }
        return httplib::Server::HandlerResponse::Unhandled;
    }

    void page(httplib::Response& res) {
        const LiveView v = current_view();
        const std::string nonce = random_token();
        res.set_header("Content-Security-Policy",
                       "default-src 'none'; script-src 'nonce-" + nonce +
                           "'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; "
                           "base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
        res.set_content(fill(LivePageHtml, {{"TITLE", xml_escape(v.title)},
                                            {"VERSION", std::to_string(v.version)},
                                            {"NONCE", nonce},
                                            {"VIEW", v.html}}),
                        "text/html; charset=utf-8");
    }

    void events(httplib::Response& res) {
        if (streams.fetch_add(1) >= options.max_streams) {
            streams.fetch_sub(1);
            plain(res, 503, "glossfish live: too many open pages");
            return;
        }
        struct Stream {
            std::uint64_t sent = 0;
            std::chrono::steady_clock::time_point last{};
        };
        auto st = std::make_shared<Stream>();
        res.set_chunked_content_provider(
            "text/event-stream",
            [this, st](std::size_t, httplib::DataSink& sink) {
                if (closed) return false;
                // At most one update per push_interval.
                const auto next = st->last + options.push_interval;
                while (!closed && std::chrono::steady_clock::now() < next)
                    std::this_thread::sleep_for(
                        std::min(std::chrono::duration_cast<std::chrono::milliseconds>(
                                     next - std::chrono::steady_clock::now()) +
                                     std::chrono::milliseconds(1),
                                 std::chrono::milliseconds(50)));
                const std::uint64_t v =
                    feed->wait_change(st->sent, std::chrono::milliseconds(5000), closed);
                if (closed) return false;
                std::string msg;
                if (v == st->sent) {
                    msg = ": idle\n\n";  // a comment keeps the stream open and finds gone clients
                } else {
                    const LiveView now = current_view();
                    st->sent = now.version;
                    st->last = std::chrono::steady_clock::now();
                    msg = "event: view\ndata: " + view_json(now) + "\n\n";
                }
                return sink.write(msg.data(), msg.size());
            },
            [this](bool) { streams.fetch_sub(1); });
    }
};

LiveServer::LiveServer(std::shared_ptr<LiveFeed> feed, LiveServerOptions options)
    : impl_(std::make_shared<Impl>()) {
    impl_->feed = std::move(feed);
    impl_->options = options;
    impl_->token = random_token();
}

LiveServer::~LiveServer() { stop(); }

std::optional<std::string> LiveServer::start() {
    Impl& s = *impl_;
    if (s.thread.joinable()) return std::nullopt;
    const LiveServerOptions& o = s.options;
    const int threads = std::max(o.threads, o.max_streams + 1);
    s.http.new_task_queue = [threads] { return new httplib::ThreadPool(std::size_t(threads)); };
    s.http.set_keep_alive_max_count(std::size_t(o.keep_alive_max));
    s.http.set_keep_alive_timeout(o.keep_alive_seconds);
    s.http.set_read_timeout(o.read_timeout_seconds, 0);
    s.http.set_write_timeout(o.write_timeout_seconds, 0);
    s.http.set_payload_max_length(4096);
    Impl* p = impl_.get();
    s.http.set_pre_routing_handler(
        [p](const httplib::Request& req, httplib::Response& res) { return p->check(req, res); });
    const std::string base = "/" + s.token + "/";
    s.http.Get(base, [p](const httplib::Request&, httplib::Response& res) { p->page(res); });
    s.http.Get(base + "view", [p](const httplib::Request&, httplib::Response& res) {
        res.set_content(view_json(p->current_view()), "application/json");
    });
    s.http.Get(base + "events",
               [p](const httplib::Request&, httplib::Response& res) { p->events(res); });
    s.http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (res.body.empty())
            plain(res, res.status, "glossfish live: error " + std::to_string(res.status));
    });
    s.port = s.http.bind_to_any_port("127.0.0.1");
    if (s.port <= 0) return std::string("cannot listen on 127.0.0.1");
    // The thread owns the server state too: a stop() that does not wait for it stays safe.
    s.thread = std::thread([self = impl_] {
        self->http.listen_after_bind();
        MutexLock lock(self->done_mutex);
        self->done = true;
        self->done_cv.notify_all();
    });
    if (o.publish) {
        if (auto err = publish({int(::getpid()), url(), (long long)std::time(nullptr)}))
            return "the live page runs, but its address could not be saved: " + *err;
        s.published = true;
    }
    return std::nullopt;
}

void LiveServer::stop(std::chrono::milliseconds wait) {
    Impl& s = *impl_;
    if (!s.thread.joinable()) return;
    if (s.published) unpublish(int(::getpid()));
    s.published = false;
    s.closed = true;
    s.feed->wake_all();
    s.http.stop();
    bool done;
    {
        MutexLock lock(s.done_mutex);
        const auto deadline = std::chrono::steady_clock::now() + wait;
        while (!s.done && s.done_cv.wait_until(s.done_mutex, deadline)) {
        }
        done = s.done;
    }
    if (done) s.thread.join();
    else s.thread.detach();
}

int LiveServer::port() const { return impl_->port; }
const std::string& LiveServer::token() const { return impl_->token; }
std::string LiveServer::url() const {
    return "http://127.0.0.1:" + std::to_string(impl_->port) + "/" + impl_->token + "/";
}

}  // namespace glossfish::live
