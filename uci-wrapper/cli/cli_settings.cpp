// `glossfish settings [--json]`: the one table of settings (session/settings.h) as every surface
// spells it: UCI option, command-line flag, gf_open key, type, default, range, help.
#include <cstdio>

#include "cli/cli.h"
#include "cli/flags.h"
#include "settings/settings.h"

namespace glossfish::cli {

namespace {

const char* const TypeNames[] = {"check", "spin", "combo", "string"};
const char* const RebuildNames[] = {"none", "backend", "engine"};

nlohmann::ordered_json setting_json(const SettingSpec& s) {
    nlohmann::ordered_json j;
    j["option"] =
        s.option.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(s.option);
    j["key"] = s.key.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(s.key);
    j["flag"] = s.flag.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(s.flag);
    j["type"] = TypeNames[int(s.type)];
    if (s.type == SettingType::Spin) {
        j["default"] = s.default_value.empty()
                           ? nlohmann::ordered_json(nullptr)
                           : nlohmann::ordered_json(std::stoll(s.default_value));
        j["min"] = s.min;
        j["max"] = s.max;
    } else if (s.type == SettingType::Check) {
        j["default"] = s.default_value == "true";
    } else {
        j["default"] = s.default_value;
    }
    if (s.type == SettingType::Combo) j["choices"] = s.choices;
    if (!s.kind_text.empty()) j["kind"] = s.kind_text;  // a checked text: what it must be
    j["rebuild"] = RebuildNames[int(s.rebuild)];
    j["help"] = s.help;
    return j;
}

std::string or_dash(const std::string& s) { return s.empty() ? "-" : s; }

}  // namespace

int settings_command(const Args& args) {
    bool json = false;
    Flags flags("settings",
                "Every setting, as the UCI option, the flag and the gf_open key that set it.",
                "usage: glossfish settings [--json]\n");
    flags.flag("--json", json, "one JSON array: option, key, flag, type, default, range, help");
    if (auto code = flags.parse(args)) return *code;
    if (json) {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const SettingSpec& s : setting_table()) out.push_back(setting_json(s));
        std::printf("%s\n", out.dump(2).c_str());
        return 0;
    }
    for (const SettingSpec& s : setting_table()) {
        const std::string value = s.default_value.empty() && s.type == SettingType::Spin ? "unset"
                                  : s.default_value.empty()                              ? "\"\""
                                                            : s.default_value;
        std::printf("%-28s %-15s %-16s %-7s %-8s %s\n", or_dash(s.option).c_str(),
                    or_dash(s.flag).c_str(), or_dash(s.key).c_str(), TypeNames[int(s.type)],
                    value.c_str(), s.kind().c_str());
    }
    return 0;
}

}  // namespace glossfish::cli
