// The sizes glossfish accepts from its inputs: batch commands (docs/limits.md) and UCI.
// A line, row, game or argument over its limit is an error that names it and quotes at most
// QuoteBytes of it; a batch reports it and goes on with the next record.
#pragma once

#include <cstddef>

namespace glossfish {

inline constexpr std::size_t MaxJsonlLine = std::size_t(1) << 20;    // a JSONL line: 1 MiB
inline constexpr std::size_t MaxCsvRow = std::size_t(64) << 10;      // a CSV row: 64 KiB
inline constexpr std::size_t MaxPgnGame = std::size_t(16) << 20;     // a PGN game: 16 MiB
inline constexpr std::size_t MaxJsonFile = std::size_t(16) << 20;    // --claims/--tree FILE
inline constexpr std::size_t MaxRecordLine = std::size_t(64) << 20;  // a line of our own output
inline constexpr std::size_t QuoteBytes = 80;  // bytes of a bad input quoted in an error
// Commentary the reader reads (`verify --text`, a verify/judge record's text, a PGN comment):
// a longer --text or record is refused; of a longer PGN comment the report reads this much.
inline constexpr std::size_t MaxCommentaryText = 20000;

// UCI input (docs/uci.md "Input limits"): longer input is rejected with an error that quotes at
// most QuoteBytes of it.
inline constexpr std::size_t MaxUciLineBytes = 1 << 20;   // one UCI input line (1 MiB)
inline constexpr std::size_t MaxPositionMoves = 12000;    // moves after `position ... moves`
inline constexpr std::size_t MaxOptionValueBytes = 8192;  // a string option's value
inline constexpr std::size_t MaxQueuedRequests = 64;      // label/tree/tool/verify waiting

}  // namespace glossfish
