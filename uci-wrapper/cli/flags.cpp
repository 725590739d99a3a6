// The shared flag layer of the subcommands (cli/flags.h) over CLI11.
#include "cli/flags.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "io/text.h"
#include "io/utf8.h"

namespace glossfish::cli {

namespace {

// CLI11 words a missing value "NAME: 1 required TYPE missing"; we say "NAME needs a value".
std::string usage_error_text(const CLI::ParseError& e) {
    std::string what = e.what();
    const std::size_t colon = what.find(": ");
    if (e.get_name() == "ArgumentMismatch" && colon != std::string::npos && what.size() > 8 &&
        what.compare(what.size() - 8, 8, " missing") == 0)
        return what.substr(0, colon) + " needs a value";
    return what;
}

// "a|b|c": a combo setting's choices as a value type.
std::string join_choices(const std::vector<std::string>& choices) {
    std::string out;
    for (const std::string& c : choices) out += (out.empty() ? "" : "|") + c;
    return out;
}

}  // namespace

std::string resolve_fen(const std::string& text) { return text == "startpos" ? StartFen : text; }

bool read_fen(const char* command, const std::string& text, bool chess960, Position& pos,
              bool warnings) {
    FenStatus status = pos.set(resolve_fen(text), chess960);
    if (!status.ok()) {
        std::fprintf(stderr, "glossfish %s: %s\n", command, status.message().c_str());
        return false;
    }
    if (warnings)
        for (const auto& w : status.warnings)
            std::fprintf(stderr, "glossfish %s: warning: %s\n", command, w.message.c_str());
    return true;
}

Flags::Flags(const char* command, const std::string& summary, const std::string& usage)
    : command_(command), app_(summary, std::string("glossfish ") + command) {
    app_.set_help_flag("-h,--help", "print this help and exit");
    app_.allow_extras(true);  // reported by parse() in our words
    // A flag given twice keeps its last value, as the hand parsing did.
    app_.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    app_.footer(usage);
}

CLI::Option* Flags::flag(const std::string& names, bool& target, const std::string& help) {
    return app_.add_flag(names, target, help);
}

CLI::Option* Flags::text(const std::string& names, std::string& target, const std::string& help) {
    return app_.add_option(names, target, help);
}

CLI::Option* Flags::text(const std::string& names, std::optional<std::string>& target,
                         const std::string& help) {
    std::string& raw = slot();
    CLI::Option* o = app_.add_option(names, raw, help);
    after(o, raw, [&target](const std::string& v) {
        target = v;
        return true;
    });
    return o;
}

void Flags::after(CLI::Option* o, const std::string& raw,
                  std::function<bool(const std::string&)> store) {
    checks_.push_back(
        [o, &raw, store = std::move(store)] { return o->count() == 0 || store(raw); });
}

CLI::Option* Flags::list(const std::string& names, std::vector<std::string>& target,
                         const std::string& help) {
    CLI::Option* o = app_.add_option(names, target, help);
    o->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    if (o->nonpositional()) o->allow_extra_args(false);
    return o;
}

CLI::Option* Flags::number_impl(const std::string& names, long long lo, long long hi,
                                const std::string& help, std::function<void(long long)> store) {
    std::string& raw = slot();
    CLI::Option* o = app_.add_option(names, raw, help);
    o->type_name("INT " + std::to_string(lo) + ".." + std::to_string(hi));
    after(o, raw, [this, o, lo, hi, store = std::move(store)](const std::string& text) {
        long long v = 0;
        auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || p != text.data() + text.size() || v < lo || v > hi) {
            fail(range_error(o->get_name(), lo, hi, text));
            return false;
        }
        store(v);
        return true;
    });
    return o;
}

CLI::Option* Flags::fen(std::string& target, const std::string& help) {
    std::vector<std::string>& words = words_.emplace_back();
    CLI::Option* o = app_.add_option("--fen", words, help);
    o->expected(1, CLI::detail::expected_max_vector_size)->type_name("FEN|startpos");
    o->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    o->trigger_on_parse();  // each --fen starts over: the last one counts, as for every flag
    checks_.push_back([o, &words, &target] {
        if (o->count() == 0) return true;
        std::string joined;
        for (const std::string& w : words) joined += (joined.empty() ? "" : " ") + w;
        target = resolve_fen(joined);
        return true;
    });
    return o;
}

CLI::Option* Flags::fen(std::optional<std::string>& target, const std::string& help) {
    std::string& value = slot();
    CLI::Option* o = fen(value, help);
    checks_.push_back([o, &value, &target] {
        if (o->count() > 0) target = value;
        return true;
    });
    return o;
}

CLI::Option* Flags::setting(Settings& settings, SettingField field, const std::string& alias) {
    const SettingSpec& spec = setting_of(field);
    const std::string names =
        alias.empty() || alias == spec.flag ? spec.flag : alias + "," + spec.flag;
    const std::string shown = setting_text(settings, spec);
    const std::string help = spec.help + (shown.empty() ? "" : " (default: " + shown + ")");
    if (spec.type == SettingType::Check) {
        bool& on = switches_.emplace_back(false);
        CLI::Option* o = app_.add_flag(names, on, help);
        checks_.push_back([&settings, &spec, &on, o] {
            if (o->count() > 0) set_setting(settings, spec, on ? "true" : "false");
            return true;
        });
        return o;
    }
    std::string& raw = slot();
    CLI::Option* o = app_.add_option(names, raw, help);
    o->type_name(spec.type == SettingType::Spin
                     ? "INT " + std::to_string(spec.min) + ".." + std::to_string(spec.max)
                 : spec.type == SettingType::Combo ? join_choices(spec.choices)
                                                   : "TEXT");
    after(o, raw, [this, &settings, &spec, o](const std::string& v) {
        std::string value = v;
        if (auto err = check_setting(spec, o->get_name(), value)) {
            fail(*err);
            return false;
        }
        set_setting(settings, spec, value);
        return true;
    });
    return o;
}

void Flags::search_limit(Settings& settings, SettingField depth_field, bool movetime) {
    CLI::Option* d = setting(settings, depth_field, "--depth");
    CLI::Option* n = setting(settings, &Settings::analysis_nodes);
    d->excludes(n);
    if (!movetime) return;
    CLI::Option* t = setting(settings, &Settings::analysis_movetime_ms);
    d->excludes(t);
    n->excludes(t);
}

CLI::Option* Flags::shard(ShardSpec& target, bool* given) {
    std::string& raw = slot();
    CLI::Option* o = app_.add_option("--shard", raw, "only shard I of N (I counts from 0)");
    o->type_name("I/N");
    after(o, raw, [this, &target, given](const std::string& v) {
        ShardParse p = parse_shard(v);
        if (!p.ok()) {
            fail(p.error);
            return false;
        }
        target = p.spec;
        if (given) *given = true;
        return true;
    });
    return o;
}

void Flags::puzzle_source(std::string& csv, std::string& jsonl) {
    CLI::Option* c = text("--csv", csv, "lichess puzzles (CSV)");
    CLI::Option* j = text("--jsonl", jsonl, "positions, one JSON object a line");
    c->excludes(j);
    requirements_.push_back([this, c, j] {
        if (c->count() + j->count() > 0) return true;
        fail("give one of --csv and --jsonl");
        return false;
    });
}

void Flags::bootstrap(int& resamples, std::uint64_t& seed) {
    number("--bootstrap", resamples, 1, 1000000, "resamples of the 95% intervals");
    number("--seed", seed, 0, 4000000000000000000LL, "seed of the resampling");
}

int Flags::fail(const std::string& message) const {
    std::fprintf(stderr, "glossfish %s: %s\n", command_.c_str(), message.c_str());
    return 2;
}

std::optional<int> Flags::fail_on_extra() const {
    std::vector<std::string> rest = app_.remaining();
    if (rest.empty()) return std::nullopt;
    const std::string& a = rest.front();
    const bool dashed = a.size() > 1 && a[0] == '-';
    return fail(std::string(dashed ? "unknown flag " : "unexpected argument ") + quote_input(a));
}

std::optional<int> Flags::parse(const Args& args) {
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 reads from the back
    try {
        app_.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        std::fputs(app_.help().c_str(), stdout);
        return 0;
    } catch (const CLI::RequiredError& e) {
        // An unknown flag or a bad value (read before the requirements are checked) is what
        // was typed wrong: it comes before "--x is required".
        if (auto code = fail_on_extra()) return code;
        for (auto& c : checks_)
            if (!c()) return 2;
        return fail(e.what());
    } catch (const CLI::ParseError& e) {
        if (auto code = fail_on_extra()) return code;
        return fail(usage_error_text(e));
    }
    if (auto code = fail_on_extra()) return code;
    for (auto& c : checks_)
        if (!c()) return 2;
    for (auto& c : requirements_)
        if (!c()) return 2;
    return std::nullopt;
}

}  // namespace glossfish::cli
