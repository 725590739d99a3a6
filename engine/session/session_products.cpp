// Session: the products of a position (quality, tree, verify, comment), the requests (label,
// tree, tool, verify, perft) and their delivery under the contract of session.h.
#include <exception>

#include "analysis/quality.h"
#include "analysis/tree_format.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "session/session.h"

namespace glossfish {

namespace {

// The error product of a label that failed, naming its position.
Product label_product(const MoveLabel& label, ProductKind kind) {
    nlohmann::json j = label_to_json(label);
    if (label.error.empty()) return {kind, j};
    return {ProductKind::Error,
            {{"code", "label_failed"},
             {"message", label.error},
             {"fen", label.fen},
             {"text", j["text"]}}};
}

// The tree's info JSON; its compact "tree" keeps the MultiPV order (ordered_json).
Product tree_product(const StrategyTree& tree) {
    return {ProductKind::Tree, tree_to_info_json(tree)};
}

// Runs a job's work unless it is cancelled already; an exception becomes an error product.
template <typename Work, typename Backend>
std::optional<Product> run_guarded(const Work& work, Backend& backend, const CancelToken& token,
                                   ProductKind kind) {
    if (token.cancelled()) return std::nullopt;
    try {
        return work(backend, token);
    } catch (const std::exception& e) {
        return Product{
            ProductKind::Error,
            {{"code", "internal"},
             {"message", std::string(product_kind_name(kind)) + " failed: " + e.what()}}};
    }
}

Product no_provider() {
    return {ProductKind::Error,
            {{"code", "no_verifier"},
             {"message", "this session has no verifier for tool calls, verify and comments"}}};
}

}  // namespace

std::shared_ptr<Session::Backend> Session::backend() {
    if (!backend_) {
        auto b = std::make_shared<Backend>();
        b->analyzer = std::make_unique<Analyzer>(analyzer_config(settings_));
        if (provider_factory_) b->provider = provider_factory_(settings_, *b->analyzer);
        backend_ = std::move(b);
    }
    return backend_;
}

// Starts the products the settings ask for that the position does not have yet: at the
// position (labels only when a go is likely to analyse) or at its go.
void Session::start_products(bool at_go, bool analysis) {
    const Settings s = settings_;
    std::optional<Epoch> snapshot = snapshot_epoch();
    if (!snapshot) return;
    const bool games_too = s.quality_in_games;
    if (at_go && !analysis && !games_too) {
        // A game without Quality In Games: a label started with the position is not wanted.
        Locked lock(*this);
        const unsigned e = epoch_.id;
        engine_lane_->cancel_if([e](const JobLane::Job& j) {
            return j.group == e && j.kind == product_kind_name(ProductKind::Quality);
        });
        epoch_.pending.erase(ProductKind::Quality);
    }
    const bool label =
        s.quality && snapshot->move &&
        (at_go ? analysis || games_too : analyse_mode_ || games_too || last_go_analysis_);
    if (label && wanted(*snapshot, ProductKind::Quality)) start_label(*snapshot, s);
    if (!s.commentary.empty() && wanted(*snapshot, ProductKind::Verify)) start_verify(*snapshot, s);
    if (s.tree && wanted(*snapshot, ProductKind::Tree)) start_tree(*snapshot, s);
    if (s.comment && snapshot->move && wanted(*snapshot, ProductKind::Comment))
        start_comment(*snapshot);
}

// The current position's state without its ready products, copied under the lock; none while
// the session shuts down.
std::optional<Session::Epoch> Session::snapshot_epoch() {
    Locked lock(*this);
    if (shutting_down_) return std::nullopt;
    Epoch e;
    e.id = epoch_.id;
    e.position = epoch_.position;
    e.before = epoch_.before;
    e.move = epoch_.move;
    e.inferred = epoch_.inferred;
    e.previous_capture = epoch_.previous_capture;
    e.previous_known = epoch_.previous_known;
    e.pending = epoch_.pending;
    e.done = epoch_.done;
    return e;
}

bool Session::wanted(const Epoch& e, ProductKind kind) {
    return !e.pending.count(kind) && !e.done.count(kind);
}

// The label of the position's last move, with its reasons, in up to three answers: a quick
// label when the asked depth is above QuickQualityDepth (a GUI that stops after a second still
// gets one; its reasons are the board's), then the full label with the reasons its own searches
// prove (no search added, so the label comes as soon as without reasons), then, only when a
// reason needed one more search (the first answer says reasons_pending), the same label with
// every reason.
void Session::start_label(const Epoch& e, const Settings& s) {
    const AnalysisLimits limits = label_limits(s);
    const QualityScheme scheme = s.quality_scheme;
    const bool inferred = e.inferred, reasons = s.reasons;
    const Position before = e.before;
    const Move move = *e.move;
    const Square previous = e.previous_capture;
    const bool known = e.previous_known;
    auto product = [inferred](const MoveLabel& l, bool quick, bool pending) {
        Product p = label_product(l, ProductKind::Quality);
        if (p.kind == ProductKind::Quality) {
            if (quick) p.json["quick"] = true;
            if (pending) p.json["reasons_pending"] = true;
            if (inferred) p.json["inferred_move"] = true;
        }
        return std::optional<Product>(std::move(p));
    };
    std::vector<Work> early;
    if (limits.depth && *limits.depth > QuickQualityDepth) {
        AnalysisLimits low = limits;
        low.depth = QuickQualityDepth;
        early.push_back([before, move, scheme, low, reasons, product, previous, known](
                            Backend& b, const CancelToken& cancel) {
            MoveLabel l = label_move(*b.analyzer, before, move, low, scheme, &cancel);
            l.previous_capture = previous;
            l.previous_known = known;
            if (b.provider && reasons) b.provider->explain_board(l);
            return product(l, true, false);
        });
    }
    if (!reasons) {
        post_product(
            ProductKind::Quality, *engine_lane_, true,
            [before, move, scheme, limits, product](Backend& b, const CancelToken& cancel) {
                return product(label_move(*b.analyzer, before, move, limits, scheme, &cancel),
                               false, false);
            },
            std::move(early));
        return;
    }
    // The full label, shared by its two answers (they run one after the other in one job).
    struct Full {
        MoveLabel label;
        bool pending = false;
    };
    auto full = std::make_shared<Full>();
    early.push_back([before, move, scheme, limits, full, product, previous, known](
                        Backend& b, const CancelToken& cancel) {
        full->label = label_move(*b.analyzer, before, move, limits, scheme, &cancel);
        full->label.previous_capture = previous;
        full->label.previous_known = known;
        AnalysisLimits cached = limits;
        cached.cached_only = true;
        full->pending =
            b.provider && !b.provider->explain(full->label, *b.analyzer, cached, cancel);
        return product(full->label, false, full->pending);
    });
    post_product(
        ProductKind::Quality, *engine_lane_, true,
        [limits, full, product](Backend& b, const CancelToken& cancel) -> std::optional<Product> {
            // A failed label was not printed as an early answer: it is the job's product.
            if (!full->label.error.empty()) return product(full->label, false, false);
            if (!full->pending) return std::nullopt;
            b.provider->explain(full->label, *b.analyzer, limits, cancel);
            return product(full->label, false, false);
        },
        std::move(early));
}

// Glossfish Commentary checked on the position and its last move.
void Session::start_verify(const Epoch& e, const Settings& s) {
    const std::string text = s.commentary;
    const Position before = e.before;
    const std::optional<Move> move = e.move;
    post_product(
        ProductKind::Verify, *engine_lane_, false,
        [before, move, text](Backend& b, const CancelToken& cancel) {
            if (!b.provider) return std::optional<Product>(no_provider());
            return std::optional<Product>(b.provider->verify(before, move, text, false, cancel));
        });
}

void Session::start_tree(const Epoch& e, const Settings& s) {
    const TreeOptions options = tree_options(s);
    const Position pos = e.position;
    post_product(ProductKind::Tree, *engine_lane_, false,
                 [pos, options](Backend& b, const CancelToken& cancel) {
                     StrategyTree t = build_tree(*b.analyzer, pos, options, &cancel);
                     return std::optional<Product>(tree_product(t));
                 });
}

// The model's comment on the last move; without a model, why not, once per session.
void Session::start_comment(const Epoch& e) {
    std::shared_ptr<Backend> b = backend();
    const std::optional<std::string> why =
        b->provider ? b->provider->comment_unavailable() : std::optional<std::string>();
    const Position before = e.before;
    if (why) {
        Locked lock(*this);
        if (!comment_error_reported_) {
            comment_error_reported_ = true;
            deliver_locked({ProductKind::Error,
                            {{"code", "no_llm_endpoint"},
                             {"message", "Glossfish Comment: " + *why},
                             {"fen", before.fen()}}});
        }
        return;
    }
    const Move move = *e.move;
    post_product(ProductKind::Comment, *model_lane_, false,
                 [before, move](Backend& backend, const CancelToken& cancel) {
                     if (!backend.provider) return std::optional<Product>(no_provider());
                     return std::optional<Product>(backend.provider->comment(before, move, cancel));
                 });
}

void Session::post_product(ProductKind kind, JobLane& lane, bool urgent, Work work,
                           std::vector<Work> early) {
    std::shared_ptr<Backend> b = backend();
    auto token = std::make_shared<CancelToken>();
    Locked lock(*this);
    const unsigned epoch = epoch_.id;
    const std::uint64_t job = ++job_ids_;
    JobLane::Job j;
    j.kind = product_kind_name(kind);
    j.group = epoch;
    j.cancel = token;
    j.run = [this, b, epoch, kind, job, token, work = std::move(work), early = std::move(early)] {
        for (const Work& first : early) {
            std::optional<Product> answer = run_guarded(first, *b, *token, kind);
            if (answer && answer->kind == kind) deliver_early(epoch, kind, job, *token, *answer);
        }
        std::optional<Product> p = run_guarded(work, *b, *token, kind);
        complete_product(epoch, kind, job, *token, std::move(p));
    };
    if (lane.post(std::move(j), urgent)) epoch_.pending[kind] = job;
}

void Session::complete_product(unsigned epoch, ProductKind kind, std::uint64_t job,
                               const CancelToken& cancel, std::optional<Product> product) {
    Locked lock(*this);
    if (epoch != epoch_.id) return;
    auto it = epoch_.pending.find(kind);
    if (it == epoch_.pending.end() || it->second != job) return;
    epoch_.pending.erase(it);
    if (!cancel.cancelled()) {
        epoch_.done.insert(kind);
        if (product) deliver_locked(std::move(*product));
    }
    release_held_locked();
}

// An early answer of a job still pending: delivered like its product, without ending the job.
void Session::deliver_early(unsigned epoch, ProductKind kind, std::uint64_t job,
                            const CancelToken& cancel, Product product) {
    Locked lock(*this);
    if (epoch != epoch_.id || cancel.cancelled()) return;
    auto it = epoch_.pending.find(kind);
    if (it == epoch_.pending.end() || it->second != job) return;
    deliver_locked(std::move(product));
}

// A product of the current position: printed now while its search runs, kept for the search
// when none has begun (replacing an early answer of its kind), dropped when its search has
// ended.
void Session::deliver_locked(Product product) {
    if (search_.active && search_.epoch == epoch_.id) {
        emit_product_locked(std::move(product));
    } else if (!epoch_.searched) {
        std::erase_if(epoch_.ready, [&](const Product& p) { return p.kind == product.kind; });
        epoch_.ready.push_back(std::move(product));
    }
}

void Session::emit_product_locked(Product product) {
    emit_locked(std::move(product));
    if (!search_.active || !search_.last_main) return;
    // Without its `multipv 1`: polyglot drops a line of the same depth, multipv, score and first
    // move as one it has posted, and XBoard's status line would keep our +0.00 line. A line
    // without multipv is the main line by the UCI protocol.
    SearchInfo again = *search_.last_main;
    again.multipv.reset();
    emit_locked(std::move(again));
}

// Cancels the products of a position (stopping their searches) and the search's lines; a
// bestmove that waited for them is printed.
void Session::cancel_products_locked(unsigned epoch) {
    if (epoch != epoch_.id) return;
    cancel_lines_locked();
    auto match = [epoch](const JobLane::Job& j) { return j.group == epoch; };
    engine_lane_->cancel_if(match);
    model_lane_->cancel_if(match);
    epoch_.pending.clear();
    release_held_locked();
}

void Session::release_held_locked() {
    if (search_.active && search_.held && !search_.lines_job &&
        (search_.epoch != epoch_.id || epoch_.pending.empty()))
        print_bestmove_locked(*search_.held);
}

// ---- requests ----

std::optional<InputError> Session::post_request(ProductKind kind, Work work) {
    std::shared_ptr<Backend> b = backend();
    auto token = std::make_shared<CancelToken>();
    Locked lock(*this);
    const std::uint64_t job = ++job_ids_;
    const std::string name = product_kind_name(kind);
    JobLane::Job j;
    j.kind = name;
    j.cancel = token;
    j.run = [this, b, kind, job, token, work = std::move(work)] {
        std::optional<Product> p = run_guarded(work, *b, *token, kind);
        Locked done(*this);
        if (!requests_.erase(job) || token->cancelled() || !p) return;
        emit_product_locked(std::move(*p));
    };
    if (!request_lane_->post(std::move(j)))
        return InputError{"busy",
                          "'" + name + "' refused: " + std::to_string(MaxQueuedRequests) +
                              " requests are waiting already",
                          {}};
    requests_[job] = name;
    return std::nullopt;
}

// Cancels every request; with announce, each gets an "error" product (code cancelled).
void Session::cancel_requests_locked(const std::string& why, bool announce) {
    request_lane_->cancel_if([](const JobLane::Job&) { return true; });
    std::map<std::uint64_t, std::string> cancelled;
    cancelled.swap(requests_);
    if (!announce) return;
    for (const auto& [job, kind] : cancelled)
        error_locked("cancelled", "'" + kind + "' was cancelled by '" + why + "'");
}

std::optional<InputError> Session::label(const LabelRequest& r) {
    Position before = current_;
    Move move = Move::none();
    if (r.move) {
        MoveParse mp = parse_san(current_, *r.move, SanMode::Lenient);
        if (!mp.ok())
            return InputError{
                std::string(move_error_name(mp.error)) + "_move", mp.named(*r.move), {}};
        move = mp.move;
    } else if (!moves_.empty()) {
        before.undo_move(moves_.back());
        move = moves_.back();
    } else {
        return InputError{
            "bad_label", "the position has no last move; use 'label move <move>'", {}};
    }
    const AnalysisLimits limits = label_limits(r.settings);
    const QualityScheme scheme = r.settings.quality_scheme;
    return post_request(
        ProductKind::Label, [before, move, limits, scheme](Backend& b, const CancelToken& cancel) {
            MoveLabel l = label_move(*b.analyzer, before, move, limits, scheme, &cancel);
            if (b.provider) b.provider->explain(l, *b.analyzer, limits, cancel);
            return std::optional<Product>(label_product(l, ProductKind::Label));
        });
}

std::optional<InputError> Session::tree(const TreeRequest& r) {
    const TreeOptions options = tree_options(r.settings);
    const Position root = current_;
    return post_request(ProductKind::Tree, [root, options](Backend& b, const CancelToken& cancel) {
        return std::optional<Product>(
            tree_product(build_tree(*b.analyzer, root, options, &cancel)));
    });
}

std::optional<InputError> Session::tool(const std::string& name, const std::string& args_json) {
    return post_request(
        ProductKind::Tool, [name, args_json](Backend& b, const CancelToken& cancel) {
            if (!b.provider) return std::optional<Product>(no_provider());
            return std::optional<Product>(b.provider->tool(name, args_json, cancel));
        });
}

std::optional<InputError> Session::verify(const std::string& input, bool claims) {
    Position before = current_;
    std::optional<Move> move;
    if (!moves_.empty()) {
        before.undo_move(moves_.back());
        move = moves_.back();
    }
    return post_request(
        ProductKind::Verify, [before, move, input, claims](Backend& b, const CancelToken& cancel) {
            if (!b.provider) return std::optional<Product>(no_provider());
            return std::optional<Product>(b.provider->verify(before, move, input, claims, cancel));
        });
}

// `go perft N`: glossfish's perft, printed like Stockfish's (one line per root move, then the
// total; no bestmove), on the request thread, stopping between root moves when cancelled.
void Session::perft(int depth) {
    const Position root = current_;
    auto token = std::make_shared<CancelToken>();
    Locked lock(*this);
    const std::uint64_t job = ++job_ids_;
    JobLane::Job j;
    j.kind = "perft";
    j.cancel = token;
    j.run = [this, root, depth, job, token] {
        Position pos = root;
        std::uint64_t total = 0;
        for (Move m : MoveList(root)) {
            if (token->cancelled()) break;
            pos.do_move(m);
            const std::uint64_t n = depth <= 1 ? 1 : glossfish::perft(pos, depth - 1);
            pos.undo_move(m);
            total += n;
            Locked printing(*this);
            if (!requests_.count(job)) return;
            emit_locked(TextLine{move_to_uci(root, m) + ": " + std::to_string(n)});
        }
        Locked printing(*this);
        if (!requests_.erase(job) || token->cancelled()) return;
        emit_locked(TextLine{""});
        emit_locked(TextLine{"Nodes searched: " + std::to_string(total)});
    };
    if (!request_lane_->post(std::move(j))) {
        error_locked("busy", "'go perft' refused: " + std::to_string(MaxQueuedRequests) +
                                 " requests are waiting already");
        return;
    }
    requests_[job] = "perft";
}

}  // namespace glossfish
