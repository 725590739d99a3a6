// The Session calls its sink without holding its own lock: a sink that calls back into the
// Session (as an adapter that answers an event with a request does) neither deadlocks nor
// loses or reorders events.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "session/session.h"

namespace glossfish {
namespace {

TEST(SessionSink, AReentrantSinkDoesNotDeadlock) {
    // No product provider: every `tool` request is answered by a no_verifier error product,
    // delivered from a request thread.
    std::mutex seen_mutex;
    std::vector<std::string> seen;
    std::promise<void> done;
    std::atomic<int> products{0};
    Session* self = nullptr;
    Session session(
        [&](const SessionEvent& event) {
            const auto* p = std::get_if<Product>(&event);
            if (!p) return;
            {
                std::lock_guard lock(seen_mutex);
                seen.push_back(p->json.value("code", ""));
            }
            const int n = ++products;
            if (n == 1) {
                // Back into the Session from inside the sink: an option (which takes the
                // Session's lock) and another request.
                EXPECT_FALSE(self->set_option("Glossfish Tree Plies", "2", true));
                EXPECT_EQ(self->settings().tree_plies, 2);
                EXPECT_FALSE(self->set_option("Glossfish Tree Plies", "999", true) == std::nullopt);
                EXPECT_FALSE(self->tool("attackers", "{}"));
            } else if (n == 2) {
                done.set_value();
            }
        },
        {});
    self = &session;
    ASSERT_FALSE(session.tool("attackers", "{}"));
    auto finished = done.get_future();
    ASSERT_EQ(finished.wait_for(std::chrono::seconds(10)), std::future_status::ready)
        << "the second product never came: the sink deadlocked";
    std::lock_guard lock(seen_mutex);
    ASSERT_EQ(seen.size(), 2u);
    EXPECT_EQ(seen[0], "no_verifier");
    EXPECT_EQ(seen[1], "no_verifier");
}

}  // namespace
}  // namespace glossfish
