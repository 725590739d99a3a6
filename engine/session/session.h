// Session: one glossfish engine, the typed API under the UCI loop. It owns the GUI's search
// on a hosted Stockfish (EngineHost), our own analysis on the Analyzer pool, one Settings and
// the option table, and it schedules every analysis product (move labels, MultiPV lines,
// strategy trees, verified commentary, LLM comments, answers to requests) under one delivery
// contract (docs/uci.md "Delivery"):
//  - Analysis (UCI_AnalyseMode, `go infinite`, or a go without a clock): the products of the
//    searched position are printed before that search's bestmove, which waits for them;
//    `stop` ends the wait at once and drops what is not ready.
//  - Timed games: bestmove never waits; what is not ready when it is printed is cancelled.
//  - A new position or `ucinewgame` cancels all work for the old one (searches are stopped,
//    trees and model calls abandoned); nothing of it is printed afterwards.
// Products start when the position arrives and are printed only while that position's search
// runs (from its `go` to its bestmove), so every line belongs to the search it comes in. The
// MultiPV lines (glossfish.lines) are labelled by a worker from a copy of each complete set of
// lines; in analysis the bestmove waits for the search's last set too.
// Products that need the verifier (tool calls, verify, LLM comments) come from a
// ProductProvider that the verifier library implements (verifier/service/session_provider.h).
//
// Threads: calls come from one thread (the UCI input thread). Stockfish's reader thread only
// relays the search's lines and copies them for the lines' worker; every product (labels,
// reasons, trees, verification, tool calls) is made on a worker without the Session's mutex,
// which is held only to copy state in and to publish a product out (a short lock, never across
// a search, a tool call or a verification; the lanes destroy their jobs outside it too).
// Events go to the sink from the caller's thread, Stockfish's reader thread and the product
// threads, one at a time and in order, and never with the Session's mutex held: events are
// queued under it and delivered after it is released, by whichever thread is delivering (a
// sink that calls back into the Session queues its events for the delivery already under way).
// A sink that blocks (a GUI that stops reading) blocks only the thread delivering; the others
// queue and go on.
// No call blocks on a search: only start_engine(), options() and set_option() of a
// Stockfish option may wait for Stockfish's handshake (up to 5 s), go() waits up to 1.5 s for
// a stopped search's bestmove, and shutdown() for at most its budget; any call that emits an
// event may deliver the queue, and so waits while the sink does.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "analysis/strategy_tree.h"
#include "host/analyzer.h"
#include "host/cancel.h"
#include "host/engine_host.h"
#include "host/job_lane.h"
#include "host/uci_input.h"
#include "io/mutex.h"
#include "rules/position.h"
#include "settings/settings.h"

namespace glossfish {

// What a product is. Its name (product_kind_name) is the <kind> of `info string
// glossfish.<kind> <json>` in UCI and of the readable line "glossfish <kind>: …"; the one table
// of names is in session.cpp.
enum class ProductKind {
    Quality,  // the label of the position's last move (analysis, Glossfish Quality)
    Label,    // the answer to `label`
    Lines,    // the labels of the search's MultiPV lines
    Tree,     // a strategy tree: of the position (Glossfish Tree) or the answer to `tree`
    Verify,   // verified commentary: Glossfish Commentary or the answer to `verify`
    Comment,  // the language model's verified commentary (Glossfish Comment)
    Tool,     // the answer to `tool`
    Opening,  // the named opening of the position
    Live,     // the live page's address (uci/)
    Error,    // an error of any of them, or of the input
};
// "quality", "label", "lines", "tree", "verify", "comment", "tool", "opening", "live", "error".
const char* product_kind_name(ProductKind kind);
// The kind of a name, exactly as product_kind_name spells it; nullopt for any other text.
std::optional<ProductKind> parse_product_kind(std::string_view name);

// One analysis product or error: `info string glossfish.<kind> <json>` in UCI. Every JSON has a
// short human "text".
struct Product {
    ProductKind kind = ProductKind::Error;
    nlohmann::ordered_json json;  // ordered: a tree's compact form keeps its MultiPV order
};

// A line printed as it is (perft, Stockfish's eval table, debug lines).
struct TextLine {
    std::string text;
};

using SessionEvent = std::variant<SearchInfo, BestMove, Product, TextLine>;

// Products that need the verifier library. Every call blocks until its answer is ready or
// cancel is set (then the answer is thrown away); none throws.
class ProductProvider {
public:
    virtual ~ProductProvider() = default;
    // `tool NAME {json}`: {"tool","result","text"} as a "tool" product.
    virtual Product tool(const std::string& name, const std::string& args_json,
                         const CancelToken& cancel) = 0;
    // Claims JSON (claims) or commentary text about move from before: a "verify" product, or
    // an "error" product (the verify tool's code: bad_fen, bad_claims, illegal_move, …).
    virtual Product verify(const Position& before, std::optional<Move> move,
                           const std::string& input, bool claims, const CancelToken& cancel) = 0;
    // Why LLM comments cannot be made (no endpoint), or nullopt.
    virtual std::optional<std::string> comment_unavailable() = 0;
    // The language model's verified commentary on move: a "comment" product, or an "error"
    // product (comment_failed).
    virtual Product comment(const Position& before, Move move, const CancelToken& cancel) = 0;
    // The verified reasons of a label that the board alone proves (no search: it runs for each
    // set of the engine's own lines, e.g. for glossfish.lines, on the Session's lines worker
    // while other workers may call the provider). Default: none.
    virtual void explain_board(MoveLabel& label) { (void)label; }
    // Adds the verified reasons to a label made on analyzer at limits (blocks for the searches
    // its engine claims need; most are the label's own, cached). With limits.cached_only no
    // search is made; returns false when one was needed (explaining again without cached_only
    // may say more). Default: none, and true.
    virtual bool explain(MoveLabel& label, Analyzer& analyzer, const AnalysisLimits& limits,
                         const CancelToken& cancel) {
        (void)label, (void)analyzer, (void)limits, (void)cancel;
        return true;
    }
};

// Makes the provider from the session's settings and its analysis pool (which outlives it).
using ProductProviderFactory =
    std::function<std::unique_ptr<ProductProvider>(const Settings&, Analyzer&)>;

// `label [move M] [depth D] [scheme S]`: the label of a move, with the session's settings as
// the request changed them (label_limits, quality_scheme).
struct LabelRequest {
    std::optional<std::string> move;  // SAN or UCI from the current position; else its last move
    Settings settings;
};

// `tree [plies P] [breadth K] [depth D | nodes N]`: the strategy tree of the position with the
// session's settings as the request changed them (tree_options).
struct TreeRequest {
    Settings settings;
};

// The one legal move that leads from `from` to `to` (same placement, side to move and
// castling rights), or nullopt.
std::optional<Move> move_between(const Position& from, const Position& to);

class Session {
public:
    using Sink = std::function<void(const SessionEvent&)>;

    explicit Session(Sink sink, ProductProviderFactory products = {});
    // shutdown() with a generous budget, then waits for every thread.
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // ---- the engine and its options ----

    // Starts Stockfish unless it runs. Blocks for the handshake (up to 5 s). A failure is an
    // "error" product (engine_start) and false.
    bool start_engine();
    // Stockfish's `id name`, "" when it is not running.
    std::string engine_name();
    // Every option: Stockfish's (starting it if needed), then ours (ours win a name clash).
    std::vector<OptionDecl> options();
    // Checks and applies one option, ours or Stockfish's (names are case-insensitive).
    // Stockfish's options set during a search reach it when the search has ended.
    std::optional<InputError> set_option(const std::string& name, std::string value,
                                         bool has_value);
    const Settings& settings() const { return settings_; }
    // Relays Stockfish's non-search lines in debug mode.
    void set_debug(bool on) { debug_.store(on); }

    // ---- position and search ----

    // Sets the position from a FEN (or StartFen) and UCI moves, checked by the rules core;
    // on an error the previous position stays. Cancels the products of the old position and
    // starts those of the new one. Does not block.
    std::optional<InputError> set_position(const PositionCommand& command);
    Position position() const;
    // The game as the Session holds it (input thread): its root and its moves in UCI, with a
    // move inferred between FEN-only positions included.
    Position game_root() const { return root_; }
    std::vector<std::string> game_moves_uci() const;
    // Starts a search (or perft); exactly one BestMove event follows (none for perft). A search
    // still running is stopped first (error `busy` unless it was already stopping).
    std::optional<InputError> go(const GoParams& params);
    // A go whose parameters were rejected: the error, then a depth-1 search (pondering when
    // asked), so the GUI gets a legal bestmove at once and no search nobody asked for.
    void go_rejected(const InputError& error, bool ponder);
    void stop();       // does not block
    void ponderhit();  // does not block
    // Cancels all glossfish work and tells Stockfish; refused (busy) during a search.
    std::optional<InputError> new_game();
    bool searching() const;

    // ---- requests: each is answered by one product when ready (non-blocking) ----
    std::optional<InputError> label(const LabelRequest& request);
    std::optional<InputError> tree(const TreeRequest& request);
    std::optional<InputError> tool(const std::string& name, const std::string& args_json);
    // Claims JSON or commentary on the last move of the position (the position itself when it
    // has no moves).
    std::optional<InputError> verify(const std::string& input, bool claims);
    // Stockfish's static evaluation table of the position, as text lines.
    std::optional<InputError> eval();

    // Cancels everything, stops the search and ends every child; waits at most budget for the
    // product threads. False when one of them was still busy (the caller may then exit at
    // once: nothing of the session is printed any more).
    bool shutdown(std::chrono::milliseconds budget);

private:
    // The Analyzer pool and the provider made from the settings of one moment.
    struct Backend {
        std::unique_ptr<Analyzer> analyzer;
        std::unique_ptr<ProductProvider> provider;  // declared after: destroyed first
    };
    // One position (one `position` command) and the state of its products.
    struct Epoch {
        unsigned id = 0;
        Position position, before;  // before: the position before its last move
        std::optional<Move> move;   // that last move
        bool inferred = false;      // the move was inferred from a FEN one move on (ChessX)
        Square previous_capture = NoSquare;  // where the move before it captured, if it did
        bool previous_known = false;         // that move is known (the position's moves)
        std::map<ProductKind, std::uint64_t> pending;  // kind -> job, queued or running
        std::set<ProductKind> done;                    // kinds finished (printed or failed)
        std::vector<Product> ready;                    // finished before its search began
        bool searched = false;                         // a search of it began
    };
    // The labels of one search's MultiPV lines, by the lines' moves and scores (the same line
    // comes at many depths): made on the lines' worker, read and written under its mutex.
    struct LineLabels {
        Mutex mutex;
        std::map<std::string, nlohmann::json> by_key GLOSSFISH_GUARDED_BY(mutex);
    };
    // What a search's lines are labelled with, fixed at go: an option set during the search (on
    // the input thread) changes the input thread's settings_ and backend_, never these.
    struct LinesContext {
        Position root;
        QualityScheme scheme = DefaultQualityScheme;
        std::shared_ptr<Backend> backend;
        LineLabels labels;
    };
    // The GUI's search.
    struct Search {
        unsigned id = 0, epoch = 0;
        bool active = false;       // go sent, bestmove not printed yet
        bool engine_done = false;  // Stockfish answered (the bestmove may be held)
        bool stop_requested = false;
        bool analysis = false;  // bestmove waits for the position's products
        bool lines = false;     // glossfish.lines for MultiPV (analysis, labels on)
        int multipv = 1;
        int legal_moves = 0;           // of the root
        std::optional<BestMove> held;  // the bestmove waiting for them
        Position root;
        std::optional<SearchInfo> last_main;
        std::vector<SearchInfo> multipv_lines;  // the set of lines of the depth coming in
        // What the lines' worker labels them with (with lines only).
        std::shared_ptr<LinesContext> lines_context;
        // The newest complete set waiting for the worker (an older one waiting is replaced).
        std::optional<std::vector<SearchInfo>> lines_next;
        // The lines job queued or running for this search, 0 when none: in analysis the
        // bestmove waits for it.
        std::uint64_t lines_job = 0;
    };

    // Holds mutex_. The events emitted under it (emit_locked) are queued and reach the sink
    // after it is released, so the sink never runs with mutex_ held: a slow reader of the
    // output stalls only the thread that delivers, and a sink may call back into the Session.
    class GLOSSFISH_SCOPED_CAPABILITY Locked {
    public:
        explicit Locked(Session& session) GLOSSFISH_ACQUIRE(session.mutex_) : session_(session) {
            session_.mutex_.lock();
        }
        ~Locked() GLOSSFISH_RELEASE() {
            if (held_) session_.mutex_.unlock();
            session_.flush_events();
        }
        Locked(const Locked&) = delete;
        Locked& operator=(const Locked&) = delete;
        void unlock() GLOSSFISH_RELEASE() {
            session_.mutex_.unlock();
            held_ = false;
            session_.flush_events();
        }
        void lock() GLOSSFISH_ACQUIRE() {
            session_.mutex_.lock();
            held_ = true;
        }

    private:
        Session& session_;
        bool held_ = true;
    };

    // events
    // Queues an event for the sink (mutex_ held); it is delivered when the lock is released.
    void emit_locked(SessionEvent event) GLOSSFISH_REQUIRES(mutex_) GLOSSFISH_EXCLUDES(out_mutex_);
    // Delivers the queued events in order, unless another thread (or this one, re-entering
    // from the sink) is delivering already: that one delivers them. Called without mutex_.
    void flush_events() GLOSSFISH_EXCLUDES(mutex_, out_mutex_);
    void error_locked(const std::string& code, const std::string& message,
                      nlohmann::json extra = nlohmann::json::object()) GLOSSFISH_REQUIRES(mutex_);
    void error(const std::string& code, const std::string& message,
               nlohmann::json extra = nlohmann::json::object());

    // engine host
    bool ensure_host();
    void join_restart();
    void restart_host_locked() GLOSSFISH_REQUIRES(mutex_);
    void apply_deferred_options();
    const OptionDecl* child_option(const std::string& name) const;

    // search
    void start_search(const GoParams& params, bool may_hold);
    void on_info(const SearchInfo& info, unsigned id);
    void on_engine_bestmove(const BestMove& best, unsigned id);
    // A search that cannot end normally: a legal fallback bestmove; with restart, engine_failed
    // is reported and the child started again (without: it could not even start).
    void on_search_failure(const std::string& reason, unsigned id, bool restart = true);
    void finish_search_locked(BestMove best) GLOSSFISH_REQUIRES(mutex_);
    void print_bestmove_locked(const BestMove& best) GLOSSFISH_REQUIRES(mutex_);
    // Collects a depth's MultiPV lines; a complete set goes to the lines' worker.
    void multipv_lines_locked(const SearchInfo& info) GLOSSFISH_REQUIRES(mutex_);
    // The lines' worker: labels the newest set waiting, without mutex_, and publishes it while
    // its search runs on the current position; until no set waits.
    void run_lines(const std::shared_ptr<LinesContext>& context, std::uint64_t job)
        GLOSSFISH_EXCLUDES(mutex_);
    // Drops the search's waiting set and its lines job: nothing of them is printed.
    void cancel_lines_locked() GLOSSFISH_REQUIRES(mutex_);
    std::string position_line() const;

    // products (session_products.cpp)
    std::shared_ptr<Backend> backend();
    void start_products(bool at_go, bool analysis);
    std::optional<Epoch> snapshot_epoch();
    static bool wanted(const Epoch& e, ProductKind kind);
    void start_label(const Epoch& e, const Settings& s);
    void start_verify(const Epoch& e, const Settings& s);
    void start_tree(const Epoch& e, const Settings& s);
    void start_comment(const Epoch& e);
    using Work = std::function<std::optional<Product>(Backend&, const CancelToken&)>;
    // Queues a product's work on lane; the `early` works run before it in the same job, in
    // order, and their products are printed as early answers that the work's own product
    // follows (none: the last early answer stands).
    void post_product(ProductKind kind, JobLane& lane, bool urgent, Work work,
                      std::vector<Work> early = {});
    void deliver_early(unsigned epoch, ProductKind kind, std::uint64_t job,
                       const CancelToken& cancel, Product product);
    // A product during a search, then the search's latest main line again, without its
    // multipv field (GUIs that show only the last info line then show the engine's score, not
    // ours).
    void emit_product_locked(Product product) GLOSSFISH_REQUIRES(mutex_);
    void complete_product(unsigned epoch, ProductKind kind, std::uint64_t job,
                          const CancelToken& cancel, std::optional<Product> product);
    void deliver_locked(Product product) GLOSSFISH_REQUIRES(mutex_);
    void cancel_products_locked(unsigned epoch) GLOSSFISH_REQUIRES(mutex_);
    void release_held_locked() GLOSSFISH_REQUIRES(mutex_);
    std::optional<InputError> post_request(ProductKind kind, Work work);
    void cancel_requests_locked(const std::string& why, bool announce) GLOSSFISH_REQUIRES(mutex_);
    void perft(int depth);

    Sink sink_;
    ProductProviderFactory provider_factory_;
    // The input thread's own state: read and written there only (set_option, set_position,
    // go). Another thread gets a copy taken at go (Search) or in a job's capture, never these.
    Settings settings_;
    std::atomic<bool> debug_{false};

    // Stockfish for the GUI's search (input thread, and the restart thread).
    std::unique_ptr<EngineHost> host_;
    std::vector<OptionDecl> child_options_;
    std::vector<std::pair<std::string, std::string>> child_values_;      // user-set
    std::vector<std::pair<std::string, std::string>> deferred_options_;  // set during a search
    std::thread restart_thread_ GLOSSFISH_GUARDED_BY(mutex_);            // joined by join_restart()
    bool chess960_ = false, analyse_mode_ = false;
    int multipv_ = 1;

    // The position (input thread).
    Position root_, current_;
    std::vector<Move> moves_;
    bool startpos_ = true;
    bool last_go_analysis_ = true;  // labels start with the position when the last go analysed
    // A FEN-only position may be read as the previous one plus a move: not before the first
    // position of a game (after ucinewgame).
    bool may_infer_ = false;

    // Events waiting for the sink, in the order they were emitted (under out_mutex_, which is
    // never held while the sink runs).
    Mutex out_mutex_;
    std::deque<SessionEvent> out_queue_ GLOSSFISH_GUARDED_BY(out_mutex_);
    bool flushing_ GLOSSFISH_GUARDED_BY(out_mutex_) = false;

    // Guarded by mutex_; the sink is never called with it held.
    mutable Mutex mutex_;
    CondVar search_cv_;  // a search's bestmove was printed
    Epoch epoch_ GLOSSFISH_GUARDED_BY(mutex_);
    Search search_ GLOSSFISH_GUARDED_BY(mutex_);
    unsigned search_ids_ GLOSSFISH_GUARDED_BY(mutex_) = 0;
    unsigned epoch_ids_ GLOSSFISH_GUARDED_BY(mutex_) = 0;
    std::uint64_t job_ids_ GLOSSFISH_GUARDED_BY(mutex_) = 0;
    // Outstanding requests by job id: the command each answers ("label", "tree", "tool",
    // "verify": its product kind's name; "perft"), for the messages that name it.
    std::map<std::uint64_t, std::string> requests_ GLOSSFISH_GUARDED_BY(mutex_);
    bool comment_error_reported_ GLOSSFISH_GUARDED_BY(mutex_) = false;
    bool shutting_down_ GLOSSFISH_GUARDED_BY(mutex_) = false;

    std::shared_ptr<Backend> backend_;  // input thread; jobs keep their own reference
    // Last, so that they stop before anything they use goes away.
    std::unique_ptr<JobLane> engine_lane_;   // quality, verify, tree of the position
    std::unique_ptr<JobLane> model_lane_;    // LLM comments
    std::unique_ptr<JobLane> request_lane_;  // label, tree, tool, verify, perft requests
    std::unique_ptr<JobLane> lines_lane_;    // the MultiPV lines' labels of the search
};

}  // namespace glossfish
