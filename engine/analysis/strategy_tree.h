// Strategy trees: the partial engine strategy of a position. The side to move is the solver;
// solver nodes keep the engine's best move, opponent nodes its top `breadth` replies by
// MultiPV, `plies` deep, each leaf evaluated from the solver's view. build_tree blocks.
//
// Node scores, all from the solver's view and all about the node's own position:
//  - a searched node (the root and every non-leaf, non-terminal node) takes the score of its
//    own search's first line;
//  - a leaf (ply == plies) is not searched: it takes its parent's line for the move that
//    reaches it, converted to the position after the move (a mate for the mover counts one
//    move less: the parent's "mate 2" is "mate 1" one ply later). This saves one search per
//    leaf, the most numerous nodes, at the price of one ply less of look-ahead there;
//  - a terminal node (checkmate, stalemate, draw) has its exact result: mate 0 / cp 0.
// Win% is win_percent() of that score (lichess's curve, so a mate is 97.5%); a checkmate on
// the board is 100 (solver mated the opponent) or 0, a draw 50.
//
// Procedures at the same tree semantics. Every tree starts from a cleared engine hash (the
// root search sends ucinewgame), so a tree never depends on what was searched before it.
//  - Plain: the reference procedure of the strategy-verbalization paper. One child engine
//    (worker 0), nodes searched one after another depth-first in MultiPV order, hash kept.
//  - Fast: independent nodes run on analyzer.workers() threads, thread i on worker i. A child
//    node goes to the queue of the worker that searched its parent (its hash is warm for that
//    line) and is taken newest-first; an idle thread takes the oldest job of another queue.
//    Several roots (build_trees) are spread over the workers whole, so each tree is searched
//    like the plain build; a single root is split below its first branching node, and the
//    nodes before that one are searched by every worker at once (the extra searches use
//    idle workers and leave them with worker 0's engine state).
// Both search a position once per build: transpositions (same position, same halfmove
// clock, same MultiPV) share one search, even while it is still running.
// Stockfish's result at a fixed depth depends on its hash and history tables, so a subtree
// searched by another worker than in the plain build can differ (MultiPV near-ties above
// all); the root is always the same.
// Reproducible: the hash is cleared before every search (ucinewgame), so with one thread per
// worker (Analyzer::Config::threads_per_worker == 1) and a depth or nodes limit every search
// depends on its position only, and the tree is identical whatever the pool size, the mode or
// the order of the searches. A movetime limit is never reproducible.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "host/analyzer.h"
#include "rules/position.h"

namespace glossfish {

inline constexpr int DefaultTreePlies = 3;    // strategy-tree plies
inline constexpr int DefaultTreeBreadth = 3;  // opponent replies kept per node (k_strat)
inline constexpr int MaxTreePlies = 30;
inline constexpr int MaxTreeBreadth = 64;

struct TreeOptions {
    enum Mode { Plain, Fast };
    int plies = DefaultTreePlies;      // 1..MaxTreePlies
    int breadth = DefaultTreeBreadth;  // k_strat, 1..MaxTreeBreadth
    AnalysisLimits limits;             // per node; empty: DefaultAnalysisDepth
    bool reproducible = false;
    Mode mode = Fast;
};

struct TreeNode {
    Move move;                       // Move::none() at the root
    std::string san, uci;            // empty at the root
    std::string fen;                 // the position after move
    int ply = 0;                     // 0 at the root
    int move_number = 0;             // fullmove number of the position before move (0 at the root)
    Color mover = White;             // who played move (at the root: the solver)
    std::optional<Score> score;      // solver's view; empty only when the node's search failed
    double win = 50;                 // the solver's win%
    std::optional<Outcome> outcome;  // the game is over here (mate, stalemate, draw)
    std::vector<TreeNode> children;  // solver node: one; opponent node: up to breadth
};

struct TreeStats {
    int nodes = 0;           // tree nodes, the root included
    int searches = 0;        // analyse() calls made by this build
    int cache_hits = 0;      // of those, answered from the Analyzer's cache
    int transpositions = 0;  // nodes that reused a search of the same position
    int mirrored = 0;        // extra searches that keep idle workers in step (Fast, one root)
    double seconds = 0;      // wall time of the build (of the whole batch for build_trees)
};

struct StrategyTree {
    TreeNode root;
    Color solver = White;
    bool chess960 = false;
    TreeOptions options;
    std::string error;  // first failure (bad options, engine error); the branch stops there
    TreeStats stats;
    bool ok() const { return error.empty(); }
};

// The error of a tree whose build was cancelled (CancelToken).
inline constexpr const char* TreeCancelled = "the tree building was cancelled";

// Builds the tree of root. Blocks until every search has finished. A cancelled token stops
// the running searches and starts no more; the tree then has the error TreeCancelled.
StrategyTree build_tree(Analyzer& analyzer, const Position& root, const TreeOptions& options,
                        const CancelToken* cancel = nullptr);

// Builds the trees of several roots at once (in Fast mode their nodes share the pool, which
// keeps every worker busy while one tree waits on its first searches). Blocks.
std::vector<StrategyTree> build_trees(Analyzer& analyzer, const std::vector<Position>& roots,
                                      const TreeOptions& options,
                                      const CancelToken* cancel = nullptr);

// The position reached by the engine's best move and the best move in it: the first child
// of the root, or nullptr when the root has no child (game over, error).
const TreeNode* best_child(const StrategyTree& tree);

// How far two trees of one root agree: nodes are identified by their move path from the
// root; the root itself is not counted.
struct TreeAgreement {
    int common = 0;  // move paths present in both trees
    int total = 0;   // move paths present in either tree
    bool same_best_move = false;
    double fraction() const { return total == 0 ? 1.0 : double(common) / total; }
};
TreeAgreement compare_trees(const StrategyTree& a, const StrategyTree& b);

// Converts the score of a line searched by the mover (the mover's view, the position before
// the move) into the solver's view of the position after the move.
Score score_after_move(const Score& line, bool mover_is_solver);

}  // namespace glossfish
