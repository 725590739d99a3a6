// The UCI front end: turns GUI text into calls on the Stockfish host and our own analysis,
// and their results into UCI text. The input thread never blocks on a search.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "analyzer.h"
#include "engine_host.h"
#include "llm_client.h"
#include "position.h"
#include "quality.h"
#include "strategy_tree.h"
#include "tools.h"

namespace glossfish {

// One of our own UCI options, declared next to the code that reads it.
struct FrontOption {
    std::string name, type, default_value, help;
    long long min = 0, max = 0;
    std::vector<std::string> vars;
    std::string value;
};

class UciEngine {
public:
    using Writer = std::function<void(const std::string& line)>;

    // writer receives every output line (without newline); it must be thread-safe or the
    // engine's own output mutex is relied on (all writes go through emit()).
    explicit UciEngine(Writer writer);
    ~UciEngine();

    // Handles one input line; returns false after `quit`. Never blocks on a search.
    bool handle(std::string_view line);
    // Reads lines until `quit` or end of input.
    void run(std::istream& in);

    // Emits `info string glossfish.<kind> <json>`; json gets a "text" field if missing.
    void emit_json(const std::string& kind, nlohmann::json j);
    void emit(const std::string& line);

    const std::vector<FrontOption>& own_options() const { return own_; }
    // The language-model configuration: the environment (LlmConfig::from_env) with the options
    // "Glossfish LLM URL" / "Glossfish LLM Model" taking precedence when set.
    verifier::LlmConfig llm_config();

private:
    void cmd_uci();
    void cmd_setoption(const std::vector<std::string>& tokens, std::string_view line);
    void cmd_position(const std::vector<std::string>& tokens);
    void cmd_go(const std::vector<std::string>& tokens);
    void apply_deferred_options();
    void cmd_stop();
    void cmd_ponderhit();
    void cmd_d();
    void cmd_eval();
    void cmd_label(const std::vector<std::string>& tokens);
    void cmd_newgame();
    void cmd_tool(const std::vector<std::string>& tokens, std::string_view line);
    void cmd_tree(const std::vector<std::string>& tokens);
    void cmd_verify(const std::vector<std::string>& tokens, std::string_view line);
    // Verifies claims JSON (claims) or commentary text about move from before on the job thread.
    void post_verify(const Position& before, std::optional<Move> move, std::string input, bool claims);
    // Glossfish Comment: LLM commentary on move from before, verified, on the job thread.
    void post_comment(const Position& before, Move move);
    // Runs work that may search on the job thread, in order; the input thread goes on.
    void post_job(std::function<void()> job);
    void job_loop();
    void emit_tree(const Position& root, TreeOptions options);
    void error(const std::string& code, const std::string& message);

    bool ensure_host();  // starts (or restarts) the child if needed; blocks for the handshake
    void join_restart();
    // A search that cannot end normally: a legal fallback bestmove; with restart, engine_failed
    // is reported and the child restarted (without: it could not even start).
    void on_search_failure(const std::string& reason, unsigned search_id, bool restart = true);
    void finish_search(unsigned search_id, const std::string& bestmove_line);
    void on_multipv_info(const SearchInfo& info, unsigned search_id);
    bool search_active();
    Position before_last_move() const;  // needs a non-empty moves_
    void post_label(const Position& before, Move move, int depth, QualityScheme scheme,
                    const std::string& kind);
    void label_loop();

    FrontOption* own_option(std::string_view name);
    const OptionDecl* child_option(std::string_view name);
    bool opt_check(std::string_view name);
    long long opt_spin(std::string_view name);
    std::string opt_string(std::string_view name);
    Analyzer& analyzer();

    Writer writer_;
    std::mutex out_mutex_;
    std::vector<FrontOption> own_;
    std::unique_ptr<EngineHost> host_;
    std::optional<std::string> host_error_;
    std::vector<OptionDecl> child_options_;
    std::vector<std::pair<std::string, std::string>> child_values_;  // user-set child options
    // Child options set during a search, sent when it has ended (before the next go).
    std::vector<std::pair<std::string, std::string>> deferred_options_;

    // Position state: root, moves, and the resulting position.
    Position root_, current_;
    std::vector<Move> moves_;
    std::string root_text_ = "startpos";  // what we send the child
    bool chess960_ = false, analyse_mode_ = false, debug_ = false;
    int multipv_ = 1;

    // Search state, guarded by search_mutex_.
    std::mutex search_mutex_;
    std::condition_variable search_cv_;  // signalled when a search has printed its bestmove
    unsigned search_id_ = 0;
    bool search_active_ = false;
    bool stop_requested_ = false;
    bool search_analysis_ = false;
    Position search_root_;
    Position search_before_;          // the searched position before its last move (for verify)
    std::optional<Move> search_move_;  // that last move, if any
    std::atomic<bool> comment_error_reported_{false};  // Glossfish Comment without an endpoint
    std::optional<SearchInfo> last_main_info_;
    std::vector<SearchInfo> multipv_lines_;

    std::thread restart_thread_;
    std::mutex analyzer_mutex_;
    std::unique_ptr<Analyzer> analyzer_;

    // The label worker and its single pending job (newest wins).
    struct LabelJob {
        Position before;
        Move move;
        int depth;
        QualityScheme scheme;
        std::string kind;  // "quality" (automatic) or "label" (the UCI command)
        bool reproducible = false;  // Glossfish Reproducible when posted
    };
    std::mutex label_mutex_;
    std::condition_variable label_cv_;
    std::optional<LabelJob> label_job_;
    bool label_stop_ = false;
    std::thread label_worker_;

    // The job thread for `tool` and `tree` (first in, first out).
    std::mutex job_mutex_;
    std::condition_variable job_cv_;
    std::deque<std::function<void()>> jobs_;
    bool job_stop_ = false;
    std::thread job_worker_;
    std::unique_ptr<verifier::ToolSuite> tools_;
    bool tools_reproducible_ = false;  // the Glossfish Reproducible value tools_ was made with
    verifier::ToolSuite& tools(bool reproducible);
};

}  // namespace glossfish
