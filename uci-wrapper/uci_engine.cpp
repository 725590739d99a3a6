// UciEngine: the UCI command loop over EngineHost (the GUI's search) and the Analyzer pool
// (our labels), with every extra reported as `info string glossfish.<kind> <json>`.
#include "uci_engine.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <condition_variable>
#include <sstream>

#include "commentary.h"
#include "labeler.h"
#include "metrics.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "settings.h"
#include "tree_format.h"

namespace glossfish {

namespace {

std::vector<std::string> tokenize(std::string_view line) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace((unsigned char)line[i])) ++i;
        std::size_t j = i;
        while (j < line.size() && !std::isspace((unsigned char)line[j])) ++j;
        if (j > i) out.emplace_back(line.substr(i, j - i));
        i = j;
    }
    return out;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower((unsigned char)c));
    return out;
}

bool iequals(std::string_view a, std::string_view b) { return lower(a) == lower(b); }

std::optional<long long> parse_ll(std::string_view s) {
    long long v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

std::string option_line(const std::string& name, const std::string& type,
                        const std::optional<std::string>& def, std::optional<long long> min,
                        std::optional<long long> max, const std::vector<std::string>& vars) {
    std::string out = "option name " + name + " type " + type;
    if (type != "button") {
        std::string d = def.value_or("");
        out += " default " + (d.empty() && type == "string" ? std::string("<empty>") : d);
    }
    if (min) out += " min " + std::to_string(*min);
    if (max) out += " max " + std::to_string(*max);
    for (const auto& v : vars) out += " var " + v;
    return out;
}

}  // namespace

UciEngine::UciEngine(Writer writer) : writer_(std::move(writer)) {
    // Our options, declared once in engine/settings.cpp; help texts also in the README.
    for (const OptionSpec& o : option_table())
        own_.push_back(FrontOption{o.name, o.type, o.default_value, o.help, o.min, o.max, o.vars,
                                   o.default_value});
    label_worker_ = std::thread([this] { label_loop(); });
    job_worker_ = std::thread([this] { job_loop(); });
}

UciEngine::~UciEngine() {
    {
        std::lock_guard lock(job_mutex_);
        job_stop_ = true;
    }
    job_cv_.notify_all();
    job_worker_.join();
    {
        std::lock_guard lock(label_mutex_);
        label_stop_ = true;
    }
    label_cv_.notify_all();
    label_worker_.join();
    join_restart();
    if (host_) host_->quit();
}

void UciEngine::emit(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    writer_(line);
}

void UciEngine::emit_json(const std::string& kind, nlohmann::json j) {
    if (!j.contains("text")) j["text"] = kind;
    emit("info string glossfish." + kind + " " + j.dump());
}

void UciEngine::error(const std::string& code, const std::string& message) {
    emit_json("error", {{"code", code}, {"message", message}, {"text", message}});
}

FrontOption* UciEngine::own_option(std::string_view name) {
    for (auto& o : own_)
        if (iequals(o.name, name)) return &o;
    return nullptr;
}

const OptionDecl* UciEngine::child_option(std::string_view name) {
    for (const auto& o : child_options_)
        if (iequals(o.name, name)) return &o;
    return nullptr;
}

bool UciEngine::opt_check(std::string_view name) { return own_option(name)->value == "true"; }

long long UciEngine::opt_spin(std::string_view name) {
    return parse_ll(own_option(name)->value).value_or(0);
}

std::string UciEngine::opt_string(std::string_view name) { return own_option(name)->value; }

verifier::LlmConfig UciEngine::llm_config() {
    verifier::LlmConfig c = verifier::LlmConfig::from_env();
    if (std::string url = opt_string("Glossfish LLM URL"); !url.empty()) c.url = url;
    if (std::string model = opt_string("Glossfish LLM Model"); !model.empty()) c.model = model;
    return c;
}

Analyzer& UciEngine::analyzer() {
    std::lock_guard lock(analyzer_mutex_);
    if (!analyzer_) {
        Analyzer::Config c;
        c.workers = int(opt_spin("Glossfish Analysis Workers"));
        c.hash_mb = int(opt_spin("Glossfish Analysis Hash"));
        c.engine_path = opt_string("Stockfish Path");
        analyzer_ = std::make_unique<Analyzer>(c);
    }
    return *analyzer_;
}

void UciEngine::join_restart() {
    std::thread t;
    {
        std::lock_guard lock(search_mutex_);
        t = std::move(restart_thread_);
    }
    if (t.joinable()) t.join();
}

bool UciEngine::ensure_host() {
    join_restart();
    if (host_ && host_->running()) return true;
    if (!host_) {
        EngineHost::Config c;
        c.path = opt_string("Stockfish Path");
        host_ = std::make_unique<EngineHost>(c);
        host_->set_passthrough([this](const std::string& line) { emit(line); });
        // Issue 12 item 6: an option the host dropped on a restart (EngineHost::warn).
        host_->set_warning_handler([this](const EngineWarning& w) {
            emit_json("error", {{"code", w.code}, {"option", w.option}, {"value", w.value},
                                {"message", w.message}, {"text", w.message}});
        });
        for (const auto& [name, value] : child_values_) host_->set_option(name, value);
    }
    if (auto err = host_->start()) {
        host_error_ = *err;
        error("engine_start", *err);
        return false;
    }
    host_error_.reset();
    child_options_ = host_->options();
    return true;
}

void UciEngine::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handle(line)) return;
    handle("quit");
}

bool UciEngine::handle(std::string_view line) {
    auto tokens = tokenize(line);
    if (tokens.empty()) return true;
    const std::string cmd = tokens[0];
    // A restart after a failed search finishes before anything else touches the child.
    if (cmd != "isready" && cmd != "stop" && cmd != "ponderhit") join_restart();
    try {
        if (cmd == "uci") cmd_uci();
        else if (cmd == "isready") emit("readyok");
        else if (cmd == "setoption") cmd_setoption(tokens, line);
        else if (cmd == "position") cmd_position(tokens);
        else if (cmd == "go") cmd_go(tokens);
        else if (cmd == "stop") cmd_stop();
        else if (cmd == "ponderhit") cmd_ponderhit();
        else if (cmd == "ucinewgame") cmd_newgame();
        else if (cmd == "debug") debug_ = tokens.size() < 2 || tokens[1] != "off";
        else if (cmd == "register") {}  // no registration needed
        else if (cmd == "d") cmd_d();
        else if (cmd == "eval") cmd_eval();
        else if (cmd == "label") cmd_label(tokens);
        else if (cmd == "tool") cmd_tool(tokens, line);
        else if (cmd == "tree") cmd_tree(tokens);
        else if (cmd == "verify") cmd_verify(tokens, line);
        else if (cmd == "quit") {
            cmd_stop();
            if (host_) host_->wait_search_end(std::chrono::milliseconds(1000));
            return false;
        } else error("unknown_command", "unknown command '" + cmd + "'");
    } catch (const std::exception& e) {
        error("internal", std::string("'") + cmd + "' failed: " + e.what());
    }
    return true;
}

void UciEngine::cmd_uci() {
    bool ok = ensure_host();
    std::string child = ok ? host_->engine_name() : "";
    emit(std::string("id name glossfish ") + version() + (child.empty() ? "" : " (" + child + ")"));
    emit("id author the glossfish developers; search by the Stockfish developers");
    for (const auto& o : child_options_) {
        if (own_option(o.name)) continue;  // our name wins; names stay unique
        emit(option_line(o.name, o.type, o.default_value, o.min, o.max, o.vars));
    }
    for (const auto& o : own_) {
        std::optional<long long> mn, mx;
        if (o.type == "spin") mn = o.min, mx = o.max;
        emit(option_line(o.name, o.type, o.default_value, mn, mx, o.vars));
    }
    emit("uciok");
}

void UciEngine::cmd_setoption(const std::vector<std::string>& tokens, std::string_view line) {
    // setoption name <words> [value <rest of line>]
    if (tokens.size() < 3 || !iequals(tokens[1], "name")) {
        error("bad_setoption", "expected 'setoption name <name> [value <value>]'");
        return;
    }
    std::size_t value_at = tokens.size();
    for (std::size_t i = 3; i < tokens.size(); ++i)
        if (iequals(tokens[i], "value")) {
            value_at = i;
            break;
        }
    std::string name;
    for (std::size_t i = 2; i < value_at; ++i) name += (i > 2 ? " " : "") + tokens[i];
    std::string value;
    bool has_value = value_at < tokens.size();
    if (has_value) {
        // The value is the rest of the line after the "value" keyword, spaces kept.
        std::size_t pos = 0;  // offset of token number value_at in the line
        for (std::size_t t = 0;; ++t) {
            while (pos < line.size() && std::isspace((unsigned char)line[pos])) ++pos;
            if (t == value_at) break;
            while (pos < line.size() && !std::isspace((unsigned char)line[pos])) ++pos;
        }
        value = std::string(line.substr(pos + 5));
        auto b = value.find_first_not_of(" \t"), e = value.find_last_not_of(" \t\r\n");
        value = b == std::string::npos ? "" : value.substr(b, e - b + 1);
        if (value == "<empty>") value.clear();
    }

    auto validate = [&](const std::string& type, std::optional<long long> mn,
                        std::optional<long long> mx, const std::vector<std::string>& vars,
                        std::string& v) -> std::optional<std::string> {
        if (type == "button") return std::nullopt;
        if (!has_value && type != "string") return "option '" + name + "' needs a value";
        if (type == "check") {
            v = lower(v);
            if (v != "true" && v != "false") return "option '" + name + "' takes true or false, not '" + v + "'";
        } else if (type == "spin") {
            auto n = parse_ll(v);
            if (!n) return "option '" + name + "' takes a whole number, not '" + v + "'";
            if ((mn && *n < *mn) || (mx && *n > *mx))
                return "option '" + name + "' must be between " + std::to_string(mn.value_or(0)) +
                       " and " + std::to_string(mx.value_or(0)) + ", not " + v;
        } else if (type == "combo") {
            auto it = std::find_if(vars.begin(), vars.end(), [&](const std::string& x) { return iequals(x, v); });
            if (it == vars.end()) return "option '" + name + "' has no choice '" + v + "'";
            v = *it;
        }
        return std::nullopt;
    };

    if (FrontOption* o = own_option(name)) {
        std::optional<long long> mn, mx;
        if (o->type == "spin") mn = o->min, mx = o->max;
        if (auto err = validate(o->type, mn, mx, o->vars, value)) {
            error("bad_option_value", *err);
            return;
        }
        o->value = value;
        if (iequals(o->name, "Stockfish Path")) {
            if (search_active()) {
                error("busy", "the Stockfish path cannot change during a search");
                return;
            }
            if (host_) host_->quit();
            host_.reset();
            child_options_.clear();
            ensure_host();
        }
        if (o->name.rfind("Glossfish Analysis", 0) == 0 || iequals(o->name, "Stockfish Path")) {
            std::lock_guard lock(analyzer_mutex_);
            analyzer_.reset();  // rebuilt with the new settings on next use
        }
        return;
    }

    if (child_options_.empty()) ensure_host();
    const OptionDecl* decl = child_option(name);
    if (!decl) {
        error("unknown_option", "no option named '" + name + "'");
        return;
    }
    if (auto err = validate(decl->type, decl->min, decl->max, decl->vars, value)) {
        error("bad_option_value", *err);
        return;
    }
    if (iequals(decl->name, "UCI_Chess960")) {
        chess960_ = value == "true";
        root_.set_chess960(chess960_);
        current_.set_chess960(chess960_);
    } else if (iequals(decl->name, "UCI_AnalyseMode")) {
        analyse_mode_ = value == "true";
    } else if (iequals(decl->name, "MultiPV")) {
        multipv_ = int(parse_ll(value).value_or(1));
    }
    bool replaced = false;
    for (auto& [n, v] : child_values_)
        if (n == decl->name) v = value, replaced = true;
    if (!replaced && decl->type != "button") child_values_.emplace_back(decl->name, value);
    if (search_active()) {
        // Stockfish must not change options while it thinks: the child gets this one when
        // the search has ended, before the next `go`. Our own state (above) changes now.
        deferred_options_.emplace_back(decl->name, decl->type == "button" ? "" : value);
        return;
    }
    if (host_) host_->set_option(decl->name, decl->type == "button" ? "" : value);
}

void UciEngine::apply_deferred_options() {
    if (host_)
        for (const auto& [name, value] : deferred_options_) host_->set_option(name, value);
    deferred_options_.clear();
}

void UciEngine::cmd_position(const std::vector<std::string>& tokens) {
    std::size_t i = 1;
    std::string fen;
    if (i < tokens.size() && tokens[i] == "startpos") {
        fen = StartFen;
        ++i;
    } else if (i < tokens.size() && tokens[i] == "fen") {
        ++i;
        while (i < tokens.size() && tokens[i] != "moves") fen += (fen.empty() ? "" : " ") + tokens[i++];
    } else {
        error("bad_position", "expected 'position startpos' or 'position fen <FEN>'");
        return;
    }
    Position root;
    FenStatus status = root.set(fen, chess960_);
    if (!status.ok()) {
        nlohmann::json problems = nlohmann::json::array();
        for (const auto& p : status.problems) problems.push_back({{"code", fen_issue_code(p.issue)}, {"message", p.message}});
        emit_json("error", {{"code", "bad_fen"}, {"message", status.message()}, {"problems", problems},
                            {"text", status.message()}});
        return;
    }
    Position pos = root;
    std::vector<Move> moves;
    if (i < tokens.size()) {
        if (tokens[i] != "moves") {
            error("bad_position", "unexpected '" + tokens[i] + "' after the position");
            return;
        }
        for (++i; i < tokens.size(); ++i) {
            MoveParse mp = parse_uci(pos, tokens[i]);
            if (!mp.ok()) {
                error(mp.error == MoveError::Malformed ? "malformed_move" : "illegal_move",
                      "move " + std::to_string(moves.size() + 1) + " '" + tokens[i] + "': " + mp.message);
                return;
            }
            moves.push_back(mp.move);
            pos.do_move(mp.move);
        }
    }
    root_ = root;
    current_ = pos;
    moves_ = std::move(moves);
    root_text_ = fen == StartFen ? "startpos" : "fen " + root_.fen();
}

bool UciEngine::search_active() {
    std::lock_guard lock(search_mutex_);
    return search_active_;
}

void UciEngine::cmd_go(const std::vector<std::string>& tokens) {
    if (search_active()) {
        // After `stop` the bestmove may still be on its way: wait for it quietly.
        bool stopping;
        {
            std::lock_guard lock(search_mutex_);
            stopping = stop_requested_;
        }
        if (!stopping) error("busy", "'go' while a search is running: stopping it first");
        cmd_stop();
        std::unique_lock lock(search_mutex_);
        if (!search_cv_.wait_for(lock, std::chrono::milliseconds(1500), [&] { return !search_active_; })) {
            unsigned old = search_id_;
            lock.unlock();
            on_search_failure("the search engine did not stop", old);
        }
    }
    apply_deferred_options();
    static const char* Numeric[] = {"wtime", "btime", "winc", "binc", "movestogo", "depth",
                                    "nodes", "mate", "movetime", "perft"};
    std::string go = "go";
    bool infinite = false, ponder = false;
    std::optional<int> perft_depth;
    std::vector<Move> searchmoves;
    for (std::size_t i = 1; i < tokens.size(); ++i) {
        const std::string& t = tokens[i];
        if (t == "infinite") infinite = true, go += " infinite";
        else if (t == "ponder") ponder = true, go += " ponder";
        else if (t == "searchmoves") {
            while (i + 1 < tokens.size() &&
                   std::none_of(std::begin(Numeric), std::end(Numeric), [&](const char* k) { return tokens[i + 1] == k; }) &&
                   tokens[i + 1] != "infinite" && tokens[i + 1] != "ponder") {
                MoveParse mp = parse_uci(current_, tokens[++i]);
                if (mp.ok()) searchmoves.push_back(mp.move);
                else error("illegal_move", "searchmoves '" + tokens[i] + "': " + mp.message + " (ignored)");
            }
        } else if (std::any_of(std::begin(Numeric), std::end(Numeric), [&](const char* k) { return t == k; })) {
            auto n = i + 1 < tokens.size() ? parse_ll(tokens[i + 1]) : std::nullopt;
            bool may_be_negative = t == "wtime" || t == "btime" || t == "winc" || t == "binc";
            if (!n || (*n < 0 && !may_be_negative)) {
                error("bad_go", "'go " + t + "' needs a " + (may_be_negative ? "" : "non-negative ") +
                                    "number" + (i + 1 < tokens.size() ? ", not '" + tokens[i + 1] + "'" : "") + " (ignored)");
                if (n || (i + 1 < tokens.size() && !parse_ll(tokens[i + 1]))) ++i;
                continue;
            }
            ++i;
            if (t == "perft") perft_depth = int(std::min<long long>(*n, 12));
            else go += " " + t + " " + std::to_string(*n);
        } else {
            error("bad_go", "unknown 'go' parameter '" + t + "' (ignored)");
        }
    }

    if (perft_depth) {
        // Our own perft, printed like Stockfish's (no bestmove, as in Stockfish).
        Position pos = current_;
        std::uint64_t total = 0;
        for (auto [m, n] : perft_divide(pos, std::max(1, *perft_depth))) {
            emit(move_to_uci(current_, m) + ": " + std::to_string(n));
            total += n;
        }
        emit("");
        emit("Nodes searched: " + std::to_string(total));
        return;
    }
    if (!searchmoves.empty()) {
        go += " searchmoves";
        for (Move m : searchmoves) {
            go += ' ';
            go += move_to_uci(current_, m);
        }
    }

    MoveList legal(current_);
    if (legal.empty()) {
        emit(std::string("info depth 0 score ") + (current_.is_check() ? "mate 0" : "cp 0"));
        emit("bestmove (none)");
        return;
    }

    unsigned id;
    {
        std::lock_guard lock(search_mutex_);
        id = ++search_id_;
        search_active_ = true;
        stop_requested_ = false;
        search_analysis_ = infinite || analyse_mode_;
        search_root_ = current_;
        search_before_ = moves_.empty() ? current_ : before_last_move();
        search_move_ = moves_.empty() ? std::optional<Move>() : moves_.back();
        last_main_info_.reset();
        multipv_lines_.clear();
    }
    if (!ensure_host()) {  // engine_start was reported; no restart (issue 12 item 9)
        on_search_failure(host_error_.value_or("the search engine is not running"), id, false);
    } else {
        std::string position_line = "position " + root_text_;
        if (!moves_.empty()) {
            position_line += " moves";
            Position walk = root_;
            for (Move m : moves_) {
                position_line += " " + move_to_uci(walk, m);
                walk.do_move(m);
            }
        }
        SearchCallbacks cb;
        cb.on_info = [this, id](const SearchInfo& info) {
            if (info.string) {
                emit("info string " + *info.string);
                return;
            }
            emit(format_info(info));
            bool analysis;
            {
                std::lock_guard lock(search_mutex_);
                if (id != search_id_) return;
                if (info.multipv.value_or(1) == 1 && !info.pv.empty()) last_main_info_ = info;
                analysis = search_analysis_;
            }
            if (analysis && multipv_ > 1 && opt_check("Glossfish Quality")) on_multipv_info(info, id);
        };
        cb.on_bestmove = [this, id](const BestMove& b) {
            finish_search(id, "bestmove " + b.move + (b.ponder ? " ponder " + *b.ponder : ""));
        };
        cb.on_failure = [this, id](const std::string& reason) { on_search_failure(reason, id); };
        cb.on_other = [this](const std::string& line) {
            if (debug_) emit("info string child: " + line);
        };
        if (!host_->go(position_line, go, cb))
            on_search_failure("the search engine is not running", id);
    }

    bool label = opt_check("Glossfish Quality") && !moves_.empty() &&
                 ((infinite || analyse_mode_) || opt_check("Glossfish Quality In Games"));
    (void)ponder;
    if (label) {
        post_label(before_last_move(), moves_.back(), int(opt_spin("Glossfish Quality Depth")),
                   *parse_scheme(opt_string("Glossfish Quality Scheme")), "quality");
    }
}

// The position before the last move of `position ... moves`: current_ took that move last.
Position UciEngine::before_last_move() const {
    Position before = current_;
    before.undo_move(moves_.back());
    return before;
}

void UciEngine::finish_search(unsigned search_id, const std::string& bestmove_line) {
    Position root, before;
    std::optional<Move> move;
    {
        std::lock_guard lock(search_mutex_);
        if (!search_active_ || search_id != search_id_) return;
        emit(bestmove_line);  // before a new search can start
        search_active_ = false;
        root = search_root_;
        before = search_before_;
        move = search_move_;
    }
    search_cv_.notify_all();
    if (opt_check("Glossfish Tree")) {
        TreeOptions options;
        options.plies = int(opt_spin("Glossfish Tree Plies"));
        options.breadth = int(opt_spin("Glossfish Tree Breadth"));
        options.limits.depth = int(opt_spin("Glossfish Tree Depth"));
        options.reproducible = opt_check("Glossfish Reproducible");
        post_job([this, root, options] { emit_tree(root, options); });
    }
    if (std::string text = opt_string("Glossfish Commentary"); !text.empty()) post_verify(before, move, text, false);
    if (opt_check("Glossfish Comment") && move) post_comment(before, *move);
}

void UciEngine::on_search_failure(const std::string& reason, unsigned search_id, bool restart) {
    Position root;
    std::optional<SearchInfo> info;
    {
        std::lock_guard lock(search_mutex_);
        if (!search_active_ || search_id != search_id_) return;
        root = search_root_;
        info = last_main_info_;
    }
    // A legal move: the engine's last main line if it parses, else the first legal move.
    Move fallback = Move::none();
    if (info && !info->pv.empty()) {
        MoveParse mp = parse_uci(root, info->pv.front());
        if (mp.ok()) fallback = mp.move;
    }
    MoveList legal(root);
    if (!fallback.is_ok() && !legal.empty()) fallback = *legal.begin();
    if (restart)
        emit_json("error", {{"code", "engine_failed"},
                            {"message", reason},
                            {"text", "the search engine failed (" + reason + "); it is being restarted"}});
    finish_search(search_id, "bestmove " + (fallback.is_ok() ? move_to_uci(root, fallback) : std::string("(none)")));
    if (!restart) return;  // the engine could not start: the next command tries again
    std::lock_guard lock(search_mutex_);
    if (restart_thread_.joinable()) return;  // a restart is already on its way
    restart_thread_ = std::thread([this] {
        if (host_) {
            if (auto err = host_->start()) error("engine_start", *err);
        }
    });
}

void UciEngine::on_multipv_info(const SearchInfo& info, unsigned search_id) {
    if (!info.score || info.score->bound != Bound::Exact || info.pv.empty() || !info.multipv) return;
    std::vector<SearchInfo> complete;
    Position root;
    {
        std::lock_guard lock(search_mutex_);
        if (search_id != search_id_) return;
        if (*info.multipv == 1) multipv_lines_.clear();
        if (!multipv_lines_.empty() && multipv_lines_.front().depth != info.depth) multipv_lines_.clear();
        multipv_lines_.push_back(info);
        int legal = int(MoveList(search_root_).size());
        if (*info.multipv < std::min(multipv_, legal)) return;
        complete = multipv_lines_;
        root = search_root_;
    }
    if (complete.empty() || complete.front().multipv.value_or(0) != 1) return;
    double top = win_percent(*complete.front().score);
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& l : complete) {
        MoveParse mp = parse_uci(root, l.pv.front());
        if (!mp.ok()) continue;
        double loss = std::max(0.0, top - win_percent(*l.score));
        lines.push_back({{"multipv", *l.multipv}, {"san", move_to_san(root, mp.move)}, {"uci", l.pv.front()},
                         {"score", score_to_json(*l.score)}, {"wp_loss", std::round(loss * 10) / 10}});
    }
    emit_json("lines", {{"depth", complete.front().depth.value_or(0)}, {"lines", lines},
                        {"text", "win% lost by each line against line 1"}});
}

void UciEngine::cmd_stop() {
    {
        std::lock_guard lock(search_mutex_);
        if (!search_active_) return;
        stop_requested_ = true;
    }
    if (host_) host_->stop();
}

void UciEngine::cmd_ponderhit() {
    if (search_active() && host_) host_->ponderhit();
}

void UciEngine::cmd_newgame() {
    if (search_active()) {
        error("busy", "'ucinewgame' during a search is ignored");
        return;
    }
    if (host_ && host_->running()) host_->send_raw("ucinewgame");
}

void UciEngine::cmd_d() {
    std::ostringstream out;
    out << "\n +---+---+---+---+---+---+---+---+\n";
    for (int r = 7; r >= 0; --r) {
        for (int f = 0; f < 8; ++f) {
            Piece pc = current_.piece_at(make_square(f, r));
            out << " | " << (pc == NoPiece ? ' ' : " PNBRQK  pnbrqk"[pc]);
        }
        out << " | " << (r + 1) << "\n +---+---+---+---+---+---+---+---+\n";
    }
    out << "   a   b   c   d   e   f   g   h\n\nFen: " << current_.fen() << "\nKey: " << std::hex
        << std::uppercase << current_.key() << std::dec << "\nCheckers:";
    for (Bitboard b = current_.checkers(); b;) out << ' ' << square_name(pop_lsb(b));
    std::string line;
    std::istringstream lines(out.str());
    while (std::getline(lines, line)) emit(line);
}

void UciEngine::cmd_eval() {
    if (search_active()) {
        error("busy", "'eval' during a search is ignored");
        return;
    }
    if (!ensure_host()) return;
    std::string position_line = "position fen " + current_.fen();
    host_->send_raw(position_line);
    host_->send_raw("eval");
}

// label [move M] [depth D] [scheme S]: labels M from the current position, or the last
// move of the position when no move is given. Answers asynchronously.
void UciEngine::cmd_label(const std::vector<std::string>& tokens) {
    int depth = int(opt_spin("Glossfish Quality Depth"));
    QualityScheme scheme = *parse_scheme(opt_string("Glossfish Quality Scheme"));
    std::optional<std::string> move_text;
    for (std::size_t i = 1; i < tokens.size(); i += 2) {
        if (i + 1 >= tokens.size()) {
            error("bad_label", "'" + tokens[i] + "' needs a value");
            return;
        }
        const std::string& key = tokens[i];
        const std::string& v = tokens[i + 1];
        if (key == "move") move_text = v;
        else if (key == "depth") {
            auto n = parse_ll(v);
            if (!n || *n < 1 || *n > 60) {
                error("bad_label", "depth must be 1..60, not '" + v + "'");
                return;
            }
            depth = int(*n);
        } else if (key == "scheme") {
            auto s = parse_scheme(v);
            if (!s) {
                error("bad_label", "scheme must be lichess or act-eval, not '" + v + "'");
                return;
            }
            scheme = *s;
        } else {
            error("bad_label", "unknown label parameter '" + key + "'");
            return;
        }
    }
    if (move_text) {
        MoveParse mp = parse_san(current_, *move_text, SanMode::Lenient);
        if (!mp.ok()) {
            error(std::string(move_error_name(mp.error)) + "_move", "'" + *move_text + "': " + mp.message);
            return;
        }
        post_label(current_, mp.move, depth, scheme, "label");
    } else if (!moves_.empty()) {
        post_label(before_last_move(), moves_.back(), depth, scheme, "label");
    } else {
        error("bad_label", "the position has no last move; use 'label move <move>'");
    }
}

void UciEngine::post_label(const Position& before, Move move, int depth, QualityScheme scheme,
                           const std::string& kind) {
    {
        std::lock_guard lock(label_mutex_);
        label_job_ = LabelJob{before, move, depth, scheme, kind, opt_check("Glossfish Reproducible")};
    }
    label_cv_.notify_all();
}

// One worker labels moves on the Analyzer pool; only the newest request is kept, so stepping
// quickly through a game labels where the GUI is, not everywhere it has been.
void UciEngine::label_loop() {
    std::unique_lock lock(label_mutex_);
    while (true) {
        label_cv_.wait(lock, [&] { return label_stop_ || label_job_; });
        if (label_stop_) return;
        LabelJob job = std::move(*label_job_);
        label_job_.reset();
        lock.unlock();
        AnalysisLimits limits;
        limits.depth = job.depth;
        limits.reproducible = job.reproducible;
        MoveLabel label = label_move(analyzer(), job.before, job.move, limits, job.scheme);
        nlohmann::json j = label_to_json(label);
        emit_json(label.error.empty() ? job.kind : "error",
                  label.error.empty() ? j
                                      : nlohmann::json{{"code", "label_failed"}, {"message", label.error},
                                                       {"text", j["text"]}});
        lock.lock();
    }
}

void UciEngine::post_job(std::function<void()> job) {
    {
        std::lock_guard lock(job_mutex_);
        jobs_.push_back(std::move(job));
    }
    job_cv_.notify_all();
}

void UciEngine::job_loop() {
    std::unique_lock lock(job_mutex_);
    while (true) {
        job_cv_.wait(lock, [&] { return job_stop_ || !jobs_.empty(); });
        if (job_stop_) return;
        auto job = std::move(jobs_.front());
        jobs_.pop_front();
        lock.unlock();
        try {
            job();
        } catch (const std::exception& e) {
            error("internal", e.what());
        }
        lock.lock();
    }
}

// The verifier's tool suite on the analysis pool, made again when reproducible (Glossfish
// Reproducible, read when the job was posted) changed: its searches then start from a cleared
// hash. Job thread only.
verifier::ToolSuite& UciEngine::tools(bool reproducible) {
    if (!tools_ || tools_reproducible_ != reproducible) {
        AnalysisLimits limits;
        limits.reproducible = reproducible;
        tools_ = std::make_unique<verifier::ToolSuite>(&analyzer(), limits);
        tools_reproducible_ = reproducible;
    }
    return *tools_;
}

// tool NAME {json}: one tool of the verifier's suite; the answer comes as
// `info string glossfish.tool {"tool","result","text"}` once ready.
void UciEngine::cmd_tool(const std::vector<std::string>& tokens, std::string_view line) {
    if (tokens.size() < 2) {
        error("bad_tool", "expected 'tool NAME {json}'");
        return;
    }
    std::string name = tokens[1];
    std::size_t at = line.find(name, line.find("tool") + 4) + name.size();
    std::string args(line.substr(at));
    if (args.find_first_not_of(" \t\r\n") == std::string::npos) args = "{}";
    const bool reproducible = opt_check("Glossfish Reproducible");
    post_job([this, name, args, reproducible] {
        nlohmann::json result = tools(reproducible).call_text(name, args);
        bool failed = result.is_object() && result.contains("error");
        std::string text = failed ? name + " failed: " + result["error"].value("message", std::string())
                                  : name + " answered";
        emit_json("tool", {{"tool", name}, {"result", result}, {"text", text}});
    });
}

// tree [plies P] [breadth K] [depth D | nodes N]: the strategy tree of the current position.
void UciEngine::cmd_tree(const std::vector<std::string>& tokens) {
    TreeOptions options;
    options.plies = int(opt_spin("Glossfish Tree Plies"));
    options.breadth = int(opt_spin("Glossfish Tree Breadth"));
    options.limits.depth = int(opt_spin("Glossfish Tree Depth"));
    options.reproducible = opt_check("Glossfish Reproducible");
    for (std::size_t i = 1; i < tokens.size(); i += 2) {
        const std::string& key = tokens[i];
        // Every tree parameter is at least 1, so 0 stands for "missing or not a number".
        long long n = i + 1 < tokens.size() ? parse_ll(tokens[i + 1]).value_or(0) : 0;
        auto bad = [&](const std::string& range) {
            error("bad_tree", "'" + key + "' needs a number " + range +
                                  (i + 1 < tokens.size() ? ", not '" + tokens[i + 1] + "'" : ""));
        };
        if (key == "plies") {
            if (n < 1 || n > MaxTreePlies) return bad("1.." + std::to_string(MaxTreePlies));
            options.plies = int(n);
        } else if (key == "breadth") {
            if (n < 1 || n > MaxTreeBreadth) return bad("1.." + std::to_string(MaxTreeBreadth));
            options.breadth = int(n);
        } else if (key == "depth") {
            if (n < 1 || n > 60) return bad("1..60");
            options.limits = {};
            options.limits.depth = int(n);
        } else if (key == "nodes") {
            if (n < 1) return bad("above 0");
            options.limits = {};
            options.limits.nodes = std::uint64_t(n);
        } else {
            error("bad_tree", "unknown tree parameter '" + key + "'");
            return;
        }
    }
    Position root = current_;
    post_job([this, root, options] { emit_tree(root, options); });
}

void UciEngine::emit_tree(const Position& root, TreeOptions options) {
    StrategyTree tree = build_tree(analyzer(), root, options);
    nlohmann::ordered_json j = tree_to_info_json(tree);
    emit("info string glossfish.tree " + j.dump());
}

// verify {json} | verify text ...: claims about, or commentary on, the last move of the
// position (or the current position when it has no moves); answered on the job thread as
// `info string glossfish.verify {...}`.
void UciEngine::cmd_verify(const std::vector<std::string>& tokens, std::string_view line) {
    std::size_t at = line.find("verify") + 6;
    std::string rest(line.substr(at));
    auto first = rest.find_first_not_of(" \t\r\n");
    if (tokens.size() < 2 || first == std::string::npos) {
        error("bad_verify", "expected 'verify {json}' or 'verify text ...'");
        return;
    }
    rest = rest.substr(first);
    while (!rest.empty() && (rest.back() == '\r' || rest.back() == '\n')) rest.pop_back();
    bool text = tokens[1] == "text";
    if (text) {
        rest = rest.substr(4);
        auto b = rest.find_first_not_of(" \t");
        if (b == std::string::npos) {
            error("bad_verify", "'verify text' needs the commentary after it");
            return;
        }
        rest = rest.substr(b);
    } else if (rest.front() != '{' && rest.front() != '[') {
        error("bad_verify", "expected 'verify {json}' or 'verify text ...', not '" + tokens[1] + "'");
        return;
    }
    Position before = moves_.empty() ? current_ : before_last_move();
    std::optional<Move> move = moves_.empty() ? std::optional<Move>() : moves_.back();
    post_verify(before, move, rest, !text);
}

void UciEngine::post_verify(const Position& before, std::optional<Move> move, std::string input, bool claims) {
    const int depth = int(opt_spin("Glossfish Quality Depth"));
    const QualityScheme scheme = *parse_scheme(opt_string("Glossfish Quality Scheme"));
    const bool reproducible = opt_check("Glossfish Reproducible");
    post_job([this, before, move, input, claims, depth, scheme, reproducible] {
        verifier::ToolSuite& suite = tools(reproducible);
        verifier::VerifyOptions options;
        options.depth = depth;
        options.scheme = scheme;
        verifier::ClaimVerifier verifier(suite, options);
        std::string move_text = move ? move_to_uci(before, *move) : std::string();
        verifier::VerifyOutcome out = claims ? verifier::verify_claims(verifier, before, move_text, input)
                                             : verifier::verify_commentary(verifier, before, move_text, input);
        if (!out.ok()) {
            error("bad_verify", out.error);
            return;
        }
        nlohmann::json j = out.report;
        j["text"] = j["metrics"]["text"];
        emit_json("verify", j);
    });
}

// Glossfish Comment: the model comments on move with the tools on the job thread, the judge
// verifies it; `info string glossfish.comment {"move","verified","dropped"}`. Without an
// endpoint one glossfish.error line (the first time only) and no job.
void UciEngine::post_comment(const Position& before, Move move) {
    verifier::LlmConfig config = llm_config();
    if (!config.configured()) {
        if (!comment_error_reported_.exchange(true))
            error("no_llm_endpoint", std::string("Glossfish Comment: ") + verifier::NoLlmEndpointMessage);
        return;
    }
    // Bounded waits: a dead server must not hold the job thread (and quit) for long.
    config.timeout_s = std::min(config.timeout_s, 30.0);
    config.max_retries = std::min(config.max_retries, 1);
    verifier::VerifyOptions options;
    options.depth = int(opt_spin("Glossfish Quality Depth"));
    options.scheme = *parse_scheme(opt_string("Glossfish Quality Scheme"));
    const bool reproducible = opt_check("Glossfish Reproducible");
    post_job([this, before, move, config, options, reproducible] {
        verifier::ToolSuite& suite = tools(reproducible);
        verifier::LlmClient client(config);
        verifier::PromptLibrary prompts;
        verifier::CommentResult r =
            verifier::comment_on(client, prompts, suite, before, move_to_uci(before, move), options);
        if (!r.ok) {
            error("comment_failed", r.error);
            return;
        }
        emit_json("comment", verifier::comment_info(r));
    });
}

}  // namespace glossfish
