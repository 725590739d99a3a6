// LiveServer: the live page over HTTP (cpp-httplib) on 127.0.0.1 only, at
// http://127.0.0.1:PORT/TOKEN/ with a random 128-bit token. It serves, for GET only:
//   /TOKEN/         the page (HTML with the current view; everything inline)
//   /TOKEN/events   Server-Sent Events: `event: view` with {"version","title","html"} on each
//                   change of the feed, at most one every push_interval
//   /TOKEN/view     the current view as that JSON
// Refused: a Host header that is not 127.0.0.1:PORT, localhost:PORT or [::1]:PORT (403), any
// other method (405), any other path or a wrong token (404), event streams beyond max_streams
// (503). Nothing a request says reaches the engine: the server only reads the feed.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "live/live_feed.h"

namespace glossfish::live {

struct LiveServerOptions {
    int threads = 8;      // requests served at once (the pool of the HTTP server)
    int max_streams = 4;  // event streams at once; fewer than threads, so pages still load
    std::chrono::milliseconds push_interval{100};  // at most 10 updates a second per stream
    int keep_alive_seconds = 1;
    int keep_alive_max = 20;
    int read_timeout_seconds = 2, write_timeout_seconds = 2;
    bool publish = true;  // write the address to the runtime directory (live_registry.h)
};

class LiveServer {
public:
    explicit LiveServer(std::shared_ptr<LiveFeed> feed, LiveServerOptions options = {});
    // stop().
    ~LiveServer();
    LiveServer(const LiveServer&) = delete;
    LiveServer& operator=(const LiveServer&) = delete;

    // Binds a free port on 127.0.0.1 and serves from a thread of its own; returns the error
    // text when it cannot. Does not block.
    std::optional<std::string> start();
    // Stops serving and removes the address file. Waits at most `wait` for the server's
    // thread: a connection still open then is closed by that thread on its own.
    void stop(std::chrono::milliseconds wait = std::chrono::milliseconds(150));

    int port() const;
    const std::string& token() const;
    std::string url() const;  // http://127.0.0.1:PORT/TOKEN/

    struct Impl;

private:
    std::shared_ptr<Impl> impl_;
};

// A hex token of 128 random bits from std::random_device.
std::string random_token();

// Whether a Host header names this machine's loopback at port.
bool loopback_host(const std::string& host, int port);

}  // namespace glossfish::live
