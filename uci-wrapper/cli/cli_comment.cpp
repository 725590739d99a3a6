// `glossfish comment --fen F --move M [--depth D] [--pretty] [--verbose]`: a language model
// writes commentary on the move with the tools, the judge verifies it (verifier/judge/commenter.h);
// prints each sentence with its verdict as JSON.
#include <chrono>
#include <cstdio>
#include <memory>

#include "cli/cli.h"
#include "cli/flags.h"
#include "io/utf8.h"
#include "judge/commenter.h"
#include "service/make_tool_suite.h"
#include "service/session_provider.h"
#include "settings/settings.h"
#include "tools/board_tools.h"
#include "tools/tool_suite.h"

namespace glossfish::cli {

namespace {

const char* CommentUsage =
    "usage: glossfish comment --fen FEN --move M [--depth D] [--deadline SECONDS] [--pretty]\n"
    "                         [--temperature T] [--max-tokens N]\n"
    "                         [--verbose]\n"
    "  --deadline S  the whole command ends within S seconds (default 300)\n"
    "  the model comes from GLOSSFISH_LLM_URL, GLOSSFISH_LLM_MODEL, GLOSSFISH_LLM_KEY\n";

}  // namespace

int comment_command(const Args& args) {
    const auto started = std::chrono::steady_clock::now();
    long long deadline_s = DefaultLlmDeadlineSeconds;
    std::optional<std::string> fen, move;
    Settings settings;  // the defaults every surface shares, as the flags change them
    bool pretty = false, verbose = false;
    Flags flags("comment", "LLM commentary on one move, checked by the verifier.", CommentUsage);
    flags.fen(fen)->required();
    flags.text("--move", move, "the move, SAN or UCI")->required();
    flags.setting(settings, &Settings::analysis_depth);
    flags.number("--deadline", deadline_s, 1, 86400, "the whole command's seconds");
    flags.flag("--pretty", pretty, "indent the answer");
    flags.flag("--verbose", verbose, "log every model request on stderr");
    flags.setting(settings, &Settings::llm_temperature);
    flags.setting(settings, &Settings::llm_max_tokens);
    if (auto code = flags.parse(args)) return *code;
    std::vector<std::string> warnings;
    verifier::LlmConfig config = verifier::LlmConfig::from_env(&warnings);
    verifier::apply_sampling(config, settings);
    for (const auto& w : warnings) std::fprintf(stderr, "glossfish comment: %s\n", w.c_str());
    if (!config.configured()) {
        std::fprintf(stderr, "glossfish comment: %s\n", verifier::NoLlmEndpointMessage);
        return 2;
    }
    if (std::string url_error; config.endpoint(&url_error).empty()) {
        std::fprintf(stderr, "glossfish comment: %s\n", url_error.c_str());
        return 2;
    }
    Position before;
    if (FenStatus status = before.set(*fen); !status.ok()) {
        std::fprintf(stderr, "glossfish comment: %s\n", status.message().c_str());
        return 2;
    }
    if (MoveParse mp = verifier::parse_move_text(before, *move); !mp.ok()) {
        std::fprintf(stderr, "glossfish comment: move '%s': %s\n", move->c_str(),
                     mp.message.c_str());
        return 2;
    }
    if (verbose)
        config.log = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
    config.deadline = started + std::chrono::seconds(deadline_s);
    config.deadline_s = double(deadline_s);
    std::unique_ptr<verifier::ToolSuite> suite = verifier::make_tool_suite(settings);
    verifier::LlmClient client(config);
    verifier::PromptLibrary prompts;
    const verifier::VerifyOptions options = verifier::verify_options(settings);
    verifier::CommentResult r =
        verifier::comment_on(client, prompts, *suite, before, *move, options);
    nlohmann::json j = verifier::comment_json(r);
    std::printf(
        "%s\n",
        j.dump(pretty ? 2 : -1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    if (!r.ok) {
        std::fprintf(stderr, "glossfish comment: %s\n", r.error.c_str());
        return 1;
    }
    return 0;
}

}  // namespace glossfish::cli
