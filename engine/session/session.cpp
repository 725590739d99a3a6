// Session: options, the position and the GUI's search on the hosted Stockfish. The products
// and requests are in session_products.cpp.
#include "session/session.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "analysis/quality.h"
#include "io/text.h"
#include "openings/opening.h"
#include "rules/fen_json.h"
#include "rules/movegen.h"
#include "rules/notation.h"

namespace glossfish {

namespace {

// How long go() waits for the bestmove of a search it stopped before calling it failed.
constexpr std::chrono::milliseconds StoppedSearchWait{1500};

// The one table of product kind names: the wire's `glossfish.<kind>`.
constexpr std::pair<ProductKind, const char*> ProductKindNames[] = {
    {ProductKind::Quality, "quality"}, {ProductKind::Label, "label"},
    {ProductKind::Lines, "lines"},     {ProductKind::Tree, "tree"},
    {ProductKind::Verify, "verify"},   {ProductKind::Comment, "comment"},
    {ProductKind::Tool, "tool"},       {ProductKind::Opening, "opening"},
    {ProductKind::Live, "live"},       {ProductKind::Error, "error"},
};

}  // namespace

const char* product_kind_name(ProductKind kind) {
    for (const auto& [k, name] : ProductKindNames)
        if (k == kind) return name;
    return "error";
}

std::optional<ProductKind> parse_product_kind(std::string_view name) {
    for (const auto& [k, n] : ProductKindNames)
        if (name == n) return k;
    return std::nullopt;
}

Session::Session(Sink sink, ProductProviderFactory products)
    : sink_(std::move(sink)), provider_factory_(std::move(products)) {
    epoch_.id = ++epoch_ids_;
    epoch_.position = epoch_.before = current_ = root_;
    // A job that throws past its own guards is said as an error (code internal) with its kind.
    auto failed = [this](const JobLane::Job& job, const std::string& what) {
        error("internal", job.kind + " failed: " + what);
    };
    engine_lane_ = std::make_unique<JobLane>(16, failed);
    model_lane_ = std::make_unique<JobLane>(16, failed);
    request_lane_ = std::make_unique<JobLane>(MaxQueuedRequests, failed);
    lines_lane_ = std::make_unique<JobLane>(2, failed);
}

Session::~Session() {
    shutdown(std::chrono::milliseconds(2000));
    engine_lane_.reset();  // joins
    model_lane_.reset();
    request_lane_.reset();
    lines_lane_.reset();
    join_restart();
}

// ---- events ----

void Session::emit_locked(SessionEvent event) {
    if (shutting_down_) return;
    MutexLock queue(out_mutex_);
    out_queue_.push_back(std::move(event));
}

void Session::flush_events() {
    MutexLock queue(out_mutex_);
    if (flushing_) return;
    flushing_ = true;
    while (!out_queue_.empty()) {
        SessionEvent event = std::move(out_queue_.front());
        out_queue_.pop_front();
        queue.unlock();
        try {
            sink_(event);
        } catch (...) {
            queue.lock();
            flushing_ = false;
            throw;
        }
        queue.lock();
    }
    flushing_ = false;
}

void Session::error_locked(const std::string& code, const std::string& message,
                           nlohmann::json extra) {
    extra["code"] = code;
    extra["message"] = message;
    if (!extra.contains("text")) extra["text"] = message;
    emit_locked(Product{ProductKind::Error, std::move(extra)});
}

void Session::error(const std::string& code, const std::string& message, nlohmann::json extra) {
    Locked lock(*this);
    error_locked(code, message, std::move(extra));
}

// ---- the engine host ----

void Session::join_restart() {
    std::thread t;
    {
        Locked lock(*this);
        t = std::move(restart_thread_);
    }
    if (t.joinable()) t.join();
}

bool Session::ensure_host() {
    join_restart();
    if (host_ && host_->running()) return true;
    if (!host_) {
        EngineHost::Config c;
        c.path = settings_.stockfish_path;
        host_ = std::make_unique<EngineHost>(c);
        host_->set_passthrough([this](const std::string& line) {
            Locked lock(*this);
            emit_locked(TextLine{line});
        });
        // An option the host dropped on a restart because it killed the child, as an "error"
        // product: {"code":"option_dropped","option","value",...}.
        host_->set_warning_handler([this](const EngineWarning& w) {
            error(w.code, w.message, {{"option", w.option}, {"value", w.value}});
        });
        for (const auto& [name, value] : child_values_) host_->set_option(name, value);
    }
    if (auto err = host_->start()) {
        error("engine_start", *err);
        return false;
    }
    child_options_ = host_->options();
    return true;
}

// After a failed search: a fresh child with the user's options, on its own thread.
void Session::restart_host_locked() {
    if (restart_thread_.joinable() || shutting_down_) return;  // one is on its way
    restart_thread_ = std::thread([this] {
        if (!host_) return;
        if (auto err = host_->start()) error("engine_start", *err);
    });
}

bool Session::start_engine() { return ensure_host(); }

std::string Session::engine_name() {
    join_restart();
    return host_ && host_->running() ? host_->engine_name() : std::string();
}

const OptionDecl* Session::child_option(const std::string& name) const {
    for (const auto& o : child_options_)
        if (iequals(o.name, name)) return &o;
    return nullptr;
}

std::vector<OptionDecl> Session::options() {
    ensure_host();
    std::vector<OptionDecl> out;
    for (const auto& o : child_options_)
        if (!find_option(o.name)) out.push_back(o);
    for (const SettingSpec& s : setting_table())
        if (!s.option.empty()) out.push_back(s.option_decl());
    return out;
}

std::optional<InputError> Session::set_option(const std::string& name, std::string value,
                                              bool has_value) {
    join_restart();
    if (const SettingSpec* spec = find_option(name)) {
        if (auto err = check_setting(*spec, "option '" + spec->option + "'", value, has_value))
            return InputError{"bad_option_value", *err, {}};
        if (spec->rebuild == Rebuild::Engine && searching())
            return InputError{
                "busy", "option '" + spec->option + "' cannot change during a search", {}};
        set_setting(settings_, *spec, value);
        if (spec->rebuild == Rebuild::Engine) {
            if (host_) host_->quit();
            host_.reset();
            child_options_.clear();
            ensure_host();
        }
        // The pool and the provider are made again from the new settings on next use.
        if (spec->rebuild != Rebuild::None) backend_.reset();
        return std::nullopt;
    }

    if (child_options_.empty()) ensure_host();
    const OptionDecl* decl = child_option(name);
    if (!decl) return InputError{"unknown_option", "no option named " + quote_input(name), {}};
    if (auto err = check_option_value(*decl, value, has_value))
        return InputError{"bad_option_value", *err, {}};
    if (iequals(decl->name, "UCI_Chess960")) {
        chess960_ = value == "true";
        root_.set_chess960(chess960_);
        current_.set_chess960(chess960_);
    } else if (iequals(decl->name, "UCI_AnalyseMode")) {
        analyse_mode_ = value == "true";
    } else if (iequals(decl->name, "MultiPV")) {
        multipv_ = std::stoi(value);
    }
    const bool button = decl->type == "button";
    bool replaced = false;
    for (auto& [n, v] : child_values_)
        if (n == decl->name) v = value, replaced = true;
    if (!replaced && !button) child_values_.emplace_back(decl->name, value);
    if (searching()) {
        // Stockfish must not change options while it thinks: it gets this one when the
        // search has ended, before the next go. Our own state (above) changes now.
        deferred_options_.emplace_back(decl->name, button ? "" : value);
        return std::nullopt;
    }
    if (host_) host_->set_option(decl->name, button ? "" : value);
    return std::nullopt;
}

void Session::apply_deferred_options() {
    if (host_)
        for (const auto& [name, value] : deferred_options_) host_->set_option(name, value);
    deferred_options_.clear();
}

// ---- the position ----

namespace {

// Piece placement, side to move and castling rights: what two FENs of one position share
// whatever their counters and en-passant spelling.
std::string placement_key(const Position& pos) {
    std::istringstream fen(pos.fen());
    std::string placement, side, castling;
    fen >> placement >> side >> castling;
    return placement + " " + side + " " + castling;
}

}  // namespace

std::optional<Move> move_between(const Position& from, const Position& to) {
    const std::string target = placement_key(to);
    std::optional<Move> found;
    for (Move m : MoveList(from)) {
        Position next = from;
        next.do_move(m);
        if (placement_key(next) != target) continue;
        if (found) return std::nullopt;  // never ambiguous in chess, but say nothing if it is
        found = m;
    }
    return found;
}

std::optional<InputError> Session::set_position(const PositionCommand& command) {
    Position root;
    FenStatus status = root.set(command.fen, chess960_);
    if (!status.ok()) {
        return InputError{
            "bad_fen", status.message(), {{"problems", fen_problems_json(status.problems)}}};
    }
    if (command.moves.size() > MaxPositionMoves)
        return InputError{"too_many_moves",
                          "the position has " + std::to_string(command.moves.size()) +
                              " moves; the limit is " + std::to_string(MaxPositionMoves),
                          {}};
    Position pos = root;
    std::vector<Move> moves;
    moves.reserve(command.moves.size());
    for (std::string_view text : command.moves) {
        MoveParse mp = parse_uci(pos, std::string(text));
        if (!mp.ok())
            return InputError{mp.error == MoveError::Malformed ? "malformed_move" : "illegal_move",
                              "move " + std::to_string(moves.size() + 1) + " " + mp.named(text),
                              {}};
        moves.push_back(mp.move);
        pos.do_move(mp.move);
    }
    std::optional<Move> inferred;
    const bool fen_only = moves.empty() && command.fen != StartFen && may_infer_;
    if (fen_only) inferred = move_between(current_, root);
    if (fen_only && !inferred && !moves_.empty() &&
        placement_key(root) == placement_key(current_)) {
        // The same FEN again (PyChess sends it twice, stopping the first search at once): the
        // position keeps its last move, so its label is made again.
        inferred = moves_.back();
        root_ = current_;
        root_.undo_move(*inferred);
        pos = current_;
        moves = {*inferred};
        startpos_ = false;
    } else if (inferred) {
        // A FEN-only GUI (ChessX) sent the position one move on: it is the previous position
        // and that move, so the move is labelled as played.
        root_ = current_;
        pos = current_;
        pos.do_move(*inferred);
        moves = {*inferred};
        startpos_ = false;
    } else {
        root_ = root;
        startpos_ = command.fen == StartFen;
    }
    current_ = pos;
    moves_ = std::move(moves);
    may_infer_ = true;

    Epoch next;
    next.position = current_;
    next.before = current_;
    next.inferred = inferred.has_value();
    if (!moves_.empty()) {
        next.before.undo_move(moves_.back());
        next.move = moves_.back();
    }
    if (moves_.size() >= 2) {
        // The move before the last one: a capture there makes the last move a recapture.
        Position earlier = next.before;
        const Move m = moves_[moves_.size() - 2];
        earlier.undo_move(m);
        if (earlier.is_capture(m)) next.previous_capture = m.to();
        next.previous_known = true;
    }
    {
        Locked lock(*this);
        cancel_products_locked(epoch_.id);
        next.id = ++epoch_ids_;
        epoch_ = std::move(next);
        // The named opening while the position is on a named line (microseconds; printed with
        // the search like the other products).
        if (settings_.quality && OpeningIndex::builtin().in_line(current_))
            if (auto opening = find_opening(root_, moves_)) {
                nlohmann::json j = opening_to_json(*opening);
                j["fen"] = current_.fen();
                j["text"] = "opening: " + opening->opening->eco + " " + opening->opening->name;
                deliver_locked(Product{ProductKind::Opening, std::move(j)});
            }
    }
    start_products(false, false);
    return std::nullopt;
}

Position Session::position() const { return current_; }

std::vector<std::string> Session::game_moves_uci() const {
    std::vector<std::string> out;
    Position walk = root_;
    for (Move m : moves_) {
        out.push_back(move_to_uci(walk, m));
        walk.do_move(m);
    }
    return out;
}

std::string Session::position_line() const {
    std::string line = "position " + (startpos_ ? std::string("startpos") : "fen " + root_.fen());
    if (!moves_.empty()) {
        line += " moves";
        Position walk = root_;
        for (Move m : moves_) {
            line += " " + move_to_uci(walk, m);
            walk.do_move(m);
        }
    }
    return line;
}

// ---- the search ----

bool Session::searching() const {
    MutexLock lock(mutex_);
    return search_.active;
}

std::optional<InputError> Session::go(const GoParams& params) {
    join_restart();
    if (params.perft) {
        perft(*params.perft);
        return std::nullopt;
    }
    start_search(params, true);
    return std::nullopt;
}

void Session::go_rejected(const InputError& e, bool ponder) {
    join_restart();
    error(e.code, e.message, e.extra);
    GoParams p;
    p.depth = 1;
    p.ponder = ponder;
    start_search(p, false);
}

void Session::start_search(const GoParams& params, bool may_hold) {
    {
        Locked lock(*this);
        if (search_.active) {
            // After `stop` the bestmove may still be on its way: wait for it quietly.
            if (!search_.stop_requested)
                error_locked("busy", "'go' while a search is running: stopping it first");
            search_.stop_requested = true;
            if (search_.held) {
                print_bestmove_locked(*search_.held);
            } else {
                lock.unlock();
                if (host_) host_->stop();
                lock.lock();
            }
            const auto deadline = std::chrono::steady_clock::now() + StoppedSearchWait;
            while (search_.active && search_cv_.wait_until(mutex_, deadline)) {
            }
            if (search_.active) {
                const unsigned old = search_.id;
                lock.unlock();
                on_search_failure("the search engine did not stop", old);
            }
        }
    }
    apply_deferred_options();
    const bool analysis = may_hold && params.is_analysis(analyse_mode_);
    const bool lines = analysis && multipv_ > 1 && settings_.quality;
    // The lines' labels run on the lines' worker with the pool and scheme of this moment.
    std::shared_ptr<LinesContext> lines_context;
    if (lines) {
        lines_context = std::make_shared<LinesContext>();
        lines_context->root = current_;
        lines_context->scheme = settings_.quality_scheme;
        lines_context->backend = backend();
    }
    unsigned id;
    std::shared_ptr<LinesContext> previous;  // the last search's, released after the lock
    {
        Locked lock(*this);
        cancel_lines_locked();
        previous = std::move(search_.lines_context);
        search_ = Search{};
        search_.id = id = ++search_ids_;
        search_.epoch = epoch_.id;
        search_.active = true;
        search_.analysis = analysis;
        search_.lines = lines;
        search_.multipv = multipv_;
        search_.legal_moves = int(MoveList(current_).size());
        search_.lines_context = std::move(lines_context);
        search_.root = current_;
        epoch_.searched = true;
    }
    last_go_analysis_ = analysis;
    start_products(true, analysis);
    {
        Locked lock(*this);
        std::vector<Product> ready = std::move(epoch_.ready);
        epoch_.ready.clear();
        for (Product& p : ready)
            if (analysis || p.kind != ProductKind::Opening) emit_product_locked(std::move(p));
    }

    if (MoveList(current_).empty()) {
        Locked lock(*this);
        SearchInfo info;
        info.depth = 0;
        info.score = current_.is_check() ? Score::mate(0) : Score::cp(0);
        emit_locked(info);
        finish_search_locked(BestMove{"(none)", std::nullopt});
        return;
    }
    if (!ensure_host()) {  // engine_start is out; no restart, no child left
        on_search_failure("the search engine is not running", id, false);
        return;
    }
    SearchCallbacks cb;
    cb.on_info = [this, id](const SearchInfo& info) { on_info(info, id); };
    cb.on_bestmove = [this, id](const BestMove& b) { on_engine_bestmove(b, id); };
    cb.on_failure = [this, id](const std::string& reason) { on_search_failure(reason, id); };
    cb.on_other = [this](const std::string& line) {
        if (!debug_) return;
        Locked lock(*this);
        emit_locked(TextLine{"info string child: " + line});
    };
    if (!host_->go(position_line(), params.go_line(current_), cb))
        on_search_failure("the search engine is not running", id);
}

void Session::on_info(const SearchInfo& engine_info, unsigned id) {
    Locked lock(*this);
    if (!search_.active || search_.id != id || search_.engine_done) return;
    SearchInfo info = engine_info;
    // Every relayed move is checked by the rules core: a pv is cut before
    // its first move that is not legal.
    info.pv.resize(parse_uci_line(search_.root, info.pv).size());
    emit_locked(info);
    if (info.string) return;
    if (info.multipv.value_or(1) == 1 && !info.pv.empty()) search_.last_main = info;
    // After stop or a new position nothing waits for the lines: they would be dropped anyway.
    if (search_.lines && !search_.stop_requested && search_.epoch == epoch_.id)
        multipv_lines_locked(info);
}

void Session::on_engine_bestmove(const BestMove& best, unsigned id) {
    Locked lock(*this);
    if (!search_.active || search_.id != id || search_.engine_done) return;
    // Every relayed move is checked by the rules core.
    MoveParse mp = parse_uci(search_.root, best.move);
    bool legal = mp.ok();
    if (legal && best.ponder) {
        Position after = search_.root;
        after.do_move(mp.move);
        legal = parse_uci(after, *best.ponder).ok();
    }
    if (!legal) {
        lock.unlock();
        on_search_failure("it answered the illegal 'bestmove " + best.move +
                              (best.ponder ? " ponder " + *best.ponder : std::string()) + "'",
                          id);
        return;
    }
    finish_search_locked(best);
}

void Session::on_search_failure(const std::string& reason, unsigned id, bool restart) {
    {
        Locked lock(*this);
        if (!search_.active || search_.id != id || search_.engine_done) return;
        // A legal move: the engine's last main line if it parses, else the first legal move.
        const Position& root = search_.root;
        Move fallback = Move::none();
        if (search_.last_main && !search_.last_main->pv.empty()) {
            MoveParse mp = parse_uci(root, search_.last_main->pv.front());
            if (mp.ok()) fallback = mp.move;
        }
        MoveList legal(root);
        if (!fallback.is_ok() && !legal.empty()) fallback = *legal.begin();
        if (restart) {
            error_locked(
                "engine_failed", reason,
                {{"text", "the search engine failed (" + reason + "); it is being restarted"}});
            // The restart is on its way before the GUI sees the bestmove, so its next command
            // waits for it (join_restart) instead of reaching the old child.
            restart_host_locked();
        }
        finish_search_locked(
            BestMove{fallback.is_ok() ? move_to_uci(root, fallback) : "(none)", std::nullopt});
    }
}

// Stockfish has answered: in analysis the bestmove waits for the position's products and the
// search's last lines (unless stopped); otherwise it is printed now.
void Session::finish_search_locked(BestMove best) {
    search_.engine_done = true;
    const bool hold = search_.analysis && !search_.stop_requested && search_.epoch == epoch_.id &&
                      (!epoch_.pending.empty() || search_.lines_job != 0);
    if (hold) {
        search_.held = std::move(best);
        return;
    }
    print_bestmove_locked(best);
}

void Session::print_bestmove_locked(const BestMove& best) {
    if (!search_.active) return;
    emit_locked(best);
    search_.active = false;
    search_.held.reset();
    search_cv_.notify_all();
    cancel_lines_locked();  // nothing of the search comes after its bestmove
    // In a game, what is not ready now would come after bestmove, lost to the GUI: cancel it.
    if (!search_.analysis) cancel_products_locked(search_.epoch);
}

void Session::stop() {
    Locked lock(*this);
    cancel_requests_locked("stop", true);
    cancel_products_locked(epoch_.id);  // releases a held bestmove
    if (!search_.active) return;
    search_.stop_requested = true;
    lock.unlock();
    if (host_) host_->stop();
}

void Session::ponderhit() {
    if (searching() && host_) host_->ponderhit();
}

std::optional<InputError> Session::new_game() {
    if (searching()) return InputError{"busy", "'ucinewgame' during a search is ignored", {}};
    may_infer_ = false;
    {
        Locked lock(*this);
        cancel_requests_locked("ucinewgame", true);
        cancel_products_locked(epoch_.id);
        epoch_.done.clear();
        epoch_.ready.clear();
    }
    join_restart();
    if (host_ && host_->running()) host_->send_raw("ucinewgame");
    return std::nullopt;
}

std::optional<InputError> Session::eval() {
    if (searching()) return InputError{"busy", "'eval' during a search is ignored", {}};
    if (!ensure_host()) return std::nullopt;  // the engine_start error is out already
    host_->send_raw("position fen " + current_.fen());
    host_->send_raw("eval");
    return std::nullopt;
}

bool Session::shutdown(std::chrono::milliseconds budget) {
    const auto deadline = std::chrono::steady_clock::now() + budget;
    {
        Locked lock(*this);
        cancel_requests_locked("quit", false);
        cancel_products_locked(epoch_.id);
        shutting_down_ = true;  // nothing is printed any more
    }
    engine_lane_->stop();
    model_lane_->stop();
    request_lane_->stop();
    lines_lane_->stop();
    // The GUI's Stockfish: killed rather than asked, so a hung or busy child costs nothing.
    // A restart on its way finishes first (the host is not to be used from two threads; a
    // restart is rare and Stockfish's handshake takes some 100 ms).
    join_restart();
    if (host_) host_->kill();
    bool ended = true;
    for (JobLane* lane :
         {engine_lane_.get(), model_lane_.get(), request_lane_.get(), lines_lane_.get()}) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        ended = lane->wait_stopped(std::max(left, std::chrono::milliseconds(0))) && ended;
    }
    if (ended) {
        // No analysis runs any more: its children are ended rather than asked to quit.
        if (backend_) backend_->analyzer->kill();
        backend_.reset();
        host_.reset();
    }
    return ended;
}

}  // namespace glossfish
