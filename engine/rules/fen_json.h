// The JSON form of a FEN's problems, the same on every surface (UCI bad_fen errors, tool
// errors, validate_fen, gf_call): [{"code": "bad_rank", "message": "rank 8 has 9 files"}, ...].
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "rules/position.h"

namespace glossfish {

nlohmann::json fen_problems_json(const std::vector<FenProblem>& problems);

}  // namespace glossfish
