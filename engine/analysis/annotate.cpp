// Game annotation: one search per main-line position, labels from consecutive evaluations,
// lichess-style accuracy, and the edits that put all of it into the PGN text.
#include "analysis/annotate.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <deque>
#include <list>
#include <memory>
#include <thread>

#include "io/mutex.h"
#include "rules/movegen.h"
#include "rules/notation.h"

namespace glossfish {

namespace {

Score white_view(const Score& s, Color side_to_move) {
    return side_to_move == White ? s : negate(s);
}

const char* label_word(QualityLabel l) {
    switch (l) {
    case QualityLabel::Inaccuracy: return "Inaccuracy";
    case QualityLabel::Mistake: return "Mistake";
    case QualityLabel::Blunder: return "Blunder";
    default: return "Good";
    }
}

int label_nag(QualityLabel l) {
    switch (l) {
    case QualityLabel::Inaccuracy: return 6;
    case QualityLabel::Mistake: return 2;
    case QualityLabel::Blunder: return 4;
    default: return 0;
    }
}

// Lichess's sentence for its mate rules.
std::string reason_sentence(const std::string& reason) {
    if (reason == "mate created") return "Checkmate is now unavoidable. ";
    if (reason == "mate lost") return "Lost forced checkmate sequence. ";
    return {};
}

// "(12. Rd8 Qe6 13. Bxd7+)": an engine line in PGN movetext from pos.
std::string variation_text(const Position& pos, const std::vector<Move>& line) {
    return "(" + numbered_san_line(pos, line) + ")";
}

std::string fixed1(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", round_1dp(x));
    return buf;
}

double stddev(const double* v, std::size_t n) {
    if (n == 0) return 0;
    double mean = 0;
    for (std::size_t i = 0; i < n; ++i) mean += v[i];
    mean /= double(n);
    double var = 0;
    for (std::size_t i = 0; i < n; ++i) var += (v[i] - mean) * (v[i] - mean);
    return std::sqrt(var / double(n));
}

}  // namespace

std::string format_eval(const Score& s) {
    if (s.is_mate()) return "#" + std::to_string(s.value);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", s.value / 100.0);
    return buf;
}

double move_accuracy(double win_before, double win_after) {
    if (win_after >= win_before) return 100;
    double raw = 103.1668100711649 * std::exp(-0.04354415386753951 * (win_before - win_after)) -
                 3.166924740191411 + 1;
    return std::clamp(raw, 0.0, 100.0);
}

double game_accuracy(const std::vector<double>& white_win, const std::vector<double>& accuracies,
                     int side, int first_ply_side) {
    std::size_t moves = accuracies.size();
    if (moves == 0 || white_win.size() < moves + 1) return 100;
    std::size_t window = std::clamp<std::size_t>(white_win.size() / 10, 2, 8);
    window = std::min(window, white_win.size());
    double weighted = 0, weights = 0, inverse = 0;
    int count = 0;
    for (std::size_t i = 0; i < moves; ++i) {
        if ((first_ply_side + int(i)) % 2 != side) continue;
        // Move i is judged by the window of positions ending just after it (the first moves
        // share the first window).
        std::size_t end = std::max(i + 2, window);
        end = std::min(end, white_win.size());
        double weight = std::clamp(stddev(white_win.data() + (end - window), window), 0.5, 12.0);
        weighted += accuracies[i] * weight;
        weights += weight;
        inverse += 1 / std::max(accuracies[i], 1.0);
        ++count;
    }
    if (count == 0) return 100;
    double harmonic = count / inverse;
    return (weighted / weights + harmonic) / 2;
}

namespace {

// One game on its way through annotate_games: its positions, their searches as they finish,
// and the annotation once all are done.
// Positions [next, end) of a game that one thread searches in order.
struct Range {
    std::size_t next = 0, end = 0;
    std::size_t left() const { return end - next; }
};

struct Slot {
    PgnGame game;
    bool analyse = false;  // a game read without error: its positions are searched
    std::vector<Position> positions;
    std::vector<PositionEval> evals;
    std::vector<std::string> errors;
    // Under the runner's mutex: whether a thread took the game, and the ranges being searched
    // (a helper takes the upper half of the longest one, so every thread keeps searching
    // consecutive positions, each finding the previous one's work in its hash).
    bool started = false;
    std::list<Range> ranges;
    std::atomic<std::size_t> finished{0};
    int number = 0;  // among the games of the input, 1 first (0: not a game)
    // Under the runner's mutex: labelled, and complete once no thread is left in it (the
    // caller's thread may then destroy it).
    bool labelled = false, complete = false;
    GameAnnotation annotation;
};

// The main-line positions of a game read without error, start first.
std::vector<Position> mainline_positions(const PgnGame& game) {
    std::vector<Position> positions;
    positions.reserve(game.mainline.size() + 1);
    Position pos = game.start_position();
    positions.push_back(pos);
    for (const PgnMove& m : game.mainline) {
        pos.do_move(m.move);
        positions.push_back(pos);
    }
    return positions;
}

// Searches one position (or scores a finished game) into e; the error text, if any.
std::string search_position(Analyzer& analyzer, const Position& p, const AnnotateOptions& options,
                            int hint, PositionEval& e) {
    if (p.is_checkmate()) {
        e.score = Score::mate(0);
        e.checkmate = e.terminal = true;
    } else if (p.is_stalemate() || p.is_insufficient_material()) {
        e.score = Score::cp(0);
        e.terminal = true;
    } else {
        AnalysisResult r = analyzer.analyse(p, options.limits, 1, {}, hint);
        if (!r.ok() || r.lines.empty()) return r.ok() ? "no analysis line" : r.error;
        e.score = r.lines.front().score;
        e.pv = r.lines.front().pv;
        if (e.pv.empty() && r.best != Move::none()) e.pv.push_back(r.best);
    }
    return {};
}

// Labels every move of a game from the evaluations of its positions.
GameAnnotation label_game(const PgnGame& game, const std::vector<Position>& positions,
                          std::vector<PositionEval> evals, const std::vector<std::string>& errors,
                          const AnnotateOptions& options) {
    GameAnnotation out;
    const std::size_t n = positions.size();
    out.evals = std::move(evals);
    for (std::size_t i = 0; i < n; ++i)
        if (!errors[i].empty()) {
            out.error =
                "position " + std::to_string(i) + " (" + positions[i].fen() + "): " + errors[i];
            return out;
        }

    std::vector<double> white_win(n), accuracies;
    for (std::size_t i = 0; i < n; ++i)
        white_win[i] = win_percent(white_view(out.evals[i].score, positions[i].side_to_move()));
    int first_side = positions[0].side_to_move() == White ? 0 : 1;
    std::vector<Move> played_moves;
    for (const PgnMove& m : game.mainline) played_moves.push_back(m.move);
    const GameOpening book = match_game(OpeningIndex::builtin(), positions[0], played_moves);
    out.opening = book.opening;
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const Position& before = positions[i];
        const PositionEval& eb = out.evals[i];
        const PositionEval& ea = out.evals[i + 1];
        Move played = game.mainline[i].move;
        MoveAnnotation a;
        a.ply = int(i);
        a.san = move_to_san(before, played);
        a.mate_delivered = ea.checkmate;
        a.before = white_view(eb.score, before.side_to_move());
        a.after = ea.checkmate ? Score::mate(before.side_to_move() == White ? 1 : -1)
                               : white_view(ea.score, positions[i + 1].side_to_move());
        if (!eb.pv.empty()) {
            a.best = eb.pv.front();
            a.best_san = move_to_san(before, a.best);
            std::size_t plies = std::min<std::size_t>(
                eb.pv.size(), std::size_t(std::max(1, options.variation_plies)));
            a.best_line.assign(eb.pv.begin(), eb.pv.begin() + std::ptrdiff_t(plies));
        }
        QualityInput in;
        in.best = eb.score;
        // Checkmating is as good as the best mate: counted as mate in 1 for the mover.
        in.played = ea.checkmate ? Score::mate(1) : score_of_move(ea.score);
        in.played_is_best = a.best == played || ea.checkmate;
        in.single_legal_move = MoveList(before).size() == 1;
        a.quality = classify_move(in, options.scheme);
        a.accuracy = move_accuracy(a.quality.wp_before, a.quality.wp_after);
        accuracies.push_back(a.accuracy);
        MoveClassInput c;
        c.wp_best = a.quality.wp_before;
        c.wp_played = a.quality.wp_after;
        c.played_is_best = in.played_is_best;
        c.single_legal_move = in.single_legal_move;
        c.label = a.quality.label;
        if (i > 0) {
            const Quality& previous = out.moves.back().quality;
            c.previous_label = previous.label;
            c.previous_loss = previous.wp_loss;
            c.wp_before_previous = 100 - previous.wp_before;
        }
        c.book = i < book.book.size() && book.book[i];
        c.position = &before;
        c.move = played;
        c.line = {played};
        c.line.insert(c.line.end(), ea.pv.begin(), ea.pv.end());
        a.move_class = classify_class(c);
        SideSummary& side = before.side_to_move() == White ? out.white : out.black;
        ++side.moves;
        ++side.classes[int(a.move_class)];
        if (a.quality.label == QualityLabel::Inaccuracy) ++side.inaccuracies;
        if (a.quality.label == QualityLabel::Mistake) ++side.mistakes;
        if (a.quality.label == QualityLabel::Blunder) ++side.blunders;
        out.moves.push_back(std::move(a));
    }
    out.white.accuracy = game_accuracy(white_win, accuracies, 0, first_side);
    out.black.accuracy = game_accuracy(white_win, accuracies, 1, first_side);
    return out;
}

// The shared state of one annotate_games run: the games in flight in input order, read by the
// caller's thread and searched by the worker threads.
class Runner {
public:
    Runner(Analyzer& analyzer, const AnnotateOptions& options, const GameProgress& progress)
        : analyzer_(analyzer), options_(options), progress_(progress) {}

    // Worker thread `me` (Analyzer worker hint `me`): takes the first game nobody searches yet,
    // else helps the game with the most positions left, until the input is done.
    void work(int me) GLOSSFISH_EXCLUDES(mutex_) {
        for (;;) {
            Slot* slot = nullptr;
            Range* range = nullptr;
            {
                MutexLock lock(mutex_);
                while (!stop_ && !(slot = pick(range)) && !(eof_ && !splittable()))
                    cv_.wait(mutex_);
                if (!slot) return;
            }
            search(*slot, *range, me);
        }
    }

    // Caller's thread: reads games until the end and hands each back in input order.
    void run(const NextGame& next, const GameDone& done, int threads) GLOSSFISH_EXCLUDES(mutex_) {
        const std::size_t window = std::size_t(2 * threads + 2);
        for (;;) {
            // Keep the window full of games to search.
            for (;;) {
                {
                    MutexLock lock(mutex_);
                    if (eof_ || slots_.size() >= window) break;
                }
                std::optional<PgnGame> game = next();
                auto slot = std::make_unique<Slot>();
                if (game) {
                    slot->game = std::move(*game);
                    slot->analyse = slot->game.is_game && slot->game.ok();
                    if (slot->analyse) {
                        slot->positions = mainline_positions(slot->game);
                        slot->evals.resize(slot->positions.size());
                        slot->errors.resize(slot->positions.size());
                    }
                    slot->complete = !slot->analyse;
                }
                if (game && slot->game.is_game) slot->number = ++numbered_;
                MutexLock lock(mutex_);
                if (!game) eof_ = true;
                else slots_.push_back(std::move(slot));
                cv_.notify_all();
            }
            // The window is full or the input done: wait for the oldest game.
            std::unique_ptr<Slot> front;
            {
                MutexLock lock(mutex_);
                if (slots_.empty()) return;
                while (!slots_.front()->complete) cv_.wait(mutex_);
                front = std::move(slots_.front());
                slots_.pop_front();
                cv_.notify_all();
            }
            const bool keep_going =
                done(front->game, front->analyse ? &front->annotation : nullptr);
            if (!keep_going) {
                MutexLock lock(mutex_);
                stop_ = true;
                cv_.notify_all();
                return;
            }
        }
    }

    void finish() GLOSSFISH_EXCLUDES(mutex_) {
        MutexLock lock(mutex_);
        stop_ = true;
        cv_.notify_all();
    }

private:
    // The first game nobody took, whole; else the upper half of the longest range in flight
    // (when it has two positions or more left); else null.
    Slot* pick(Range*& range) GLOSSFISH_REQUIRES(mutex_) {
        for (auto& s : slots_)
            if (s->analyse && !s->started) {
                s->started = true;
                s->ranges.push_back({0, s->positions.size()});
                range = &s->ranges.back();
                return s.get();
            }
        Slot* best = nullptr;
        Range* longest = nullptr;
        for (auto& s : slots_)
            for (Range& r : s->ranges)
                if (r.left() >= 2 && (!longest || r.left() > longest->left())) {
                    longest = &r;
                    best = s.get();
                }
        if (!longest) return nullptr;
        const std::size_t mid = longest->next + (longest->left() + 1) / 2;
        best->ranges.push_back({mid, longest->end});
        longest->end = mid;
        range = &best->ranges.back();
        return best;
    }

    // Whether pick() has anything to give.
    bool splittable() const GLOSSFISH_REQUIRES(mutex_) {
        for (const auto& s : slots_) {
            if (s->analyse && !s->started) return true;
            for (const Range& r : s->ranges)
                if (r.left() >= 2) return true;
        }
        return false;
    }

    // Searches the positions of range in order (its end may shrink meanwhile, when a helper
    // takes its upper half); the thread that finishes the game's last position labels it, the
    // last thread to leave the game marks it complete.
    void search(Slot& slot, Range& range, int me) GLOSSFISH_EXCLUDES(mutex_, progress_mutex_) {
        const std::size_t n = slot.positions.size();
        bool labelled = false;
        for (;;) {
            std::size_t i;
            {
                MutexLock lock(mutex_);
                if (stop_ || range.next >= range.end) break;
                i = range.next++;
            }
            slot.errors[i] =
                search_position(analyzer_, slot.positions[i], options_, me, slot.evals[i]);
            const std::size_t d = ++slot.finished;
            if (progress_) {
                MutexLock lock(progress_mutex_);
                progress_(slot.number, int(d), int(n));
            }
            if (d == n) {
                slot.annotation =
                    label_game(slot.game, slot.positions, slot.evals, slot.errors, options_);
                labelled = true;
            }
        }
        MutexLock lock(mutex_);
        slot.ranges.remove_if([&](const Range& r) { return &r == &range; });
        slot.labelled = slot.labelled || labelled;
        if (slot.labelled && slot.ranges.empty()) slot.complete = true;
        cv_.notify_all();
    }

    Analyzer& analyzer_;
    const AnnotateOptions& options_;
    const GameProgress& progress_;
    // Guards the games in flight, and in each Slot its started, ranges (and their next and
    // end), labelled and complete.
    mutable Mutex mutex_;
    CondVar cv_;
    std::deque<std::unique_ptr<Slot>> slots_ GLOSSFISH_GUARDED_BY(mutex_);
    bool eof_ GLOSSFISH_GUARDED_BY(mutex_) = false;
    bool stop_ GLOSSFISH_GUARDED_BY(mutex_) = false;
    int numbered_ = 0;      // the caller's thread only
    Mutex progress_mutex_;  // one progress_ call at a time
};

}  // namespace

void annotate_games(Analyzer& analyzer, const AnnotateOptions& options, const NextGame& next,
                    const GameDone& done, const GameProgress& progress) {
    const int threads = std::max(1, options.jobs);
    Runner runner(analyzer, options, progress);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) workers.emplace_back([&runner, t] { runner.work(t); });
    runner.run(next, done, threads);
    runner.finish();
    for (std::thread& t : workers) t.join();
}

GameAnnotation analyse_game(Analyzer& analyzer, const PgnGame& game, const AnnotateOptions& options,
                            const AnnotateProgress& progress) {
    if (!game.ok()) {
        GameAnnotation out;
        out.error = "the game was not read";
        return out;
    }
    // One game: its positions shared by up to options.jobs threads.
    GameAnnotation result;
    bool given = false;
    annotate_games(
        analyzer, options,
        [&]() -> std::optional<PgnGame> {
            if (given) return std::nullopt;
            given = true;
            return game;
        },
        [&](PgnGame&, const GameAnnotation* a) {
            if (a) result = *a;
            return true;
        },
        [&](int, int done, int) {
            if (progress) progress(done);
        });
    return result;
}

void add_annotation_edits(PgnGame& game, const GameAnnotation& annotation,
                          const AnnotateOptions& options) {
    if (!annotation.ok() || !game.ok()) return;
    Position pos = game.start_position();
    for (std::size_t i = 0; i < annotation.moves.size() && i < game.mainline.size(); ++i) {
        const MoveAnnotation& a = annotation.moves[i];
        const PgnMove& m = game.mainline[i];
        std::string text;
        int nag = label_nag(a.quality.label);
        const int class_nag = a.move_class == MoveClass::Brilliant ? 3
                              : a.move_class == MoveClass::Great   ? 1
                                                                   : 0;
        if (nag) text += " $" + std::to_string(nag);
        else if (class_nag) text += " $" + std::to_string(class_nag);
        text += " {";
        if (a.mate_delivered) {
            text += " Checkmate.";
        } else {
            text += " [%eval " + format_eval(a.after) + "]";
        }
        if (nag) {
            text += std::string(" (") + format_eval(a.before) + " \xE2\x86\x92 " +
                    format_eval(a.after) + ") " + label_word(a.quality.label) + ". " +
                    (a.reasons.empty() ? reason_sentence(a.quality.reason)
                                       : a.reasons.front().text + " ");
            if (a.reasons.empty() && !a.ideas_sentence.empty()) text += a.ideas_sentence + " ";
            if (!a.best_san.empty()) {
                text += better_move_name(pos, m.move, a.best_san, text) + " was best";
                if (!a.best_ideas.empty()) {
                    const std::string& t = a.best_ideas.front().text;
                    text += ": it " + t.substr(t.find(' ') + 1);
                } else {
                    text += ".";
                }
            }
        } else if (!a.mate_delivered) {
            // A good move: its first reason (a mate, material won), then its ideas.
            if (!a.reasons.empty()) text += " " + a.reasons.front().text;
            if (!a.ideas_sentence.empty() &&
                (a.reasons.empty() || a.reasons.front().kind != "mates"))
                text += " " + a.ideas_sentence;
        }
        text += " }";
        if (nag && !a.best_line.empty() && a.best != m.move)
            text += " " + variation_text(pos, a.best_line);
        game.edits.push_back(PgnEdit{m.insert_at, 0, std::move(text)});
        pos.do_move(m.move);
    }

    // Tags: replace ours where they exist, add the others after the tag section.
    std::string method = options.limits.depth   ? "depth " + std::to_string(*options.limits.depth)
                         : options.limits.nodes ? "nodes " + std::to_string(*options.limits.nodes)
                                                : std::string("default limits");
    std::vector<std::pair<std::string, std::string>> tags = {
        {"Annotator",
         std::string("glossfish (Stockfish, ") + method + ", " + scheme_name(options.scheme) + ")"},
        {"WhiteAccuracy", fixed1(annotation.white.accuracy)},
        {"BlackAccuracy", fixed1(annotation.black.accuracy)},
        {"WhiteInaccuracies", std::to_string(annotation.white.inaccuracies)},
        {"WhiteMistakes", std::to_string(annotation.white.mistakes)},
        {"WhiteBlunders", std::to_string(annotation.white.blunders)},
        {"BlackInaccuracies", std::to_string(annotation.black.inaccuracies)},
        {"BlackMistakes", std::to_string(annotation.black.mistakes)},
        {"BlackBlunders", std::to_string(annotation.black.blunders)},
    };
    // The opening as lichess's export names it, when the game does not say.
    if (annotation.opening && annotation.opening->opening) {
        if (!game.tag("ECO")) tags.emplace_back("ECO", annotation.opening->opening->eco);
        if (!game.tag("Opening")) tags.emplace_back("Opening", annotation.opening->opening->name);
    }
    const std::string eol = game.text.find("\r\n") != std::string::npos ? "\r\n" : "\n";
    std::string added;
    for (const auto& tag : tags) {
        const std::string& name = tag.first;
        std::string line = "[" + name + " \"" + pgn_escape_tag_value(tag.second) + "\"]";
        auto existing = std::find_if(game.tags.begin(), game.tags.end(),
                                     [&](const PgnTag& t) { return t.name == name; });
        if (existing != game.tags.end()) {
            game.edits.push_back(PgnEdit{existing->begin, existing->end - existing->begin, line});
        } else {
            added += line + eol;
        }
    }
    if (added.empty()) return;
    if (game.tags.empty()) {
        // No tag section: put one before the movetext, separated by a blank line.
        std::size_t at = 0;
        while (at < game.text.size() && (game.text[at] == ' ' || game.text[at] == '\t' ||
                                         game.text[at] == '\n' || game.text[at] == '\r'))
            ++at;
        while (at > 0 && game.text[at - 1] != '\n') --at;  // start of that line
        game.edits.push_back(PgnEdit{at, 0, added + eol});
    } else if (game.tags_end > 0 && game.text[game.tags_end - 1] == '\n') {
        game.edits.push_back(PgnEdit{game.tags_end, 0, added});
    } else {
        added.resize(added.size() - eol.size());
        game.edits.push_back(PgnEdit{game.tags_end, 0, eol + added + eol});
    }
}

}  // namespace glossfish
