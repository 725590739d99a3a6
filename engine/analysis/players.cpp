// Solving players, the player spec grammar and the shared engine oracle.
#include "analysis/players.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <istream>
#include <ostream>
#include <set>
#include <sstream>

#include "host/go_and_wait.h"
#include "host/uci_protocol.h"
#include "io/text.h"
#include "io/utf8.h"
#include "rules/movegen.h"

namespace glossfish {

namespace {

// Shell-like words: blanks separate, quotes group, a backslash escapes one character.
std::optional<std::vector<std::string>> split_words(std::string_view text, std::string& error) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            if (c == quote) quote = 0;
            else if (c == '\\' && quote == '"' && i + 1 < text.size()) word += text[++i];
            else word += c;
        } else if (c == '\'' || c == '"') {
            quote = c;
            in_word = true;
        } else if (c == '\\') {
            if (i + 1 >= text.size()) {
                error = "a backslash ends the spec";
                return std::nullopt;
            }
            word += text[++i];
            in_word = true;
        } else if (std::isspace((unsigned char)c)) {
            if (in_word) words.push_back(std::move(word));
            word.clear();
            in_word = false;
        } else {
            word += c;
            in_word = true;
        }
    }
    if (quote) {
        error = std::string("unbalanced ") + quote + " quote";
        return std::nullopt;
    }
    if (in_word) words.push_back(std::move(word));
    return words;
}

bool needs_quotes(const std::string& s) {
    return s.empty() || std::any_of(s.begin(), s.end(), [](char c) {
               return std::isspace((unsigned char)c) || c == '\'' || c == '"' || c == '\\';
           });
}

std::string spec_quote(const std::string& s) {
    if (!needs_quotes(s)) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// Sets a @ limit; an error text on failure.
std::optional<std::string> set_limit(AnalysisLimits& limits, const std::string& name,
                                     const std::string& value) {
    const std::optional<long long> n = to_number<long long>(value);
    if (name == "@nodes") {
        if (!n || *n < 1 || *n > MaxSearchNodes) return range_error(name, 1, MaxSearchNodes, value);
        limits.nodes = std::uint64_t(*n);
    } else if (name == "@depth") {
        if (!n || *n < 1 || *n > MaxSearchDepth) return range_error(name, 1, MaxSearchDepth, value);
        limits.depth = int(*n);
    } else if (name == "@movetime") {
        if (!n || *n < 1 || *n > MaxSearchMovetimeMs)
            return range_error(name, 1, MaxSearchMovetimeMs, value);
        limits.movetime_ms = int(*n);
    } else {
        return "unknown limit '" + name + "' (known: @nodes, @depth, @movetime)";
    }
    return std::nullopt;
}

}  // namespace

MoveParse parse_player_move(const Position& pos, std::string_view text) {
    const std::string_view t = trim(text);
    if (t.empty()) {
        MoveParse empty;
        empty.error = MoveError::Malformed;
        empty.message = "empty move";
        return empty;
    }
    return parse_move_text(pos, t);
}

PlayerSpecParse parse_player_spec(std::string_view text) {
    PlayerSpecParse out;
    std::string error;
    const auto words = split_words(text, error);
    if (!words) {
        out.error = "bad player spec: " + error;
        return out;
    }
    if (words->empty()) {
        out.error = "bad player spec: empty";
        return out;
    }
    if (words->size() == 1 && (*words)[0] == "optimal") {
        out.spec.kind = PlayerSpec::Optimal;
        return out;
    }
    if (words->size() == 1 && (*words)[0] == "human") {
        out.spec.kind = PlayerSpec::Human;
        return out;
    }
    if (words->size() == 1 && ((*words)[0] == "random" || (*words)[0].rfind("random:", 0) == 0)) {
        out.spec.kind = PlayerSpec::Random;
        if ((*words)[0].size() > 6) {
            const std::string seed = (*words)[0].substr(7);
            const auto n = to_number<std::uint64_t>(seed);
            if (!n) {
                out.error =
                    "bad player spec: the seed of 'random:SEED' must be an integer "
                    "0..18446744073709551615, got " +
                    quote_input(seed);
                return out;
            }
            out.spec.seed = *n;
        }
        return out;
    }
    if ((*words)[0] == "optimal" || (*words)[0] == "human" || (*words)[0] == "random" ||
        (*words)[0].rfind("random:", 0) == 0) {
        out.error = "bad player spec: '" + (*words)[0] + "' takes no options";
        return out;
    }
    PlayerSpec& spec = out.spec;
    spec.kind = PlayerSpec::Engine;
    spec.engine.program = (*words)[0];
    if (spec.engine.program.empty()) {
        out.error = "bad player spec: empty program name";
        return out;
    }
    std::string text_out = spec_quote(spec.engine.program);
    std::set<std::string> seen;
    std::string pending;  // words without '=' waiting for the rest of their option name
    for (std::size_t i = 1; i < words->size(); ++i) {
        const std::string& w = (*words)[i];
        const std::size_t eq = w.find('=');
        if (eq == std::string::npos) {
            pending += (pending.empty() ? "" : " ") + w;
            continue;
        }
        std::string name = pending + (pending.empty() ? "" : " ") + w.substr(0, eq);
        const std::string value = w.substr(eq + 1);
        pending.clear();
        name = std::string(trim(name));
        if (name.empty()) {
            out.error = "bad player spec: option '" + w + "' has no name";
            return out;
        }
        if (!seen.insert(lower(name)).second) {
            out.error = "bad player spec: option '" + name + "' given twice";
            return out;
        }
        if (name.front() == '@') {
            if (auto err = set_limit(spec.engine.limits, name, value)) {
                out.error = "bad player spec: " + *err;
                return out;
            }
        } else {
            spec.engine.options.emplace_back(name, value);
        }
        // The name stays readable ("Skill Level=0") unless it needs quoting to read back.
        const bool plain = name.find("  ") == std::string::npos &&
                           std::none_of(name.begin(), name.end(), [](char c) {
                               return c == '\'' || c == '"' || c == '\\' ||
                                      (c != ' ' && std::isspace((unsigned char)c));
                           });
        text_out += " " + (plain ? name + "=" + spec_quote(value) : spec_quote(name + "=" + value));
    }
    if (!pending.empty()) {
        out.error = "bad player spec: '" + pending +
                    "' is not an option NAME=VALUE (engine arguments are not supported)";
        return out;
    }
    spec.engine.text = text_out;
    return out;
}

// ---- EngineOracle ----

EngineOracle::EngineOracle(Analyzer& analyzer, AnalysisLimits limits)
    : analyzer_(analyzer), limits_(std::move(limits)) {
    if (limits_.empty()) limits_.depth = DefaultAnalysisDepth;
}

AnalysisResult EngineOracle::analyse(const Position& pos, int multipv) {
    const std::string key = pos.fen() + (pos.chess960() ? "|960|" : "|") + std::to_string(multipv);
    {
        MutexLock lock(mutex_);
        if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    }
    AnalysisResult r = analyzer_.analyse(pos, limits_, multipv, {}, -1, /*clear_hash=*/true);
    MutexLock lock(mutex_);
    ++searches_;
    if (r.ok()) memo_.emplace(key, r);
    return r;
}

int EngineOracle::searches() const {
    MutexLock lock(mutex_);
    return searches_;
}

// ---- OptimalPlayer ----

PlayerReply OptimalPlayer::choose_move(const PlayerRequest& request) {
    Position pos;
    if (!pos.set(request.fen, request.chess960).ok()) return PlayerReply::fail("invalid FEN");
    AnalysisResult r = oracle_.analyse(pos, 1);
    if (!r.ok()) return PlayerReply::fail("engine: " + r.error);
    if (!r.best.is_ok()) return PlayerReply::fail("no legal move");
    return PlayerReply::of(move_to_uci(pos, r.best));
}

// ---- RandomPlayer ----

namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// FNV-1a over text, continuing from h.
std::uint64_t fnv1a(std::uint64_t h, std::string_view text) {
    for (unsigned char c : text) h = (h ^ c) * 0x100000001B3ULL;
    return (h ^ 0xFF) * 0x100000001B3ULL;  // a separator, so "ab","c" differs from "a","bc"
}

}  // namespace

std::uint64_t uniform_below(std::uint64_t& state, std::uint64_t n) {
    // Values at or above the largest multiple of n are drawn again.
    const std::uint64_t limit = n == 0 ? 0 : UINT64_MAX - UINT64_MAX % n;
    for (;;) {
        const std::uint64_t x = splitmix64(state);
        if (x < limit || limit == 0) return n == 0 ? 0 : x % n;
    }
}

std::string RandomPlayer::name() const {
    return seed_ == DefaultRandomSeed ? "random" : "random:" + std::to_string(seed_);
}

std::optional<std::string> RandomPlayer::begin_puzzle(const PlayerRequest&, int run) {
    run_ = run;
    return std::nullopt;
}

PlayerReply RandomPlayer::choose_move(const PlayerRequest& request) {
    Position pos;
    if (!pos.set(request.fen, request.chess960).ok()) return PlayerReply::fail("invalid FEN");
    std::vector<std::string> moves;
    for (Move m : MoveList(pos)) moves.push_back(move_to_uci(pos, m));
    if (moves.empty()) return PlayerReply::fail("no legal move");
    std::sort(moves.begin(), moves.end());
    std::uint64_t state = fnv1a(0xCBF29CE484222325ULL, std::to_string(seed_));
    state = fnv1a(state, std::to_string(run_));
    state = fnv1a(state, request.start_fen);
    for (const std::string& m : request.history_uci) state = fnv1a(state, m);
    state = fnv1a(state, std::to_string(request.attempt));
    return PlayerReply::of(moves[uniform_below(state, moves.size())]);
}

// ---- UciEnginePlayer ----

std::optional<std::string> check_engine_option(const std::vector<OptionDecl>& declared,
                                               const std::string& name, const std::string& value,
                                               const OptionDecl** found) {
    auto it = std::find_if(declared.begin(), declared.end(),
                           [&](const OptionDecl& d) { return iequals(d.name, name); });
    if (it == declared.end()) return "no option '" + name + "'";
    if (found) *found = &*it;
    std::string checked = value;  // the check shared with our own options (settings.h)
    return check_option_value(*it, checked);
}

UciEnginePlayer::UciEnginePlayer(EngineSpec spec, AnalysisLimits default_limits)
    : spec_(std::move(spec)), limits_(spec_.limits.empty() ? default_limits : spec_.limits) {
    if (limits_.empty()) limits_.depth = DefaultAnalysisDepth;
    limits_.reproducible = default_limits.reproducible;
}

UciEnginePlayer::~UciEnginePlayer() {
    if (host_) host_->quit();
}

std::optional<std::string> UciEnginePlayer::start() {
    EngineHost::Config config;
    // "stockfish" means the same Stockfish the analysis uses ($GLOSSFISH_STOCKFISH, PATH,
    // /usr/games/stockfish); anything else is a path or a name on PATH.
    config.path = spec_.program == "stockfish" ? resolve_stockfish_path("") : spec_.program;
    host_ = std::make_unique<EngineHost>(config);
    if (auto err = host_->start()) return *err;
    const std::vector<OptionDecl> declared = host_->options();
    for (const auto& [name, value] : spec_.options) {
        const OptionDecl* d = nullptr;
        if (auto err = check_engine_option(declared, name, value, &d))
            return "the engine '" + spec_.program + "': " + *err;
        std::string canonical = value;  // "TRUE" -> "true", a combo choice as declared
        check_option_value(*d, canonical);
        host_->set_option(d->name, canonical);
    }
    if (!host_->sync(std::chrono::milliseconds(5000)))
        return "the engine '" + spec_.program + "' did not answer after its options were set";
    started_ = true;
    return std::nullopt;
}

std::optional<std::string> UciEnginePlayer::begin_puzzle(const PlayerRequest& start, int run) {
    (void)start, (void)run;
    if (!started_ || !host_->running()) {
        if (auto err = this->start()) return err;
    }
    host_->send_raw("ucinewgame");
    if (!host_->sync(std::chrono::milliseconds(5000)))
        return "the engine '" + spec_.program + "' did not answer after ucinewgame";
    return std::nullopt;
}

PlayerReply UciEnginePlayer::choose_move(const PlayerRequest& request) {
    if (!started_ || !host_->running()) {
        if (auto err = start()) return PlayerReply::fail(*err);
    }
    if (request.chess960) host_->set_option("UCI_Chess960", "true");
    if (limits_.reproducible) {
        // Every move from a cleared hash: the reply depends on the position only.
        host_->send_raw("ucinewgame");
        if (!host_->sync(std::chrono::milliseconds(5000)))
            return PlayerReply::fail("the engine '" + spec_.program +
                                     "' did not answer after ucinewgame");
    }
    std::string position = "position fen " + request.start_fen;
    if (!request.history_uci.empty()) {
        position += " moves";
        for (const std::string& m : request.history_uci) position += " " + m;
    }
    const SearchEnd end = go_and_wait(*host_, position, "go " + limits_.go_args());
    if (!end.started) {
        started_ = false;
        return PlayerReply::fail("the engine '" + spec_.program + "' is not running");
    }
    host_->wait_search_end(std::chrono::milliseconds(1000));
    if (!end.failure.empty()) {
        started_ = false;
        return PlayerReply::fail("engine: " + end.failure);
    }
    const std::string best = end.best ? end.best->move : std::string();
    if (best.empty() || best == "(none)" || best == "0000")
        return PlayerReply::fail("the engine returned no move");
    return PlayerReply::of(best);
}

// ---- HumanPlayer ----

std::string board_text(const Position& pos, Color bottom) {
    std::string out;
    for (int row = 0; row < 8; ++row) {
        const int rank = bottom == White ? 7 - row : row;
        out += char('1' + rank);
        out += ' ';
        for (int col = 0; col < 8; ++col) {
            const int file = bottom == White ? col : 7 - col;
            const Piece pc = pos.piece_at(make_square(file, rank));
            out += ' ';
            if (pc == NoPiece) {
                out += '.';
            } else {
                const char c = "?pnbrqk"[type_of(pc)];
                out += color_of(pc) == White ? char(std::toupper((unsigned char)c)) : c;
            }
        }
        out += '\n';
    }
    out += "  ";
    for (int col = 0; col < 8; ++col) {
        out += ' ';
        out += char('a' + (bottom == White ? col : 7 - col));
    }
    out += '\n';
    return out;
}

std::string numbered_line(const std::string& start_fen, const std::vector<std::string>& san) {
    Position pos;
    int number = 1;
    Color side = White;
    if (pos.set(start_fen).ok()) {
        number = pos.fullmove_number();
        side = pos.side_to_move();
    }
    std::string out;
    for (std::size_t i = 0; i < san.size(); ++i) {
        if (!out.empty()) out += ' ';
        if (side == White) out += std::to_string(number) + ". ";
        else if (i == 0) out += std::to_string(number) + "... ";
        out += san[i];
        if (side == Black) ++number;
        side = ~side;
    }
    return out;
}

PlayerReply HumanPlayer::choose_move(const PlayerRequest& request) {
    Position pos;
    if (!pos.set(request.fen, request.chess960).ok()) return PlayerReply::fail("invalid FEN");
    out_ << "\n" << board_text(pos, request.solver);
    out_ << "You play " << (request.solver == White ? "White" : "Black") << ".";
    if (!request.history_san.empty())
        out_ << " Line so far: " << numbered_line(request.start_fen, request.history_san);
    out_ << "\n";
    if (!request.guide.description.empty()) out_ << "Guide: " << request.guide.description << "\n";
    if (!request.guide.tree.is_null()) out_ << "Tree: " << request.guide.tree.dump() << "\n";
    if (!request.guide.concepts.empty()) {
        out_ << "Concepts:";
        for (const std::string& c : request.guide.concepts) out_ << ' ' << c;
        out_ << "\n";
    }
    for (;;) {
        out_ << "Your move (SAN or UCI, 'resign' to give up): " << std::flush;
        std::string line;
        if (!std::getline(in_, line)) {
            out_ << "\n";
            return PlayerReply::fail("end of input");
        }
        const std::string_view t = trim(line);
        if (t.empty()) continue;
        if (lower(t) == "resign") return PlayerReply::fail("resigned");
        MoveParse mp = parse_player_move(pos, t);
        if (mp.ok()) return PlayerReply::of(std::string(t));
        out_ << "'" << t << "': " << mp.message << "; try again.\n";
    }
}

void HumanPlayer::on_illegal(const PlayerRequest& request, const std::string& move,
                             const std::string& reason) {
    (void)request;
    out_ << "'" << move << "' is not playable: " << reason << "\n";
}

}  // namespace glossfish
