// The HTML of a game report: page frame, one section per game, the script.
#include "report/report.h"

#include <cstdio>

#include "analysis/tree_format.h"
#include "io/markup.h"
#include "render/svg_board.h"
#include "render/svg_graph.h"
#include "rules/notation.h"

namespace glossfish::verifier {

namespace {

constexpr const char* BestArrow = "#15781b";

const char* Style = R"(
body{font-family:sans-serif;margin:0;background:#f7f6f2;color:#222}
header.page{background:#2f2f2f;color:#eee;padding:10px 20px}
header.page h1{font-size:20px;margin:0}
header.page p{margin:4px 0 0;font-size:13px;color:#bbb}
#toc{margin:10px 20px;font-size:14px;columns:2}
#toc:empty{display:none}
main{padding:0 20px 20px}
section.game{background:#fff;border:1px solid #ddd;border-radius:8px;margin:16px 0;padding:12px 18px}
section.game h2{margin:4px 0;font-size:20px}
.meta{color:#666;font-size:13px}
table.summary{border-collapse:collapse;margin:10px 0;font-size:14px}
table.summary th,table.summary td{padding:3px 12px;text-align:center;border-bottom:1px solid #eee}
table.summary tr.class td{color:#555;font-size:13px}
table.summary th:first-child,table.summary td:first-child{text-align:left}
.acc{font-size:18px;font-weight:bold}
.chip{display:inline-block;padding:0 6px;border-radius:4px;color:#fff;font-size:12px;font-weight:bold}
.chip.inaccuracy{background:#56b4e9}.chip.mistake{background:#e69f00}.chip.blunder{background:#df5353}
.graph{max-width:900px;display:block;margin:8px 0}
.graph circle.mark{cursor:pointer}
.graph circle.mark.current{stroke:#000;stroke-width:3}
.moves{line-height:1.8;font-size:14px;max-width:900px}
.moves .n{color:#888;margin-left:6px}
.moves a.mv{text-decoration:none;font-weight:bold;padding:0 2px;border-radius:3px}
.moves a.mv.inaccuracy{color:#2a8cc4}.moves a.mv.mistake{color:#c47f00}.moves a.mv.blunder{color:#c62828}
.moves a.mv.current{background:#ffe680}
.moves a.cm{font-size:11px;color:#777;text-decoration:none;vertical-align:super}
.moments{display:flex;flex-wrap:wrap;gap:14px}
.moment{border:1px solid #ddd;border-radius:6px;padding:8px;width:352px}
.moment.current,.comment.current{outline:3px solid #ffcc00}
.moment h3{margin:2px 0 6px;font-size:16px}
.moment p{margin:4px 0;font-size:13px}
.moment svg.board{width:336px;height:336px;display:block}
.moment.has-tree{width:auto;flex:1 1 100%;display:flex;gap:16px}
.moment .card{width:352px;flex:none}
.moment .tree{overflow-x:auto;min-width:0}
.legend{font-size:12px;color:#666}
.comments{list-style:none;padding:0}
.comment{margin:6px 0;font-size:14px}
.comment ul{margin:2px 0 0 0;padding-left:18px}
.s.verified{color:#1b6e20}.s.false{color:#b71c1c}.s.unverifiable{color:#8a6d00}.s.not-read{color:#777}
.s .why{font-size:12px;color:#555}
.skipped{color:#8a1c1c}
footer{padding:10px 20px;color:#666;font-size:13px}
)";

const char* Script = R"(
(function(){
var games=document.querySelectorAll('section.game');
var toc=document.getElementById('toc');
if(games.length>1){games.forEach(function(s){var h=s.querySelector('h2');if(!h)return;
var li=document.createElement('li');var a=document.createElement('a');a.href='#'+s.id;
a.textContent=h.textContent;li.appendChild(a);toc.appendChild(li);});}
function mark(id){if(!/^g[0-9]+-[mc][0-9]+$/.test(id))return;
document.querySelectorAll('.current').forEach(function(x){x.classList.remove('current');});
var t=document.getElementById(id);if(t)t.classList.add('current');
document.querySelectorAll('[data-move="'+id+'"]').forEach(function(x){x.classList.add('current');});}
document.addEventListener('click',function(e){var a=e.target.closest('a');if(!a)return;
var h=a.getAttribute('href')||a.getAttribute('xlink:href')||'';if(h.charAt(0)==='#')mark(h.slice(1));});
if(location.hash)mark(location.hash.slice(1));
})();
)";

std::string fixed1(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", x);
    return buf;
}

const char* label_title(QualityLabel l) {
    switch (l) {
    case QualityLabel::Inaccuracy: return "Inaccuracy";
    case QualityLabel::Mistake: return "Mistake";
    case QualityLabel::Blunder: return "Blunder";
    default: return "Good";
    }
}

const char* label_glyph(QualityLabel l) {
    switch (l) {
    case QualityLabel::Inaccuracy: return "?!";
    case QualityLabel::Mistake: return "?";
    case QualityLabel::Blunder: return "??";
    default: return "";
    }
}

std::string tag_or(const PgnGame& g, const char* name, const char* fallback) {
    auto v = g.tag(name);
    return v && !v->empty() ? *v : fallback;
}

std::string anchor(int game, std::size_t move) {
    return "g" + std::to_string(game) + "-m" + std::to_string(move);
}

std::string player(const PgnGame& g, const char* name_tag, const char* elo_tag) {
    std::string out = xml_escape(tag_or(g, name_tag, "?"));
    if (auto elo = g.tag(elo_tag); elo && !elo->empty() && *elo != "?")
        out += " <span class=\"meta\">(" + xml_escape(*elo) + ")</span>";
    return out;
}

std::string summary_table(const PgnGame& g, const GameAnnotation& a) {
    auto row = [](const char* name, const std::string& w, const std::string& b) {
        return std::string("<tr><td>") + name + "</td><td>" + w + "</td><td>" + b + "</td></tr>";
    };
    auto count = [](int n, const char* cls) {
        return n == 0 ? std::string("0")
                      : "<span class=\"chip " + std::string(cls) + "\">" + std::to_string(n) +
                            "</span>";
    };
    std::string out =
        "<table class=\"summary\"><tr><th></th><th>White: " + player(g, "White", "WhiteElo") +
        "</th><th>Black: " + player(g, "Black", "BlackElo") + "</th></tr>";
    out += row("Accuracy", "<span class=\"acc\">" + fixed1(a.white.accuracy) + "%</span>",
               "<span class=\"acc\">" + fixed1(a.black.accuracy) + "%</span>");
    out += row("Inaccuracies", count(a.white.inaccuracies, "inaccuracy"),
               count(a.black.inaccuracies, "inaccuracy"));
    out += row("Mistakes", count(a.white.mistakes, "mistake"), count(a.black.mistakes, "mistake"));
    out += row("Blunders", count(a.white.blunders, "blunder"), count(a.black.blunders, "blunder"));
    out += row("Moves", std::to_string(a.white.moves), std::to_string(a.black.moves));
    // The chess.com-style classes (analysis/move_class.h) that occur, but the error classes the
    // rows above count as labels.
    for (int c = 0; c < MoveClassCount; ++c) {
        const int w = a.white.classes[c], b = a.black.classes[c];
        const auto mc = MoveClass(c);
        if ((w == 0 && b == 0) || mc == MoveClass::Inaccuracy || mc == MoveClass::Mistake ||
            mc == MoveClass::Blunder)
            continue;
        std::string name = move_class_name(mc);
        name[0] = char(name[0] - 'a' + 'A');
        out += "<tr class=\"class\">" + std::string("<td>") + name + "</td><td>" +
               std::to_string(w) + "</td><td>" + std::to_string(b) + "</td></tr>";
    }
    return out + "</table>";
}

// The move list: every main-line move, labelled ones as links to their boards, commented ones
// with a link to their comment.
std::string move_list(const ReportGame& rg, const std::vector<Position>& before) {
    const PgnGame& g = *rg.game;
    const GameAnnotation& a = *rg.annotation;
    std::vector<int> comment_at(g.mainline.size(), -1);
    for (std::size_t k = 0; k < rg.comments.size(); ++k) {
        const int ply = rg.comments[k].comment.ply;
        if (ply >= 0 && ply < int(comment_at.size()) && comment_at[std::size_t(ply)] < 0)
            comment_at[std::size_t(ply)] = int(k);
    }
    std::string out = "<div class=\"moves\">";
    for (std::size_t i = 0; i < a.moves.size() && i < before.size(); ++i) {
        const MoveAnnotation& m = a.moves[i];
        const Position& pos = before[i];
        if (pos.side_to_move() == White || i == 0)
            out += "<span class=\"n\">" + std::to_string(pos.fullmove_number()) +
                   (pos.side_to_move() == White ? "." : "...") + "</span> ";
        if (m.quality.label != QualityLabel::Good) {
            const std::string id = anchor(rg.number, i);
            out += "<a class=\"mv " + std::string(label_name(m.quality.label)) + "\" href=\"#" +
                   id + "\" data-move=\"" + id + "\">" + xml_escape(m.san) +
                   label_glyph(m.quality.label) + "</a>";
        } else {
            out += "<span class=\"mv\">" + xml_escape(m.san) + "</span>";
        }
        if (comment_at[i] >= 0)
            out += "<a class=\"cm\" href=\"#g" + std::to_string(rg.number) + "-c" +
                   std::to_string(comment_at[i]) + "\" title=\"comment\">[c]</a>";
        out += ' ';
    }
    out += "<b>" + xml_escape(g.result.empty() ? "*" : g.result) + "</b></div>";
    return out;
}

// The card of one labelled move: board with arrows, label, win% lost, best line.
std::string moment(const ReportGame& rg, std::size_t i, const Position& pos,
                   const std::vector<Move>& mainline) {
    const MoveAnnotation& m = rg.annotation->moves[i];
    const std::string id = anchor(rg.number, i);
    const QualityLabel label = m.quality.label;
    BoardSvgOptions board;
    board.standalone = false;
    if (i > 0) board.highlights = {mainline[i - 1].from(), mainline[i - 1].to()};
    board.arrows.push_back(move_arrow(pos, mainline[i], "played", label_color(label)));
    if (m.best != Move::none() && m.best != mainline[i])
        board.arrows.push_back(move_arrow(pos, m.best, "best", BestArrow));
    const std::string move = numbered_move(pos, m.san) + label_glyph(label);
    board.title = "Position before " + move;
    const char* mover = pos.side_to_move() == White ? "White" : "Black";
    const StrategyTree* tree = nullptr;
    for (const auto& [ply, t] : rg.trees)
        if (ply == int(i)) tree = &t;
    // A card with a tree spans the row: the board and its text left, the tree right.
    std::string out = "<div class=\"moment " + std::string(label_name(label)) +
                      (tree ? " has-tree" : "") + "\" id=\"" + id + "\"><div class=\"card\"><h3>" +
                      xml_escape(move) + " <span class=\"chip " + label_name(label) + "\">" +
                      label_title(label) + "</span></h3>";
    out += board_svg(pos, board);
    out += "<p>" + std::string(mover) + "'s win%: " + fixed1(m.quality.wp_before) + " &rarr; " +
           fixed1(m.quality.wp_after) + " (<b>&minus;" + fixed1(m.quality.wp_loss) +
           "</b>); evaluation " + xml_escape(format_eval(m.before)) + " &rarr; " +
           xml_escape(format_eval(m.after)) + "</p>";
    if (!m.reasons.empty()) {
        // The verified reasons (verifier/explain), each one sentence.
        out += "<ul class=\"reasons\">";
        for (const Reason& r : m.reasons)
            out += "<li class=\"" + xml_escape(r.kind) + "\">" + xml_escape(r.text) + "</li>";
        out += "</ul>";
    } else {
        if (m.quality.reason == "mate created") out += "<p>Checkmate is now unavoidable.</p>";
        if (m.quality.reason == "mate lost") out += "<p>Lost a forced checkmate.</p>";
    }
    if (!m.best_san.empty()) {
        out += "<p>Best: <b>" + xml_escape(m.best_san) + "</b></p>";
        out += "<p>Best line: " + xml_escape(numbered_san_line(pos, m.best_line)) + "</p>";
    }
    out += "</div>";
    if (tree)
        out += "<div class=\"tree\"><p>Strategy tree of the position before the move (" +
               std::to_string(tree->options.plies) + " plies, breadth " +
               std::to_string(tree->options.breadth) + "):</p>" + tree_to_svg(*tree) + "</div>";
    return out + "</div>";
}

std::string comment_list(const ReportGame& rg) {
    std::string out = "<ul class=\"comments\">";
    for (std::size_t k = 0; k < rg.comments.size(); ++k) {
        const CommentCheck& c = rg.comments[k];
        out += "<li class=\"comment\" id=\"g" + std::to_string(rg.number) + "-c" +
               std::to_string(k) + "\"><b>" +
               xml_escape(c.move.empty() ? std::string("Before the first move") : c.move) +
               "</b> <span class=\"meta\">(line " + std::to_string(c.comment.line) + ")</span><ul>";
        for (const SentenceCheck& s : c.sentences) {
            const char* cls =
                s.status == SentenceStatus::NotRead ? "not-read" : sentence_status_name(s.status);
            const char* mark = s.status == SentenceStatus::Verified       ? "&#10003; verified"
                               : s.status == SentenceStatus::False        ? "&#10007; false"
                               : s.status == SentenceStatus::Unverifiable ? "? unverifiable"
                                                                          : "&#8211; not read";
            out += "<li class=\"s " + std::string(cls) + "\">" + xml_escape(s.text) + " <b>" +
                   mark + "</b>";
            if (!s.reason.empty())
                out += " <span class=\"why\">" + xml_escape(s.reason) + "</span>";
            out += "</li>";
        }
        out += "</ul></li>";
    }
    return out + "</ul>";
}

}  // namespace

int game_start_line(const PgnGame& game) {
    int line = game.first_line;
    for (char c : game.text) {
        if (c == '\n') ++line;
        else if (c != ' ' && c != '\t' && c != '\r') break;
    }
    return line;
}

std::string report_page_start(const ReportInfo& info) {
    std::string out =
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
    out += "glossfish report: " + xml_escape(info.source) + "</title>\n<style>" + Style +
           "</style>\n</head><body>\n";
    out += "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">" +
           svg_piece_defs() + "</svg>\n";
    out += "<header class=\"page\"><h1>glossfish report: " + xml_escape(info.source) + "</h1><p>" +
           xml_escape(info.method) +
           ". Arrows: the played move in its label's colour, the engine's best move in green."
           "</p></header>\n<ul id=\"toc\"></ul>\n<main>\n";
    return out;
}

std::string report_game_section(const ReportGame& rg) {
    const PgnGame& g = *rg.game;
    const GameAnnotation& a = *rg.annotation;
    // The positions before every move of the main line.
    std::vector<Position> before;
    std::vector<Move> mainline;
    before.reserve(g.mainline.size());
    Position pos = g.start_position();
    for (const PgnMove& m : g.mainline) {
        before.push_back(pos);
        mainline.push_back(m.move);
        pos.do_move(m.move);
    }
    const std::string gid = "g" + std::to_string(rg.number);
    std::string out = "<section class=\"game\" id=\"" + gid + "\">";
    out += "<h2>" + std::to_string(rg.number) + ". " + xml_escape(tag_or(g, "White", "?")) +
           " &ndash; " + xml_escape(tag_or(g, "Black", "?")) + " " +
           xml_escape(g.result.empty() ? tag_or(g, "Result", "*") : g.result) + "</h2>";
    std::string meta;
    for (const char* t : {"Event", "Site", "Date", "Round", "Opening"})
        if (auto v = g.tag(t); v && !v->empty() && *v != "?" && *v != "????.??.??")
            meta += (meta.empty() ? "" : " &middot; ") + xml_escape(*v);
    // The opening found by position (openings/opening.h) when the game does not name one.
    if (!g.tag("Opening") && a.opening && a.opening->opening)
        meta += (meta.empty() ? "" : " &middot; ") + std::string("<span class=\"opening\">") +
                xml_escape(a.opening->opening->eco + " " + a.opening->opening->name) + "</span>";
    out += "<div class=\"meta\">" + meta + (meta.empty() ? "" : " &middot; ") + "line " +
           std::to_string(game_start_line(g)) + " of the input</div>";
    out += summary_table(g, a);

    // White's win% of every position, start first (the checkmated side's 0 or 100 at a mate).
    std::vector<double> win;
    for (std::size_t i = 0; i < a.moves.size(); ++i) win.push_back(win_percent(a.moves[i].before));
    if (!a.moves.empty()) {
        const MoveAnnotation& last = a.moves.back();
        win.push_back(last.mate_delivered ? (last.after.value > 0 ? 100.0 : 0.0)
                                          : win_percent(last.after));
    }
    std::vector<GraphMark> marks;
    for (std::size_t i = 0; i < a.moves.size() && i < before.size(); ++i) {
        const MoveAnnotation& m = a.moves[i];
        if (m.quality.label == QualityLabel::Good) continue;
        GraphMark mark;
        mark.position = int(i) + 1;
        mark.label = m.quality.label;
        mark.id = anchor(rg.number, i);
        mark.href = "#" + mark.id;
        mark.title = numbered_move(before[i], m.san) + label_glyph(m.quality.label) + " " +
                     label_name(m.quality.label) + ", -" + fixed1(m.quality.wp_loss) + "%";
        marks.push_back(std::move(mark));
    }
    out += win_graph_svg(win, marks);
    out += move_list(rg, before);

    if (!marks.empty()) {
        out +=
            "<h3>Labelled moves (" + std::to_string(marks.size()) + ")</h3><div class=\"moments\">";
        for (std::size_t i = 0; i < a.moves.size() && i < before.size(); ++i)
            if (a.moves[i].quality.label != QualityLabel::Good)
                out += moment(rg, i, before[i], mainline);
        out += "</div>";
    } else {
        out += "<p>No inaccuracy, mistake or blunder.</p>";
    }
    if (!rg.comments.empty()) {
        out += "<h3>Comments in the PGN, checked (" + std::to_string(rg.comments.size()) + ")</h3>";
        out += comment_list(rg);
    }
    return out + "</section>\n";
}

std::string report_skipped_section(int number, int line, const std::string& reason) {
    return "<section class=\"game skipped\" id=\"g" + std::to_string(number) + "\"><h2>" +
           std::to_string(number) + ". (not reported)</h2><p class=\"skipped\">Game at line " +
           std::to_string(line) + ": " + xml_escape(reason) + "</p></section>\n";
}

std::string report_page_end(const std::string& summary) {
    return "</main>\n<footer>" + xml_escape(summary) + "</footer>\n<script>" + Script +
           "</script>\n</body></html>\n";
}

}  // namespace glossfish::verifier
