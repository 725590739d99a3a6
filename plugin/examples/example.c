/* A C host embedding glossfish: a board tool, a move label and a strategy tree through
 * libglossfish. Build against an installed copy with
 *     cc example.c $(pkg-config --cflags --libs glossfish) -o example
 * Exits 0 when every answer is the expected one (the test suite runs it). */
#include <stdio.h>
#include <string.h>

#include "glossfish.h"

/* After 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? White mates with Qxf7#. */
static const char* Before = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";
static const char* After = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

static int failures = 0;

/* Calls `name` and checks that every string of `expect` (NULL-terminated) is in the reply. */
static void check(gf_handle* h, const char* name, const char* args, const char* const* expect) {
    char* reply = gf_call(h, name, args);
    if (!reply) {
        printf("FAIL %s: no reply (%s)\n", name, gf_last_error(h));
        failures++;
        return;
    }
    for (const char* const* e = expect; *e; ++e) {
        if (!strstr(reply, *e)) {
            printf("FAIL %s: expected %s in %s\n", name, *e, reply);
            failures++;
            gf_free(reply);
            return;
        }
    }
    printf("ok   %s -> %.160s\n", name, reply);
    gf_free(reply);
}

int main(void) {
    printf("%s\n", gf_version());
    gf_handle* h = gf_open("{\"depth\": 10}");
    if (!h) {
        printf("FAIL gf_open: %s\n", gf_last_error(NULL));
        return 1;
    }
    char args[512];

    /* A board tool: who attacks f7 after 3...Nf6? The queen on h5 and the bishop on c4. */
    snprintf(args, sizeof args, "{\"fen\": \"%s\", \"square\": \"f7\", \"color\": \"white\"}",
             After);
    const char* attackers[] = {"\"c4\"", "\"h5\"", NULL};
    check(h, "attackers", args, attackers);

    /* A label: 3...Nf6 allows mate in one. */
    snprintf(args, sizeof args, "{\"fen\": \"%s\", \"move\": \"Nf6\"}", Before);
    const char* label[] = {"\"lichess\":\"blunder\"", NULL};
    check(h, "move_quality", args, label);

    /* A tree: White's best is the mate. */
    snprintf(args, sizeof args, "{\"fen\": \"%s\", \"plies\": 1, \"format\": \"compact\"}", After);
    const char* tree[] = {"\"best\":{\"san\":\"Qxf7#\"", NULL};
    check(h, "strategy_tree", args, tree);

    gf_close(h);
    printf("%s\n", failures ? "example FAILED" : "example passed");
    return failures ? 1 : 0;
}
