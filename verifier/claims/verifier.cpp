// The verifier library: its version and build facts.
#include "claims/verifier.h"

#include "settings/settings.h"

namespace glossfish::verifier {

namespace {

#if defined(__clang__)
constexpr const char* Compiler = "clang " __clang_version__;
#elif defined(__GNUC__)
constexpr const char* Compiler = "gcc " __VERSION__;
#else
constexpr const char* Compiler = "unknown";
#endif

}  // namespace

nlohmann::json build_info() {
    return {{"name", "glossfish"}, {"version", glossfish::version()}, {"compiler", Compiler}};
}

}  // namespace glossfish::verifier
