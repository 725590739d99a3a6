// The verifier library: its version and build facts (the tool suite will live here).
#pragma once

#include <nlohmann/json.hpp>

namespace glossfish::verifier {

// The project version, e.g. "0.1.0".
const char* version();

// Name, version and compiler of this build as JSON.
nlohmann::json build_info();

}  // namespace glossfish::verifier
