// EngineHost: handshake, option mirroring, search relay and the watchdog.
#include "host/engine_host.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <utility>

#include "io/text.h"
#include "io/utf8.h"

namespace glossfish {

namespace {
using Clock = std::chrono::steady_clock;
}  // namespace

std::string resolve_stockfish_path(const std::string& explicit_path) {
    if (!explicit_path.empty()) return explicit_path;
    if (const char* env = std::getenv("GLOSSFISH_STOCKFISH"); env && *env) return env;
    if (std::string on_path = find_executable("stockfish"); !on_path.empty()) return on_path;
    if (!find_executable("/usr/games/stockfish").empty()) return "/usr/games/stockfish";
    return "stockfish";
}

EngineHost::EngineHost(Config config) : config_(std::move(config)) {
    watchdog_ = std::thread([this] { watchdog_loop(); });
}

EngineHost::~EngineHost() {
    {
        MutexLock lock(mutex_);
        shutting_down_ = true;
    }
    cv_.notify_all();
    watchdog_.join();
    child_.quit(200);
}

std::optional<std::string> EngineHost::handshake(const std::string& path) {
    child_.kill();
    {
        MutexLock lock(mutex_);
        handshaking_ = true;
        uciok_ = exited_ = searching_ = false;
        options_.clear();
        name_.clear();
        ready_sent_ = ready_received_ = 0;
        ping_sent_.reset();
        last_output_ = Clock::now();
    }
    if (auto err = child_.start(
            path, {}, [this](std::string_view l) { on_line(l); }, [this] { on_exit(); })) {
        MutexLock lock(mutex_);
        handshaking_ = false;
        return "cannot start the search engine: " + *err;
    }
    child_.write_line("uci");
    MutexLock lock(mutex_);
    const auto deadline = Clock::now() + config_.handshake_timeout;
    while (!uciok_ && !exited_ && cv_.wait_until(mutex_, deadline)) {
    }
    const bool ok = uciok_ || exited_;
    handshaking_ = false;
    if (exited_) {
        lock.unlock();
        child_.kill();
        return "'" + path + "' exited during the UCI handshake (is it a UCI engine?)";
    }
    if (!ok) {
        lock.unlock();
        child_.kill();
        return "'" + path + "' did not answer 'uci' with 'uciok' within " +
               std::to_string(config_.handshake_timeout.count()) + " ms (is it a UCI engine?)";
    }
    return std::nullopt;
}

std::optional<std::string> EngineHost::start() {
    const std::string path = resolve_stockfish_path(config_.path);
    // Each pass replays the options one by one; an option after which the child does not
    // answer isready is dropped and the pass starts over on a new child (at most one pass per
    // option, plus the last).
    for (;;) {
        if (auto err = handshake(path)) return err;
        std::vector<std::pair<std::string, std::string>> replay;
        {
            MutexLock lock(mutex_);
            replay = user_options_;
        }
        std::optional<std::size_t> bad;
        for (std::size_t k = 0; k < replay.size() && !bad; ++k) {
            const auto& [name, value] = replay[k];
            child_.write_line("setoption name " + name + (value.empty() ? "" : " value " + value));
            if (!sync(config_.handshake_timeout)) bad = k;
        }
        if (!bad) {
            if (replay.empty() && !sync(config_.handshake_timeout)) {
                child_.kill();
                return "'" + path + "' did not answer 'isready' after the handshake";
            }
            return std::nullopt;
        }
        const auto [name, value] = replay[*bad];
        bool died;
        {
            MutexLock lock(mutex_);
            died = exited_;
            user_options_.erase(
                std::remove(user_options_.begin(), user_options_.end(), replay[*bad]),
                user_options_.end());
        }
        child_.kill();
        warn({"option_dropped", name, value,
              "'setoption name " + name + (value.empty() ? "" : " value " + value) + "' made '" +
                  path + "' " + (died ? "exit" : "stop answering") +
                  " when it was replayed after a restart; the option is dropped and the engine "
                  "restarted without it (set it again to retry)"});
    }
}

void EngineHost::warn(EngineWarning w) {
    // The option and value came from the user: valid UTF-8 for whoever prints them as JSON.
    w.option = to_valid_utf8(w.option);
    w.value = to_valid_utf8(w.value);
    w.message = to_valid_utf8(w.message);
    std::function<void(const EngineWarning&)> handler;
    {
        MutexLock lock(mutex_);
        handler = warning_handler_;
        if (!handler) warnings_.push_back(w);
    }
    if (handler) handler(w);
}

void EngineHost::set_warning_handler(std::function<void(const EngineWarning&)> fn) {
    MutexLock lock(mutex_);
    warning_handler_ = std::move(fn);
}

std::vector<EngineWarning> EngineHost::take_warnings() {
    MutexLock lock(mutex_);
    return std::exchange(warnings_, {});
}

std::vector<std::pair<std::string, std::string>> EngineHost::user_options() {
    MutexLock lock(mutex_);
    return user_options_;
}

bool EngineHost::running() {
    MutexLock lock(mutex_);
    return uciok_ && !exited_;
}

std::string EngineHost::engine_name() {
    MutexLock lock(mutex_);
    return name_;
}

std::vector<OptionDecl> EngineHost::options() {
    MutexLock lock(mutex_);
    return options_;
}

void EngineHost::set_option(const std::string& name, const std::string& value) {
    {
        MutexLock lock(mutex_);
        // A button is an action (Clear Hash), not a setting: a restarted child must not
        // repeat it. Before the first start the declarations are unknown; then it is kept.
        bool button = std::any_of(options_.begin(), options_.end(), [&](const OptionDecl& d) {
            return d.type == "button" && iequals(d.name, name);
        });
        bool replaced = button;
        for (auto& [n, v] : user_options_)
            if (n == name) {
                v = value;
                replaced = true;
            }
        if (!replaced) user_options_.emplace_back(name, value);
    }
    child_.write_line("setoption name " + name + (value.empty() ? "" : " value " + value));
}

bool EngineHost::sync(std::chrono::milliseconds timeout) {
    MutexLock lock(mutex_);
    if (exited_) return false;
    unsigned long long target = ++ready_sent_;
    lock.unlock();
    if (!child_.write_line("isready")) return false;
    lock.lock();
    const auto deadline = Clock::now() + timeout;
    while (ready_received_ < target && !exited_ && cv_.wait_until(mutex_, deadline)) {
    }
    return ready_received_ >= target && !exited_;
}

void EngineHost::send_raw(const std::string& line) { child_.write_line(line); }

void EngineHost::set_passthrough(std::function<void(const std::string&)> fn) {
    MutexLock lock(mutex_);
    passthrough_ = std::move(fn);
}

bool EngineHost::go(const std::string& position_line, const std::string& go_line,
                    SearchCallbacks cb) {
    {
        MutexLock lock(mutex_);
        if (!uciok_ || exited_) return false;
        callbacks_ = std::move(cb);
        searching_ = true;
        last_output_ = Clock::now();
        ping_sent_.reset();
    }
    cv_.notify_all();
    bool ok = child_.write_line(position_line) && child_.write_line(go_line);
    if (!ok) fail_search("the search engine stopped accepting commands");
    return true;
}

void EngineHost::stop() { child_.write_line("stop"); }

void EngineHost::ponderhit() { child_.write_line("ponderhit"); }

bool EngineHost::searching() {
    MutexLock lock(mutex_);
    return searching_;
}

bool EngineHost::wait_search_end(std::chrono::milliseconds timeout) {
    MutexLock lock(mutex_);
    const auto deadline = Clock::now() + timeout;
    while ((searching_ || delivering_ != 0) && cv_.wait_until(mutex_, deadline)) {
    }
    return !searching_ && delivering_ == 0;
}

void EngineHost::kill() { child_.kill(); }

void EngineHost::quit() { child_.quit(200); }

void EngineHost::on_line(std::string_view line) {
    EngineEvent event = parse_engine_line(line);
    MutexLock lock(mutex_);
    last_output_ = Clock::now();
    if (auto* info = std::get_if<SearchInfo>(&event)) {
        if (searching_ && callbacks_.on_info) {
            auto cb = callbacks_.on_info;
            lock.unlock();
            cb(*info);
        }
    } else if (auto* best = std::get_if<BestMove>(&event)) {
        if (searching_) {
            searching_ = false;
            ++delivering_;
            auto cb = std::move(callbacks_.on_bestmove);
            callbacks_ = {};
            lock.unlock();
            if (cb) cb(*best);
            lock.lock();
            --delivering_;
            lock.unlock();
            cv_.notify_all();
        }
    } else if (std::holds_alternative<ReadyOk>(event)) {
        ++ready_received_;
        if (ping_sent_ && ready_received_ >= ping_target_) ping_sent_.reset();
        lock.unlock();
        cv_.notify_all();
    } else if (std::holds_alternative<UciOk>(event)) {
        uciok_ = true;
        lock.unlock();
        cv_.notify_all();
    } else if (auto* opt = std::get_if<OptionDecl>(&event)) {
        if (handshaking_) options_.push_back(*opt);
    } else if (auto* id = std::get_if<IdLine>(&event)) {
        if (id->field == "name") name_ = id->value;
    } else if (searching_ && callbacks_.on_other) {
        auto cb = callbacks_.on_other;
        lock.unlock();
        cb(std::string(line));
    } else if (!searching_ && !handshaking_ && passthrough_) {
        auto cb = passthrough_;
        lock.unlock();
        cb(std::string(line));
    }
}

void EngineHost::on_exit() {
    {
        MutexLock lock(mutex_);
        exited_ = true;
    }
    cv_.notify_all();
}

void EngineHost::fail_search(const std::string& reason) {
    MutexLock lock(mutex_);
    if (!searching_) return;
    searching_ = false;
    ++delivering_;
    auto cb = std::move(callbacks_.on_failure);
    callbacks_ = {};
    lock.unlock();
    if (cb) cb(reason);
    lock.lock();
    --delivering_;
    lock.unlock();
    cv_.notify_all();
}

// During a search: a child whose output closed has died; a child silent for ping_after gets
// an isready, and one that does not answer it within hang_timeout is killed as hung.
void EngineHost::watchdog_loop() {
    MutexLock lock(mutex_);
    while (!shutting_down_) {
        cv_.wait_for(mutex_, std::chrono::milliseconds(20));
        if (shutting_down_ || !searching_) continue;
        auto now = Clock::now();
        if (exited_) {
            lock.unlock();
            fail_search("the search engine process exited during the search");
            lock.lock();
            continue;
        }
        if (ping_sent_) {
            if (now - *ping_sent_ > config_.hang_timeout) {
                ping_sent_.reset();
                lock.unlock();
                child_.kill();  // the reader sees end of file; exited_ follows
                fail_search("the search engine stopped answering (no readyok within " +
                            std::to_string(config_.hang_timeout.count()) + " ms)");
                lock.lock();
            }
        } else if (now - last_output_ > config_.ping_after) {
            ping_target_ = ++ready_sent_;
            ping_sent_ = now;
            lock.unlock();
            child_.write_line("isready");
            lock.lock();
        }
    }
}

}  // namespace glossfish
