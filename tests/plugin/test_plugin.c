/* Drives libglossfish through its C ABI only: settings, board tools, extras, bad input of every
 * kind, and several threads on one handle. Exits non-zero on the first failed check. No engine
 * call here (the examples, run as tests too, cover labels and trees). */
#include <pthread.h>
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

static void expect_open_fails(const char* config, const char* why) {
    gf_handle* h = gf_open(config);
    if (h || !strstr(gf_last_error(NULL), why)) {
        printf("FAIL gf_open(%s): expected failure naming %s, got \"%s\"\n", config, why,
               gf_last_error(NULL));
        failures++;
        gf_close(h);
    } else {
        printf("ok   gf_open(%s) -> %s\n", config, gf_last_error(NULL));
    }
}

#define THREADS 4
#define ROUNDS 300

/* Each thread asks questions with known answers, good and bad, many times. */
static void* worker(void* arg) {
    gf_handle* h = (gf_handle*)arg;
    long bad = 0;
    for (int i = 0; i < ROUNDS; ++i) {
        char* a = gf_call(h, "attackers",
                          "{\"fen\": \"4k3/8/8/3q4/8/8/3R4/3K4 w - - 0 1\", \"square\": \"d5\","
                          " \"color\": \"white\"}");
        char* b = gf_call(h, "legal_moves", "{\"fen\": \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"}");
        char* c = gf_call(h, "piece_at", "{\"fen\": \"bad\", \"square\": \"e4\"}");
        if (!a || !strstr(a, "\"count\":1")) bad++;
        if (!b || !strstr(b, "\"count\":1,\"moves\":[{\"san\":\"Ka2\""))
            bad++; /* b1, b2 touch c1 */
        if (!c || !strstr(c, "\"code\":\"bad_fen\"")) bad++;
        gf_free(a);
        gf_free(b);
        gf_free(c);
    }
    return (void*)bad;
}

int main(void) {
    if (!strstr(gf_version(), "(abi 1)")) {
        printf("FAIL gf_version: %s\n", gf_version());
        failures++;
    }
    expect_open_fails("{not json", "not valid JSON");
    expect_open_fails("[1]", "must be a JSON object");
    expect_open_fails("{\"workers\": 0}", "setting 'workers' must be an integer 1..256, got '0'");
    expect_open_fails("{\"workers\": \"two\"}",
                      "setting 'workers' must be an integer 1..256, got 'two'");
    expect_open_fails("{\"depht\": 10}", "unknown setting 'depht'");

    gf_handle* h = gf_open(NULL);
    if (!h) {
        printf("FAIL gf_open: %s\n", gf_last_error(NULL));
        return 1;
    }
    if (*gf_last_error(h)) {
        printf("FAIL gf_last_error is not empty on a fresh handle\n");
        failures++;
    }
    expect_reply(h, "perft", "{\"depth\": 3}", "\"nodes\":8902");
    expect_reply(
        h, "perft",
        "{\"fen\": \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\","
        " \"depth\": 2}",
        "\"nodes\":2039");
    expect_reply(h, "perft", "{\"depth\": -1}", "\"code\":\"bad_value\"");
    expect_reply(h, "perft", "{}", "\"code\":\"missing_argument\"");
    expect_reply(h, "perft", "{\"fen\": \"nonsense\", \"depth\": 1}", "\"code\":\"bad_fen\"");
    expect_reply(h, "validate_fen", "{\"fen\": \"8/8/8/8/8/8/8/8 w - - 0 1\"}", "\"valid\":false");
    expect_reply(h, "validate_fen",
                 "{\"fen\": \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"}",
                 "\"valid\":true");
    expect_reply(h, "validate_fen", "{}", "\"code\":\"missing_argument\"");
    expect_reply(h, "legal_moves",
                 "{\"fen\": \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"}",
                 "\"count\":20");
    expect_reply(h, "pin", "{\"fen\": \"4k3/8/8/8/4r3/8/4N3/4K3 w - - 0 1\", \"square\": \"e2\"}",
                 "\"pinned\":true");
    expect_reply(h, "verify",
                 "{\"fen\": \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\","
                 " \"text\": \"The knight on g1 attacks f3.\"}",
                 "\"result\":\"correct\"");
    expect_reply(h, "verify",
                 "{\"fen\": \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\","
                 " \"text\": \"The knight on g1 attacks e4.\"}",
                 "\"result\":\"incorrect\"");
    expect_reply(h, "verify",
                 "{\"fen\": \"8/8/8/8/8/8/8/K1k5 w - - 0 1\", \"text\": \"x\", \"claims\": []}",
                 "\"code\":\"bad_arguments\"");
    expect_reply(h, "verify", "{\"text\": \"Nf3 is good.\"}", "\"code\":\"missing_argument\"");
    expect_reply(h, "verify",
                 "{\"fen\": \"8/8/8/8/8/8/8/K1k5 w - - 0 1\", \"claims\": {\"atoms\": 3}}",
                 "\"code\":\"bad_claims\"");
    expect_reply(h, "tools", "{}", "\"name\":\"strategy_tree\"");
    expect_reply(h, "tools", "{\"schema\": true}", "\"type\":\"function\"");
    expect_reply(h, "tools", "{\"schema\": 1}", "\"code\":\"bad_argument_type\"");
    expect_reply(h, "no_such_tool", "{}", "\"code\":\"unknown_tool\"");
    expect_reply(h, "perft", "[1, 2]", "\"code\":\"bad_json\"");
    expect_reply(h, "perft", "{\"depth\": 1", "\"code\":\"bad_json\"");
    expect_reply(h, "piece_at", "{\"fen\": \"8/8/8/8/8/8/8/K1k5 w - - 0 1\", \"square\": \"z9\"}",
                 "\"code\":\"bad_square\"");
    expect_reply(h, "legal_moves", "{\"fen\": \"8/8/8/8/8/8/8/K1k5 w - - 0 1\", \"extra\": 1}",
                 "\"code\":\"unknown_argument\"");
    expect_reply(h, "", NULL, "\"code\":\"unknown_tool\"");
    expect_reply(h, NULL, NULL, "\"code\":\"unknown_tool\"");
    if (!strstr(gf_last_error(h), "unknown tool")) {
        printf("FAIL gf_last_error after a failed call: \"%s\"\n", gf_last_error(h));
        failures++;
    }
    if (gf_call(NULL, "perft", "{}") != NULL) {
        printf("FAIL gf_call(NULL) returned a reply\n");
        failures++;
    }

    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; ++i) pthread_create(&threads[i], NULL, worker, h);
    long bad = 0;
    for (int i = 0; i < THREADS; ++i) {
        void* r;
        pthread_join(threads[i], &r);
        bad += (long)r;
    }
    if (bad) {
        printf("FAIL %ld wrong replies from %d threads\n", bad, THREADS);
        failures++;
    } else {
        printf("ok   %d threads x %d rounds, every reply right\n", THREADS, ROUNDS);
    }

    gf_close(h);
    gf_close(NULL);
    gf_free(NULL);

    printf("%s\n", failures ? "plugin test FAILED" : "plugin test passed");
    return failures ? 1 : 0;
}
