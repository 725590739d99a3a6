/* Drives libglossfish through its C ABI only; exits non-zero on the first failed check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glossfish.h"

static int failures = 0;

/* Calls a tool and checks that the reply contains `expect`. */
static void expect_reply(gf_handle* h, const char* name, const char* args, const char* expect) {
    char* reply = gf_call(h, name, args);
    if (!reply) {
        printf("FAIL %s %s: NULL reply (%s)\n", name, args, gf_last_error(h));
        failures++;
        return;
    }
    if (!strstr(reply, expect)) {
        printf("FAIL %s %s: expected %s in %s\n", name, args, expect, reply);
        failures++;
    } else {
        printf("ok   %s %s -> %.120s\n", name, args, reply);
    }
    gf_free(reply);
}

int main(void) {
    gf_handle* bad = gf_create("{not json");
    if (bad || !*gf_last_error(NULL)) {
        printf("FAIL gf_create accepted a bad config\n");
        failures++;
    }

    gf_handle* h = gf_create("{}");
    if (!h) {
        printf("FAIL gf_create: %s\n", gf_last_error(NULL));
        return 1;
    }
    expect_reply(h, "perft", "{\"depth\": 3}", "\"nodes\":8902");
    expect_reply(
        h, "perft",
        "{\"fen\": \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\","
        " \"depth\": 2}",
        "\"nodes\":2039");
    expect_reply(h, "perft", "{\"depth\": -1}", "\"code\":\"bad_arguments\"");
    expect_reply(h, "perft", "{\"fen\": \"nonsense\", \"depth\": 1}", "\"code\":\"invalid_fen\"");
    expect_reply(h, "legal_moves", "{}", "{\"san\":\"Nf3\",\"uci\":\"g1f3\"}");
    expect_reply(h, "validate_fen", "{\"fen\": \"8/8/8/8/8/8/8/8 w - - 0 1\"}", "\"valid\":false");
    expect_reply(h, "validate_fen",
                 "{\"fen\": \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"}",
                 "\"valid\":true");
    expect_reply(h, "validate_fen", "{}", "\"code\":\"bad_arguments\"");
    expect_reply(h, "no_such_tool", "{}", "\"code\":\"unknown_tool\"");
    expect_reply(h, "perft", "[1, 2]", "\"code\":\"bad_json\"");
    if (!*gf_last_error(h)) {
        printf("FAIL gf_last_error is empty after a failed call\n");
        failures++;
    }
    if (gf_call(NULL, "perft", "{}") != NULL) {
        printf("FAIL gf_call(NULL) returned a reply\n");
        failures++;
    }
    gf_destroy(h);
    gf_destroy(NULL);
    gf_free(NULL);

    printf("%s\n", failures ? "plugin test FAILED" : "plugin test passed");
    return failures ? 1 : 0;
}
