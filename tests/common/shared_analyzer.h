// A test suite whose tests share one Stockfish analysis pool: started before the suite's first
// test, ended after its last (a pool per test would start Stockfish for every test).
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "host/analyzer.h"

namespace glossfish {

template <int Workers = 1>
class SharedAnalyzer : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        Analyzer::Config config;
        config.workers = Workers;
        analyzer_ = std::make_unique<Analyzer>(config);
    }
    static void TearDownTestSuite() { analyzer_.reset(); }
    static inline std::unique_ptr<Analyzer> analyzer_;
};

}  // namespace glossfish
