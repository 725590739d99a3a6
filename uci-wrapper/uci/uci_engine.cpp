// UciEngine: UCI text to Session calls and Session events to UCI text; glossfish's own output
// is `info string glossfish.<kind> <json>`.
#include "uci/uci_engine.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <fstream>
#include <sstream>

#include "host/open_url.h"
#include "io/text.h"
#include "rules/notation.h"
#include "service/session_provider.h"

namespace glossfish {

namespace {

std::string option_line(const OptionDecl& o) {
    std::string out = "option name " + o.name + " type " + o.type;
    if (o.type != "button") {
        std::string d = o.default_value.value_or("");
        out += " default " + (d.empty() && o.type == "string" ? std::string("<empty>") : d);
    }
    if (o.min) out += " min " + std::to_string(*o.min);
    if (o.max) out += " max " + std::to_string(*o.max);
    for (const auto& v : o.vars) out += " var " + v;
    return out;
}

// The rest of line after its first `skip` words, without the spaces around it.
std::string rest_after_words(std::string_view line, const std::vector<std::string_view>& words,
                             std::size_t skip) {
    if (words.size() <= skip) return {};
    std::string_view rest = line.substr(std::size_t(words[skip].data() - line.data()));
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r' ||
                             rest.back() == '\n'))
        rest.remove_suffix(1);
    return std::string(rest);
}

}  // namespace

std::string readable_line(ProductKind kind, const nlohmann::ordered_json& j) {
    const std::string name = product_kind_name(kind);
    std::string text;
    if (const auto it = j.find("text"); it != j.end() && it->is_string()) text = *it;
    // One line: a GUI shows the last line it got, so nothing may break it.
    for (char& c : text)
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    // "opening: C40 …" under "glossfish opening:" says the kind twice.
    if (text.rfind(name + ": ", 0) == 0) text.erase(0, name.size() + 2);
    const bool label = kind == ProductKind::Quality || kind == ProductKind::Label;
    std::string line = label ? "glossfish: " : "glossfish " + name + ": ";
    line += text;
    if ((label || kind == ProductKind::Lines) && j.contains("depth") &&
        j["depth"].is_number_integer()) {
        const std::string d = "d" + std::to_string(j["depth"].get<int>());
        line += j.value("quick", false) ? " (first look, " + d + ")" : " (" + d + ")";
    }
    return line;
}

InfoFormat auto_info_format(std::string_view parent_name) {
    const std::string name = lower(parent_name);
    auto starts = [&](std::string_view p) { return name.rfind(p, 0) == 0; };
    for (std::string_view gui :
         {"polyglot", "xboard", "scid", "tkscid", "chessx", "pychess", "cutechess"})
        if (starts(gui)) return InfoFormat::Text;
    if (starts("python") || starts("node")) return InfoFormat::Json;
    return InfoFormat::Both;
}

std::string parent_process_name() {
    std::ifstream in("/proc/" + std::to_string(::getppid()) + "/comm");
    std::string name;
    std::getline(in, name);
    return name;
}

std::optional<std::string> ReadableLines::line(ProductKind kind, const nlohmann::ordered_json& j) {
    std::string line = readable_line(kind, j);
    const std::string fen = j.value("fen", std::string());
    if (kind == ProductKind::Quality || kind == ProductKind::Label) {
        std::string move;
        if (const auto m = j.find("move"); m != j.end() && m->is_object())
            move = m->value("uci", std::string());
        const std::string key = std::string(product_kind_name(kind)) + " " + fen + " " + move;
        const std::string verdict = j.value("label", std::string());
        if (j.value("quick", false)) {
            first_look_[fen + " " + move] = verdict;
        } else if (const auto f = first_look_.find(fen + " " + move);
                   f != first_look_.end() && !verdict.empty() && f->second != verdict &&
                   !line.empty() && line.back() == ')') {
            line.insert(line.size() - 1, ", first look said " + f->second);
        }
        // The sentence, and whether it is a first look: the full label that confirms the quick
        // one is said once (it is the verdict to trust), its repeats never.
        const std::string text =
            j.value("text", std::string()) + (j.value("quick", false) ? " (first look)" : "");
        if (said_[key] == text) return std::nullopt;
        said_[key] = text;
    } else if (kind == ProductKind::Lines) {
        // The set of moves shown and the best of them; the figures alone changing, or two
        // near-equal moves trading places, is no news.
        if (j.value("depth", 0) < LinesFromDepth) return std::nullopt;
        std::vector<std::string> moves;
        std::map<std::string, double> loss;
        if (const auto ls = j.find("lines"); ls != j.end() && ls->is_array())
            for (const auto& l : *ls) {
                if (!l.is_object()) continue;
                const std::string uci = l.value("uci", std::string());
                moves.push_back(uci);
                if (const auto w = l.find("wp_loss"); w != l.end() && w->is_number())
                    loss[uci] = w->get<double>();
            }
        if (moves.empty()) return std::nullopt;
        const std::string best = moves.front();
        std::sort(moves.begin(), moves.end());
        std::string set;
        for (const std::string& m : moves) set += m + " ";
        // Said before: "<set>|<best>".
        const std::string key = "lines " + fen;
        if (const auto it = said_.find(key); it != said_.end()) {
            const std::size_t bar = it->second.rfind('|');
            const std::string said_set = it->second.substr(0, bar);
            const std::string said_best = it->second.substr(bar + 1);
            const auto l = loss.find(said_best);
            const bool best_fell =
                said_best != best && l != loss.end() && l->second >= LinesNewsLoss;
            if (said_set == set && !best_fell) return std::nullopt;
        }
        said_[key] = set + "|" + best;
    } else if (kind == ProductKind::Opening) {
        if (line == opening_) return std::nullopt;
        opening_ = line;
    }
    // A long session does not keep every position it saw.
    if (said_.size() > 4096) said_.clear();
    if (first_look_.size() > 4096) first_look_.clear();
    return line;
}

void ReadableLines::new_search() { said_.clear(); }

UciEngine::UciEngine(Writer writer)
    : writer_(std::move(writer)),
      session_([this](const SessionEvent& e) { write_event(e); }, verifier::session_provider()) {}

void UciEngine::write(const std::string& line) {
    MutexLock lock(out_mutex_);
    writer_(line);
}

void UciEngine::write_event(const SessionEvent& event) {
    live_feed_->event(event);  // a copy at most; returns at once when the page is off
    if (const auto* info = std::get_if<SearchInfo>(&event)) {
        write(info->string ? "info string " + *info->string : format_info(*info));
    } else if (const auto* best = std::get_if<BestMove>(&event)) {
        write("bestmove " + best->move + (best->ponder ? " ponder " + *best->ponder : ""));
    } else if (const auto* p = std::get_if<Product>(&event)) {
        nlohmann::ordered_json j = p->json;
        const std::string kind = product_kind_name(p->kind);
        if (!j.contains("text")) j["text"] = kind;
        const InfoFormat format = info_format_.load();
        // Every input was checked for UTF-8; replace keeps a stray byte from ending the loop.
        if (format != InfoFormat::Text)
            write("info string glossfish." + kind + " " +
                  j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
        if (format != InfoFormat::Json) {
            std::optional<std::string> line;
            {
                MutexLock lock(said_mutex_);
                line = said_.line(p->kind, j);
            }
            if (line) write("info string " + *line);
        }
    } else if (const auto* t = std::get_if<TextLine>(&event)) {
        write(t->text);
    }
}

void UciEngine::error(const InputError& e) {
    nlohmann::ordered_json j = {{"code", e.code}, {"message", e.message}};
    for (const auto& [key, value] : e.extra.items()) j[key] = value;
    if (!j.contains("text")) j["text"] = e.message;
    write_event(Product{ProductKind::Error, j});
}

void UciEngine::error(const std::string& code, const std::string& message) {
    error(InputError{code, message, {}});
}

bool UciEngine::run(int fd) {
    // Lines are read in blocks; a line over MaxUciLineBytes is skipped to its end (memory
    // stays bounded) and reported with its first bytes only.
    std::string line;
    std::size_t overlong = 0;  // bytes of the line being skipped, 0: none
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        for (std::string_view chunk(buffer, std::size_t(n)); !chunk.empty();) {
            const std::size_t nl = chunk.find('\n');
            const std::string_view part = chunk.substr(0, nl);
            chunk = nl == std::string_view::npos ? std::string_view() : chunk.substr(nl + 1);
            if (overlong) overlong += part.size();
            else if (line.size() + part.size() > MaxUciLineBytes) {
                overlong = line.size() + part.size();
                line.append(part.substr(0, std::min(part.size(), QuoteBytes)));
                line.resize(std::min(line.size(), QuoteBytes));
            } else line.append(part);
            if (nl == std::string_view::npos) break;
            if (overlong) {
                reject(line, line_too_long(line, overlong));
                overlong = 0;
            } else if (!handle(line)) {
                return quit();
            }
            line.clear();
        }
    }
    if (!overlong && !line.empty() && !handle(line)) return quit();
    return quit();
}

// A line refused before it was read (bad UTF-8, too long): the error; when it was a `go`, the
// search the GUI waits for still ends in a bestmove, as for a go with bad parameters.
void UciEngine::reject(std::string_view line, const InputError& e) {
    const auto words = split_words(line);
    if (words.empty() || words[0] != "go") {
        error(e);
        return;
    }
    const bool ponder = std::find(words.begin() + 1, words.end(), "ponder") != words.end();
    session_.go_rejected(e, ponder);
}

// 120 ms for the lanes to stop leaves the rest of the 200 ms of `quit` for the exit itself on a
// loaded machine.
bool UciEngine::quit() {
    // The page goes first (its address file with it); an open browser does not hold up `quit`.
    if (live_server_) live_server_->stop(std::chrono::milliseconds(30));
    return session_.shutdown(std::chrono::milliseconds(120));
}

// Starts or stops the live page after `Glossfish Live Page` changed; its address goes out as
// `info string glossfish.live {"url","text"}`.
void UciEngine::update_live_page() {
    const bool on = session_.settings().live_page;
    if (on == bool(live_server_)) return;
    if (!on) {
        live_server_->stop();
        live_server_.reset();
        live_feed_->set_enabled(false);
        return;
    }
    live_feed_->set_enabled(true);
    auto server = std::make_unique<live::LiveServer>(live_feed_);
    if (auto err = server->start()) {
        if (server->port() <= 0) {
            live_feed_->set_enabled(false);
            return error("live_page", *err);
        }
        error("live_page", *err);  // it serves, only its address file is missing
    }
    live_server_ = std::move(server);
    say_live_address();
    open_pending_ = !opened_;
    announce_pending_ = true;
}

// `info string glossfish.live {"url","text"}`: where the page is.
void UciEngine::say_live_address() {
    const std::string url = live_server_->url();
    write_event(Product{ProductKind::Live, {{"url", url}, {"text", "live page at " + url}}});
}

// The browser, once per engine start, when `Glossfish Live Open` is on and a display is there.
void UciEngine::open_live_page() {
    open_pending_ = false;
    if (!live_server_ || !session_.settings().live_open || !display_found()) return;
    opened_ = true;
    const std::string url = live_server_->url();
    if (auto err = open_url(url)) return error("live_open", *err);
    write_event(Product{
        ProductKind::Live,
        {{"url", url}, {"opened", true}, {"text", "live page opened in the browser: " + url}}});
}

bool UciEngine::handle(std::string_view line) {
    if (auto bad = check_utf8(line)) {
        reject(line, *bad);
        return true;
    }
    const auto words = split_words(line);
    if (words.empty()) return true;
    const std::string cmd(words[0]);
    try {
        if (open_pending_ && cmd != "setoption") open_live_page();
        if (cmd == "uci") cmd_uci();
        else if (cmd == "isready") write("readyok");
        else if (cmd == "setoption") {
            SetOptionParse p = parse_setoption(line);
            if (p.error) error(*p.error);
            else {
                report(session_.set_option(p.command.name, p.command.value, p.command.has_value));
                const InfoFormat f = session_.settings().info_format;
                info_format_.store(f == InfoFormat::Auto ? auto_format_ : f);
                update_live_page();
            }
        } else if (cmd == "position") {
            PositionParse p = parse_position_command(words);
            auto e = p.error ? p.error : session_.set_position(p.command);
            if (!e && live_feed_->enabled()) {
                // The Session's game: a move inferred between FEN-only positions included.
                const std::vector<std::string> moves = session_.game_moves_uci();
                const std::vector<std::string_view> views(moves.begin(), moves.end());
                live_feed_->position(session_.game_root().fen(), views, session_.position().fen());
            }
            report(e);
        } else if (cmd == "go") {
            if (std::find(words.begin(), words.end(), "perft") == words.end()) live_feed_->go();
            cmd_go(words);
        } else if (cmd == "stop") session_.stop();
        else if (cmd == "ponderhit") session_.ponderhit();
        else if (cmd == "ucinewgame") {
            live_feed_->new_game();
            report(session_.new_game());
        } else if (cmd == "debug") session_.set_debug(words.size() < 2 || words[1] != "off");
        else if (cmd == "register") {
        }  // no registration needed
        else if (cmd == "d")
            cmd_d();
        else if (cmd == "eval") report(session_.eval());
        else if (cmd == "label") cmd_label(words);
        else if (cmd == "tool") cmd_tool(words, line);
        else if (cmd == "tree") cmd_tree(words);
        else if (cmd == "verbalize") cmd_verbalize(words, line);
        else if (cmd == "verify") cmd_verify(words, line);
        else if (cmd == "quit") return false;
        else error("unknown_command", "unknown command " + quote_input(cmd));
    } catch (const std::exception& e) {
        error("internal", quote_input(cmd) + " failed: " + e.what());
    }
    return true;
}

void UciEngine::cmd_uci() {
    const bool ok = session_.start_engine();
    const std::string child = ok ? session_.engine_name() : "";
    write(std::string("id name glossfish ") + version() +
          (child.empty() ? "" : " (" + child + ")"));
    write("id author the glossfish developers; search by the Stockfish developers");
    for (const OptionDecl& o : session_.options()) write(option_line(o));
    write("uciok");
}

void UciEngine::cmd_go(const std::vector<std::string_view>& words) {
    {
        MutexLock lock(said_mutex_);
        said_.new_search();
    }
    GoParse p = parse_go(session_.position(), words);
    if (p.error) return session_.go_rejected(*p.error, p.params.ponder);
    // Before the search: a line after its bestmove is lost to most GUIs.
    if (announce_pending_ && live_server_) say_live_address();
    announce_pending_ = false;
    report(session_.go(p.params));
}

void UciEngine::cmd_d() {
    const Position pos = session_.position();
    std::ostringstream out;
    out << "\n +---+---+---+---+---+---+---+---+\n";
    for (int r = 7; r >= 0; --r) {
        for (int f = 0; f < 8; ++f) {
            Piece pc = pos.piece_at(make_square(f, r));
            out << " | " << (pc == NoPiece ? ' ' : " PNBRQK  pnbrqk"[pc]);
        }
        out << " | " << (r + 1) << "\n +---+---+---+---+---+---+---+---+\n";
    }
    out << "   a   b   c   d   e   f   g   h\n\nFen: " << pos.fen() << "\nKey: " << std::hex
        << std::uppercase << pos.key() << std::dec << "\nCheckers:";
    for (Bitboard b = pos.checkers(); b;) out << ' ' << square_name(pop_lsb(b));
    std::string text;
    std::istringstream lines(out.str());
    while (std::getline(lines, text)) write(text);
}

namespace {

// Reads `NAME VALUE` pairs after the command word into settings: each NAME is one of params
// (the setting it sets, checked by the settings table) or, for `label`, `move`. The first bad
// pair gives the error text.
std::optional<std::string> read_params(
    const std::vector<std::string_view>& words,
    std::initializer_list<std::pair<std::string_view, SettingField>> params, Settings& settings,
    std::optional<std::string>* move = nullptr) {
    for (std::size_t i = 1; i < words.size(); i += 2) {
        const std::string_view key = words[i];
        if (i + 1 >= words.size()) return quote_input(key) + " needs a value";
        std::string value(words[i + 1]);
        if (move && key == "move") {
            *move = value;
            continue;
        }
        auto it = std::find_if(params.begin(), params.end(),
                               [&](const auto& p) { return p.first == key; });
        if (it == params.end()) {
            std::string known = move ? "move" : "";
            for (const auto& p : params)
                known += (known.empty() ? "" : ", ") + std::string(p.first);
            return "unknown parameter " + quote_input(key) + " (known: " + known + ")";
        }
        const SettingSpec& spec = setting_of(it->second);
        if (auto err = check_setting(spec, quote_input(key), value)) return err;
        set_setting(settings, spec, value);
    }
    return std::nullopt;
}

}  // namespace

// label [move M] [depth D] [scheme S]
void UciEngine::cmd_label(const std::vector<std::string_view>& words) {
    LabelRequest r{.move = {}, .settings = session_.settings()};
    if (auto err = read_params(
            words, {{"depth", &Settings::quality_depth}, {"scheme", &Settings::quality_scheme}},
            r.settings, &r.move))
        return error("bad_label", *err);
    report(session_.label(r));
}

// tree [plies P] [breadth K] [depth D | nodes N]
void UciEngine::cmd_tree(const std::vector<std::string_view>& words) {
    TreeRequest r{.settings = session_.settings()};
    if (auto err = read_params(words,
                               {{"plies", &Settings::tree_plies},
                                {"breadth", &Settings::tree_breadth},
                                {"depth", &Settings::tree_depth},
                                {"nodes", &Settings::analysis_nodes}},
                               r.settings))
        return error("bad_tree", *err);
    report(session_.tree(r));
}

// tool NAME {json}
void UciEngine::cmd_tool(const std::vector<std::string_view>& words, std::string_view line) {
    if (words.size() < 2) return error("bad_tool", "expected 'tool NAME {json}'");
    std::string args = rest_after_words(line, words, 2);
    if (args.empty()) args = "{}";
    report(session_.tool(std::string(words[1]), args));
}

// verbalize [mode s|c|sc] [refine N] [plies P] [breadth K] [depth D] [concepts A,B ...]: the
// verbalize tool on the current position (concepts take the rest of the line), answered as
// glossfish.tool; the tool checks every value, so its errors are the tool's.
void UciEngine::cmd_verbalize(const std::vector<std::string_view>& words, std::string_view line) {
    nlohmann::json args = {{"fen", session_.position().fen()}};
    for (std::size_t i = 1; i < words.size(); i += 2) {
        const std::string key(words[i]);
        if (key == "concepts") {
            args["concepts"] = rest_after_words(line, words, i + 1);
            break;
        }
        if (i + 1 >= words.size())
            return error("missing_argument", "verbalize: " + quote_input(key) + " needs a value");
        const std::string value(words[i + 1]);
        if (key == "mode") args["mode"] = value;
        else if (key == "refine" || key == "plies" || key == "breadth" || key == "depth") {
            const std::optional<int> n = to_number<int>(value);
            if (!n)
                return error("bad_value", "verbalize: " + key + " must be a whole number, got " +
                                              quote_input(value));
            args[key] = *n;
        } else {
            return error("unknown_argument",
                         "verbalize: unknown word " + quote_input(key) +
                             "; expected mode, refine, plies, breadth, depth or concepts");
        }
    }
    report(session_.tool("verbalize", args.dump()));
}

// verify {json} | verify text ...: the claims or the commentary, checked by the verify tool.
void UciEngine::cmd_verify(const std::vector<std::string_view>& words, std::string_view line) {
    if (words.size() < 2)
        return error("missing_argument", "expected 'verify {json}' or 'verify text ...'");
    if (words[1] == "text") {
        std::string text = rest_after_words(line, words, 2);
        if (text.empty())
            return error("missing_argument", "'verify text' needs the commentary after it");
        return report(session_.verify(text, false));
    }
    const std::string json = rest_after_words(line, words, 1);
    if (json.front() != '{' && json.front() != '[')
        return error("bad_json",
                     "expected 'verify {json}' or 'verify text ...', got " + quote_input(words[1]));
    report(session_.verify(json, true));
}

}  // namespace glossfish
