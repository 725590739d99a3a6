/* libglossfish: glossfish in-process, behind a small C ABI. ABI version 1.
 *
 * A host opens a handle with its settings, calls tools and analyses by name with JSON
 * arguments, and gets JSON back:
 *
 *     gf_handle* h = gf_open("{\"workers\": 2, \"depth\": 12}");
 *     char* reply = gf_call(h, "attackers", "{\"fen\": \"...\", \"square\": \"e4\", \"color\":
 * \"white\"}");
 *     ... parse reply ...
 *     gf_free(reply);
 *     gf_close(h);
 *
 * Every function may be called from several threads on the same handle. No C++ exception
 * crosses this boundary and no bad argument aborts the host: failures come back as the JSON
 * {"error": {"code", "message", "argument"?}} from gf_call, or as NULL plus gf_last_error. */
#ifndef GLOSSFISH_PLUGIN_H
#define GLOSSFISH_PLUGIN_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(GLOSSFISH_BUILDING_PLUGIN)
#define GF_API __attribute__((visibility("default")))
#else
#define GF_API
#endif

/* Bumped whenever a function's signature or meaning changes. */
#define GF_ABI_VERSION 1

typedef struct gf_handle gf_handle;

/* "glossfish 0.1.0 (abi 1)": the library's version and its ABI version. Static storage. */
GF_API const char* gf_version(void);

/* Opens a handle from a JSON object of settings; NULL or "" takes every default:
 *   "stockfish"          path of the UCI engine (default: $GLOSSFISH_STOCKFISH, PATH, then
 *                        /usr/games/stockfish)
 *   "workers"            engine processes in the analysis pool, 1..256 (default 1)
 *   "hash"               hash MB per engine process, 1..65536 (default 16)
 *   "threads"            search threads per engine process, 1..256 (default 1)
 *   "depth" | "nodes" | "movetime"   default limits of engine calls that give none (depth 12,
 *                        the analysis depth of every surface)
 *   and every other key of docs/settings.md (scheme, quality_depth, plies, breadth, tree_depth,
 *   wdl, reproducible): one table gives each key its type, default and range on every surface.
 * A bad value fails with the words of every surface, e.g. "setting 'hash' must be an integer
 * 1..65536, got '70000'"; an unknown key lists the known ones.
 * The engine starts on the first call that needs it, so board tools work without Stockfish.
 * Returns NULL on a bad setting; gf_last_error(NULL) then says which and why. */
GF_API gf_handle* gf_open(const char* config_json);

/* Closes a handle from gf_open (stops its engines); NULL is ignored. No call on the handle may
 * be running or follow. */
GF_API void gf_close(gf_handle* handle);

/* Runs `name` with a JSON object of arguments (NULL or "" for {}) and returns its JSON result,
 * to be released with gf_free. Names: every tool of `glossfish tools` (board, attack,
 * geometry, simulation and engine tools, move_quality and label for labels, strategy_tree for
 * trees, verify for claims or commentary: {"fen", "move"?, "text" | "claims", "depth"?,
 * "scheme"?} -> the verdict report of `glossfish verify`), plus
 *   "tools"         {"schema"?: bool} -> {"tools": [{name, group, summary, engine}]} or the
 *                   OpenAI tools array under "schema"
 *   "perft"         {"fen"?, "depth", "chess960"?} -> {"fen", "depth", "nodes"}
 *   "validate_fen"  {"fen", "chess960"?} -> {"valid", "problems", "warnings", "fen"?}
 *   "settings"      {} -> the handle's settings, {key: value} for every key above
 * Bad input gives {"error": {...}} and sets gf_last_error; NULL is returned only when no reply
 * can be made (NULL handle, out of memory). Engine calls block until their searches end. */
GF_API char* gf_call(gf_handle* handle, const char* name, const char* args_json);

/* Releases a string returned by gf_call; NULL is ignored. */
GF_API void gf_free(char* text);

/* The message of the last failed call on this handle from any thread (NULL handle: of the last
 * failed gf_open on this thread), or "" when there was none. The pointer stays valid until the
 * next gf_last_error call on the same thread. */
GF_API const char* gf_last_error(gf_handle* handle);

#ifdef __cplusplus
}
#endif

#endif /* GLOSSFISH_PLUGIN_H */
