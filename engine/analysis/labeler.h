// Forwards to analysis/quality.h, which holds label_move now. Kept only for
// uci-wrapper/cli/cli_label.cpp, which this change may not edit; remove with that include.
#pragma once

#include "analysis/quality.h"
