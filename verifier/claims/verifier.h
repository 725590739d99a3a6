// The verifier library: its version and build facts (the tool suite will live here).
#pragma once

#include <nlohmann/json.hpp>

namespace glossfish::verifier {

// Name, version (glossfish::version(), engine/settings/settings.h) and compiler of this build as
// JSON.
nlohmann::json build_info();

}  // namespace glossfish::verifier
