// The verifier library reports the project version.
#include "claims/verifier.h"

#include <gtest/gtest.h>

#include <string>

#include "settings/settings.h"

TEST(Verifier, VersionIsInBuildInfo) {
    const std::string version = glossfish::version();
    EXPECT_FALSE(version.empty());
    EXPECT_EQ(glossfish::verifier::build_info()["version"], version);
}
