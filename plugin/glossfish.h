/* libglossfish: a C ABI over glossfish for hosts that embed it in-process.
 *
 * Every function is safe to call from several threads on the same handle. No C++ exception
 * crosses this boundary: failures are reported as JSON {"error": {"code", "message"}} from
 * gf_call, or as NULL plus gf_last_error. */
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

typedef struct gf_handle gf_handle;

/* Creates a handle from a JSON object of settings (NULL or "" for defaults). Returns NULL on
 * failure; gf_last_error(NULL) then says why. */
GF_API gf_handle* gf_create(const char* config_json);

/* Destroys a handle made by gf_create; NULL is ignored. */
GF_API void gf_destroy(gf_handle* handle);

/* Runs the tool `name` with a JSON object of arguments and returns its JSON result, to be
 * released with gf_free. Bad input gives {"error": {"code": ..., "message": ...}}; NULL is
 * returned only when no reply can be made (NULL handle, out of memory). Tools:
 *   perft        {"fen"?, "depth", "chess960"?} -> {"fen", "depth", "nodes"}
 *   legal_moves  {"fen"?, "chess960"?}          -> {"fen", "moves": [{"uci", "san"}, ...]}
 *   validate_fen {"fen", "chess960"?}           -> {"valid", "problems": [{"code", "message"}],
 *                                                   "warnings": [...], "fen" when valid}
 * "fen" defaults to the start position where marked "?". */
GF_API char* gf_call(gf_handle* handle, const char* name, const char* args_json);

/* Releases a string returned by gf_call; NULL is ignored. */
GF_API void gf_free(char* text);

/* The message of the last error on this handle (NULL: of the last failed gf_create on this
 * thread), or "" when there was none. Valid until the next gf_last_error call on this thread. */
GF_API const char* gf_last_error(gf_handle* handle);

#ifdef __cplusplus
}
#endif

#endif /* GLOSSFISH_PLUGIN_H */
