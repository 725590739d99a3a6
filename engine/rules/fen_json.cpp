// fen_problems_json.
#include "rules/fen_json.h"

namespace glossfish {

nlohmann::json fen_problems_json(const std::vector<FenProblem>& problems) {
    nlohmann::json out = nlohmann::json::array();
    for (const FenProblem& p : problems)
        out.push_back({{"code", fen_issue_code(p.issue)}, {"message", p.message}});
    return out;
}

}  // namespace glossfish
