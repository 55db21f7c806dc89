/*
 * apps.bots._search: the exact klub search of the reference solvers the tests hold it to,
 * tests/bots/reference_dealsolver.py (open talon, draws, exchange and closing as moves) and
 * tests/bots/reference_solver.py (the strict phase), in C.
 *
 * Same game, same values as those Python solvers; only faster. Cards are ints 0..23 (suit
 * i / 6 in P, T, Z, M; rank i % 6 in 9, U, O, K, X, A: apps/bots/cardbits.py; klub's deck
 * has no nines), hands are 24-bit masks, actions are a card index, EXCHANGE (24) or CLOSE
 * (25). Every value is in game points (+3 .. -3) for the player on turn at the root.
 * Fail-soft alpha-beta with a transposition table of lo/hi bounds (a static table, reused
 * across calls by a generation stamp: calls hold the GIL, so they never overlap), the
 * table's best move first, enhanced transposition cutoffs while the talon is open, the range
 * of game points still possible at each node as its window, and null-window tests at the
 * root.
 *
 * One variant is not an exact search: ``model_values`` treats the follows and leads of a seat
 * that cannot see the other hand as chance nodes for the first open tricks (expected game
 * points, doubles), the expert's model of a real opponent (apps/bots/replies.py).
 *
 * A deadline (``set_deadline``) in the calling thread's CPU time stops a search inside a world:
 * checked every STOP_EVERY positions, it raises ``OutOfTime`` instead of a value, so that one
 * dear world cannot push a decision past the budget the caller keeps.
 *
 * The Python-facing functions are documented in MODULE_DOC below and in apps/bots/fastsearch.py.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCARDS 24
#define ALL_CARDS ((1u << NCARDS) - 1)
#define EXCHANGE 24
#define CLOSE 25
#define WIN 66
#define INF 4
#define STRICT_TI 15 /* ti of a strict position: no draws any more */
#define MAX_TALON 11 /* face-down cards at most (sixty-six: 24 - two hands of 6 - the trump
                        card; klub: 20 - 2 * 5 - 1 = 9) */
#define COUNT_DRAW 60 /* sixty-six: card points each at a drawn count */
#define STOP_EVERY 1024 /* positions between two looks at the deadline (a power of two) */

static const int POINTS[NCARDS] = {0, 2, 3, 4, 10, 11, 0, 2, 3, 4, 10, 11,
                                   0, 2, 3, 4, 10, 11, 0, 2, 3, 4, 10, 11};

static inline uint32_t suit_mask(int s) { return 0x3Fu << (6 * s); }

/* cards of the same suit ranked above card c */
static inline uint32_t above(int c) {
    return suit_mask(c / 6) & ~((2u << c) - 1);
}

/* the marriage partner of a queen or king, else -1 */
static inline int partner(int c) {
    int r = c % 6;
    return r == 2 ? c + 1 : (r == 3 ? c - 1 : -1);
}

/* (portable: without -mpopcnt, __builtin_popcount is a library call) */
static inline int popcount32(uint32_t m) {
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* ---------------------------------------------------------------------------------------- */
/* positions                                                                                 */

/* One world's fixed facts: the rules, the face-down talon in draw order and the trump suit.
 *
 * ``six``: the rules of sixty-six (apps/bots/bitgame66.py, auto): the trump nine exchanges,
 * and only for a leader with a trick; a seat declares "enough" as soon as it is right (66 and
 * a trick; when it gets the turn, or right after leading the marriage card that takes it
 * there), which scores as klub's 66; a failed close gives 3 only if the closer had no trick
 * when closing; after the last trick its winner declares if right, else the card points
 * decide (60:60 a draw, worth 0). Values never include the bonus of earlier draws. */
typedef struct {
    int8_t talon[MAX_TALON];
    int ntalon;
    int trump;
    int xcard; /* the card that exchanges for the trump card: the trump jack (klub), nine */
    int six;
    uint64_t nodes;
    double deadline; /* the calling thread's CPU seconds at which to stop; 0: none */
    int stopped; /* the deadline passed: every search returns at once, the result is void */
} Ctx;

/*
 * A position. ``ti``: face-down cards drawn so far (STRICT_TI once the talon is exhausted or
 * closed); ``tc``: the card under the talon (the exchange card after an exchange; 0 once
 * strict); ``led``: the card on the table or -1; ``p``: points (card points + marriages),
 * clamped at 66 (only "< 33" and ">= 66" are ever asked of them, and they only grow); ``f``:
 * has taken a trick; ``cs``: closing state, 0 if nobody closed, else 1 + 3 * closer + (gp - 1)
 * + 6 * t with gp = the non-closer's by-loser-state value (1..3) when the talon was closed
 * and t (sixty-six only, else 0) whether the closer had a trick then, which is all the
 * scoring needs of the points and tricks at closing; ``cp0``: seat 0's card points (sixty-six
 * only, for the count; 0 in klub).
 */
typedef struct {
    uint32_t h[2];
    int8_t ti, tc, led, turn;
    int8_t p[2];
    int8_t f[2];
    int8_t cs;
    uint8_t cp0;
} Pos;

static inline int by_loser_state(int points, int has_trick) {
    if (!has_trick) return 3;
    return points < 33 ? 2 : 1;
}

static inline int is_strict(const Pos *s) { return s->ti == STRICT_TI; }

/* The closing state's parts: the closer, the non-closer's by-loser-state value at closing,
   whether the closer had a trick then (sixty-six). */
static inline int cs_closer(int cs) { return (cs - 1) % 6 / 3; }
static inline int cs_gp(int cs) { return (cs - 1) % 3 + 1; }
static inline int cs_closer_trick(int cs) { return (cs - 1) / 6; }

/* What the non-closer wins when the close fails: klub, 3 if the non-closer had no trick at
   closing, else 2; sixty-six, 3 if the closer had no trick at closing, else 2. */
static inline int failed_close_gp(const Ctx *x, int cs) {
    if (x->six) return cs_closer_trick(cs) ? 2 : 3;
    return cs_gp(cs) == 3 ? 3 : 2;
}

/* The value for seat 0 when ``seat`` reaches 66 with a trick (klub), or declares rightly
   (sixty-six) (``s`` already updated). */
static inline int end_66(const Ctx *x, const Pos *s, int seat) {
    int gp;
    if (!s->cs) {
        gp = by_loser_state(s->p[1 - seat], s->f[1 - seat]);
    } else {
        /* the closer wins on the state at closing; else the close failed */
        gp = cs_closer(s->cs) == seat ? cs_gp(s->cs) : failed_close_gp(x, s->cs);
    }
    return seat == 0 ? gp : -gp;
}

/* The value for seat 0 when the last trick is won by ``winner`` and nobody reached 66 (klub:
   1 to the last trick, sixty-six: the count), or the close failed. */
static inline int last_trick(const Ctx *x, const Pos *s, int winner) {
    if (s->cs) {
        int gp = failed_close_gp(x, s->cs);
        return cs_closer(s->cs) == 1 ? gp : -gp; /* the non-closer wins */
    }
    if (!x->six) return winner == 0 ? 1 : -1;
    if (s->cp0 == COUNT_DRAW) return 0;
    if (s->cp0 > COUNT_DRAW) return by_loser_state(s->p[1], s->f[1]);
    return -by_loser_state(s->p[0], s->f[0]);
}

/* The card points of the cards in ``m``. */
static inline int points_of(uint32_t m) {
    int sum = 0;
    for (int c = 0; m; c++, m >>= 1)
        if (m & 1) sum += POINTS[c];
    return sum;
}

static int SUIT_POINTS[64]; /* the card points of a suit's cards, by their 6-bit mask */

static inline int points_fast(uint32_t m) {
    return SUIT_POINTS[m & 63] + SUIT_POINTS[m >> 6 & 63] + SUIT_POINTS[m >> 12 & 63] +
           SUIT_POINTS[m >> 18 & 63];
}

/* The most marriage points ``hand`` can still declare. */
static inline int marriage_points(uint32_t hand, int trump) {
    int sum = 0;
    for (int suit = 0; suit < 4; suit++)
        if ((hand >> (6 * suit + 2) & 3) == 3) sum += suit == trump ? 40 : 20;
    return sum;
}

/* Whether ``seat`` may still reach 66 in the strict phase: at most every card point left
   and its own marriages. */
static inline int may_reach_66(const Ctx *x, const Pos *s, int seat, int left) {
    return s->p[seat] + left + marriage_points(s->h[seat], x->trump) >= WIN;
}

/* Bounds on every value still reachable from ``s``, for seat 0: [*lo, *hi]. */
static inline void value_range(const Ctx *x, const Pos *s, int *lo, int *hi) {
    int left = 0;
    if (is_strict(s))
        left = points_fast(s->h[0] | s->h[1]) + (s->led >= 0 ? POINTS[s->led] : 0);
    if (s->cs) {
        int closer = cs_closer(s->cs), b = cs_gp(s->cs);
        int fail = failed_close_gp(x, s->cs);
        if (!may_reach_66(x, s, closer, left)) { /* the close has failed */
            *lo = *hi = closer == 0 ? -fail : fail;
        } else if (closer == 0) {
            *hi = b;
            *lo = -fail;
        } else {
            *hi = fail;
            *lo = -b;
        }
        return;
    }
    /* a win by 66 (or by the count) scores the loser's state (it only gets better for the
       winner's opponent), the last trick 1; while the talon is open the other seat may still
       close and fail (klub: 3 if the winner has no trick yet; sixty-six: if the closer has
       none) */
    *hi = by_loser_state(s->p[1], s->f[1]);
    *lo = -by_loser_state(s->p[0], s->f[0]);
    if (!is_strict(s)) {
        int h = s->f[x->six ? 1 : 0] ? 2 : 3, l = s->f[x->six ? 0 : 1] ? 2 : 3;
        if (h > *hi) *hi = h;
        if (-l < *lo) *lo = -l;
        return;
    }
    if (x->six) {
        /* every card is played in the end: seat 0's card points then are cp0 and some of the
           ``left``; a seat that can neither reach 66 nor win the count cannot win */
        if (!may_reach_66(x, s, 0, left) && s->cp0 + left <= COUNT_DRAW)
            *hi = s->cp0 + left == COUNT_DRAW ? 0 : -1;
        if (!may_reach_66(x, s, 1, left) && s->cp0 >= COUNT_DRAW)
            *lo = s->cp0 == COUNT_DRAW ? 0 : 1;
        return;
    }
    if (!may_reach_66(x, s, 0, left)) *hi = 1;
    if (!may_reach_66(x, s, 1, left)) *lo = -1;
}

static inline int beats(const Ctx *x, int c, int led) {
    if (c / 6 == led / 6) return c > led;
    return c / 6 == x->trump;
}

/* ---------------------------------------------------------------------------------------- */
/* transposition table                                                                       */

typedef struct {
    uint64_t k1;
    uint32_t k2; /* the key's 23 bits, and the generation stamp above them (GEN_SHIFT) */
    int8_t lo, hi;
    uint8_t move; /* best move + 1, 0 if none */
    uint8_t depth;
} Entry;

#define TT_BITS 16 /* 2**16 entries of 16 bytes: 1 MiB, cache-friendly; bigger was slower */
#define TT_SIZE (1u << TT_BITS)
#define GEN_SHIFT 23
#define GEN_MAX ((1u << (32 - GEN_SHIFT)) - 1)
static Entry *table = NULL;
static uint32_t generation = 0;

static int tt_init(void) {
    if (table == NULL) {
        table = (Entry *)calloc(TT_SIZE, sizeof(Entry));
        if (table == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    generation++;
    if (generation > GEN_MAX) { /* wrapped: stale stamps could look current */
        memset(table, 0, TT_SIZE * sizeof(Entry));
        generation = 1;
    }
    return 0;
}

/* The key of a position: both 24-bit hands, the card led, the turn, seat 0's points and
   both seats' tricks in ``k1``; seat 1's points, the talon's position, the closing state,
   whether the card under the talon is the exchanged one (within one world it is either the
   one it started with or the exchange card, and 0 once strict) and seat 0's card points
   (sixty-six) in the 23 bits of ``k2``. */
static inline void make_key(const Ctx *x, const Pos *s, uint64_t *k1, uint32_t *k2) {
    *k1 = (uint64_t)s->h[0] | ((uint64_t)s->h[1] << 24) | ((uint64_t)(s->led + 1) << 48) |
          ((uint64_t)s->turn << 53) | ((uint64_t)s->p[0] << 54) | ((uint64_t)s->f[0] << 61) |
          ((uint64_t)s->f[1] << 62);
    *k2 = (uint32_t)s->p[1] | ((uint32_t)s->ti << 7) | ((uint32_t)s->cs << 11) |
          ((uint32_t)(s->ti != STRICT_TI && s->tc == x->xcard) << 15) | ((uint32_t)s->cp0 << 16);
}

static inline uint32_t slot_of(uint64_t k1, uint32_t k2) {
    uint64_t z = k1 ^ ((uint64_t)k2 * 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (uint32_t)(z >> (64 - TT_BITS)) & ~1u; /* buckets of two entries */
}

/* The entry of this key (``k2`` with the generation stamp), or NULL. */
static inline Entry *tt_probe(uint32_t slot, uint64_t k1, uint32_t k2) {
    Entry *e = &table[slot];
    if (e->k1 == k1 && e->k2 == k2) return e;
    e++;
    if (e->k1 == k1 && e->k2 == k2) return e;
    return NULL;
}

/* Where to store a new key: a stale entry, else the one with the smaller subtree. */
static inline Entry *tt_victim(uint32_t slot) {
    Entry *a = &table[slot], *b = a + 1;
    if (a->k2 >> GEN_SHIFT != generation) return a;
    if (b->k2 >> GEN_SHIFT != generation) return b;
    return a->depth <= b->depth ? a : b;
}

/* ---------------------------------------------------------------------------------------- */
/* the deadline                                                                              */

/* The calling thread's CPU time in seconds (Python's ``time.thread_time``). */
static double thread_cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Whether the search must stop: the deadline passed (looked at every STOP_EVERY positions,
   the first time at the first position). Called once per position, after counting it. */
static inline int out_of_time(Ctx *x) {
    if (x->stopped) return 1;
    if (x->deadline > 0 && (x->nodes & (STOP_EVERY - 1)) == 1 && thread_cpu() >= x->deadline)
        x->stopped = 1;
    return x->stopped;
}

/* ---------------------------------------------------------------------------------------- */
/* search                                                                                    */

static int search(Ctx *x, const Pos *s, int alpha, int beta);

/* The position after the player on turn makes move ``a`` in ``s``: returns 1 and sets
   ``*value`` (for seat 0) if the deal ends there, else 0 with the position in ``*n``. */
static inline int step(const Ctx *x, const Pos *s, int a, Pos *n, int *value) {
    *n = *s;
    int turn = s->turn;
    if (a == EXCHANGE) {
        n->h[turn] = (n->h[turn] & ~(1u << x->xcard)) | (1u << s->tc);
        n->tc = (int8_t)x->xcard;
        return 0;
    }
    if (a == CLOSE) {
        int o = 1 - turn;
        n->cs = (int8_t)(1 + 3 * turn + by_loser_state(s->p[o], s->f[o]) - 1 +
                         (x->six && s->f[turn] ? 6 : 0));
        n->ti = STRICT_TI;
        n->tc = 0;
        return 0;
    }
    uint32_t bc = 1u << a;
    if (s->led < 0) { /* a lead, with the marriage it declares */
        int q = partner(a);
        if (q >= 0 && (s->h[turn] >> q & 1)) {
            int np = s->p[turn] + (a / 6 == x->trump ? 40 : 20);
            if (np > WIN) np = WIN;
            n->p[turn] = (int8_t)np;
            if (s->f[turn] && np >= WIN) {
                *value = end_66(x, n, turn);
                return 1;
            }
        }
        n->h[turn] &= ~bc;
        n->led = (int8_t)a;
        n->turn = (int8_t)(1 - turn);
        if (x->six && n->f[1 - turn] && n->p[1 - turn] >= WIN) { /* the follower, on turn */
            *value = end_66(x, n, 1 - turn);
            return 1;
        }
        return 0;
    }
    int led = s->led;
    n->h[turn] &= ~bc;
    int winner = beats(x, a, led) ? turn : 1 - turn;
    int np = s->p[winner] + POINTS[a] + POINTS[led];
    if (np > WIN) np = WIN;
    n->p[winner] = (int8_t)np;
    n->f[winner] = 1;
    if (x->six && winner == 0) n->cp0 = (uint8_t)(s->cp0 + POINTS[a] + POINTS[led]);
    n->led = -1;
    n->turn = (int8_t)winner;
    if (np >= WIN) {
        *value = end_66(x, n, winner);
        return 1;
    }
    if (!is_strict(s)) { /* the winner draws the next face-down card, the loser the one after */
        int ti = s->ti;
        int last = ti + 1 == x->ntalon;
        int second = last ? s->tc : x->talon[ti + 1];
        n->h[winner] |= 1u << x->talon[ti];
        n->h[1 - winner] |= 1u << second;
        if (last) {
            n->ti = STRICT_TI;
            n->tc = 0;
        } else {
            n->ti = (int8_t)(ti + 2);
        }
        return 0;
    }
    if (!n->h[0] && !n->h[1]) {
        *value = last_trick(x, n, winner);
        return 1;
    }
    return 0;
}

/* The value for seat 0 after the player on turn makes move ``a`` in ``s``. */
static int child(Ctx *x, const Pos *s, int a, int alpha, int beta) {
    Pos n;
    int v;
    if (step(x, s, a, &n, &v)) return v;
    return search(x, &n, alpha, beta);
}

/*
 * The legal moves of ``s``, likely good ones first (the order only changes the speed); returns
 * their number. The table's move first. Leading: the exchange, closing, then marriages, sure
 * winners (strict phase) and high cards. Following: a card that reaches 66 first; in the
 * strict phase the cheapest winner, else the cheapest card; with the talon open the cheapest
 * winner in the led suit, a cheap trump on a ten or ace, the cheapest non-trump discard, then
 * the remaining trumps.
 */
static int gen_moves(const Ctx *x, const Pos *s, int ttmove, int *out) {
    int turn = s->turn;
    uint32_t hand = s->h[turn];
    int led = s->led;
    int strict = is_strict(s);
    int n = 0;
    int score[24];
    uint32_t m;
    if (led < 0) {
        if (!strict) {
            if ((hand >> x->xcard & 1) && (!x->six || s->f[turn])) {
                out[n] = EXCHANGE;
                score[n++] = 1000;
            }
            out[n] = CLOSE;
            score[n++] = 999;
        }
        m = hand;
        while (m) {
            int c = __builtin_ctz(m);
            m &= m - 1;
            int sc = POINTS[c] * 4 + c / 6;
            int q = partner(c);
            if (q >= 0 && (hand >> q & 1)) sc += 200;                  /* a marriage */
            if (strict && !(above(c) & s->h[1 - turn])) sc += 100;      /* the suit's top */
            out[n] = c;
            score[n++] = sc;
        }
    } else {
        if (strict) {
            uint32_t same = hand & suit_mask(led / 6);
            if (same) {
                m = same & above(led);
                if (!m) m = same;
            } else {
                m = hand & suit_mask(x->trump);
                if (!m) m = hand;
            }
        } else {
            m = hand;
        }
        while (m) {
            int c = __builtin_ctz(m);
            m &= m - 1;
            int win = beats(x, c, led), trump = c / 6 == x->trump, sc;
            if (win && s->p[turn] + POINTS[c] + POINTS[led] >= WIN)
                sc = 2000;
            else if (strict)
                sc = (win ? 500 : 100) - POINTS[c] * 4 - c / 6;
            else if (win && !trump)
                sc = 900 - POINTS[c] * 4;
            else if (win && POINTS[led] >= 10)
                sc = 800 - POINTS[c] * 4;
            else if (!trump)
                sc = 500 - POINTS[c] * 4;
            else
                sc = 100 - POINTS[c] * 4;
            out[n] = c;
            score[n++] = sc;
        }
    }
    if (ttmove >= 0) {
        for (int i = 0; i < n; i++) {
            if (out[i] == ttmove) {
                score[i] = 1 << 30;
                break;
            }
        }
    }
    for (int i = 1; i < n; i++) { /* insertion sort, best first */
        int mv = out[i], sc = score[i], j = i - 1;
        while (j >= 0 && score[j] < sc) {
            out[j + 1] = out[j];
            score[j + 1] = score[j];
            j--;
        }
        out[j + 1] = mv;
        score[j + 1] = sc;
    }
    return n;
}

/* The value for seat 0 of ``s`` (fail-soft alpha-beta in the window (alpha, beta)). */
static int search(Ctx *x, const Pos *s, int alpha, int beta) {
    x->nodes++;
    if (out_of_time(x)) return 0; /* void: the caller raises OutOfTime */
    if (x->six && s->f[s->turn] && s->p[s->turn] >= WIN) /* right on turn: it declares */
        return end_66(x, s, s->turn);
    int strict = is_strict(s);
    if (strict && s->led < 0 && popcount32(s->h[s->turn]) == 1) {
        /* the last trick: one card each, nothing to choose */
        int lead = __builtin_ctz(s->h[s->turn]), other = __builtin_ctz(s->h[1 - s->turn]);
        int winner = beats(x, other, lead) ? 1 - s->turn : s->turn;
        Pos n = *s;
        int np = s->p[winner] + POINTS[lead] + POINTS[other];
        n.p[winner] = (int8_t)(np > WIN ? WIN : np);
        n.f[winner] = 1;
        if (x->six && winner == 0) n.cp0 = (uint8_t)(s->cp0 + POINTS[lead] + POINTS[other]);
        return np >= WIN ? end_66(x, &n, winner) : last_trick(x, &n, winner);
    }
    int vlo, vhi;
    value_range(x, s, &vlo, &vhi);
    if (vhi <= alpha) return vhi;
    if (vlo >= beta) return vlo;
    if (vhi < beta) beta = vhi;
    if (vlo > alpha) alpha = vlo;
    if (alpha >= beta) return alpha; /* only one value possible */

    uint64_t k1;
    uint32_t k2;
    make_key(x, s, &k1, &k2);
    uint32_t slot = slot_of(k1, k2);
    k2 |= generation << GEN_SHIFT;
    Entry *e = tt_probe(slot, k1, k2);
    int lo = -INF, hi = INF, ttmove = -1;
    if (e != NULL) {
        lo = e->lo;
        hi = e->hi;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
        ttmove = (int)e->move - 1;
    }
    int a0 = alpha, b0 = beta;
    int moves[24];
    int n = gen_moves(x, s, ttmove, moves);
    int maximise = s->turn == 0;
    if (!strict) { /* enhanced transposition cutoff: a child already known to be enough */
        for (int i = 0; i < n; i++) {
            Pos c;
            int v;
            if (step(x, s, moves[i], &c, &v)) continue;
            uint64_t c1;
            uint32_t c2;
            make_key(x, &c, &c1, &c2);
            Entry *ce = tt_probe(slot_of(c1, c2), c1, c2 | generation << GEN_SHIFT);
            if (ce == NULL) continue;
            if (maximise && ce->lo >= beta) return ce->lo;
            if (!maximise && ce->hi <= alpha) return ce->hi;
        }
    }
    int best = maximise ? -INF : INF, best_move = n ? moves[0] : -1;
    for (int i = 0; i < n; i++) {
        int v = child(x, s, moves[i], alpha, beta);
        if (maximise) {
            if (v > best) {
                best = v;
                best_move = moves[i];
                if (v > alpha) alpha = v;
            }
        } else if (v < best) {
            best = v;
            best_move = moves[i];
            if (v < beta) beta = v;
        }
        if (alpha >= beta) break;
    }
    /* the bounds after a search in (a0, b0) that returned best (as reference_solver.alphabeta stores) */
    if (best <= a0) {
        hi = best;
    } else if (best >= b0) {
        lo = best;
    } else {
        lo = hi = best;
    }
    if (e == NULL || e->k1 != k1 || e->k2 != k2) {
        e = tt_probe(slot, k1, k2); /* the children may have replaced it */
        if (e == NULL) {
            e = tt_victim(slot);
            e->k1 = k1;
            e->k2 = k2;
        }
    }
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    e->move = (uint8_t)(best_move + 1);
    int cards_left = popcount32(s->h[0] | s->h[1]) + (strict ? 0 : 2 * (x->ntalon - s->ti) + 1);
    e->depth = (uint8_t)cards_left;
    return best;
}

/* The exact value of ``s`` for seat 0, fail-soft in the window (alpha, beta), by null-window
   tests, cheaper than one search in a wide window: the sign first, then the size (a value is
   never 0); each test's fail-soft result narrows [lo, hi] until they decide the window. */
static int window_search(Ctx *x, const Pos *s, int alpha, int beta) {
    int lo = -3, hi = 3;
    while (lo < hi) {
        if (x->stopped) return 0;
        if (hi <= alpha) return hi;
        if (lo >= beta) return lo;
        int t = lo < 0 && hi > 0 ? 1 : (lo + hi + 1) / 2;
        if (t <= alpha) t = alpha + 1;
        if (t > beta) t = beta;
        int r = search(x, s, t - 1, t);
        if (r >= t)
            lo = r;
        else
            hi = r;
    }
    return lo;
}

/* ---------------------------------------------------------------------------------------- */
/* the search against an opponent that cannot see the expert's hand                          */

/*
 * The same game, except that the follows of one seat (``blind``) while the talon is open are
 * chance nodes, not choices: that seat cannot see the leader's hand, so it answers as
 * apps/bots/replies.py models it, each card weighted by exp(beta * score / 10), where score
 * is the trick's card points won (or lost, negative), less ``trump_cost`` for trumping a side
 * card and ``marriage_cost`` for breaking a marriage it holds. This holds for the first
 * ``tricks`` open tricks from the root (face-down cards drawn < 2 * tricks).
 *
 * The same seat's leads in the first ``lead_tricks`` open tricks are not its best lead
 * either, which only a player seeing the other hand could pick: with probability
 * ``random_lead`` it leads any card it holds, each as likely, and otherwise the best one
 * (exchange and closing included). Everything after is the exact search above. Values are
 * expected game points (doubles) for seat 0.
 *
 * The other seat, the one searching, may weigh its losses: each game point it can lose
 * counts ``loss_weight`` times (1: plain game points). That is a monotone map of the exact
 * search's values, so the exact search below the model still decides, on the unweighted
 * values (its window mapped back); only the expectations of the chance nodes change.
 *
 * Decision nodes are fail-soft alpha-beta as above; chance nodes prune as Ballard's Star1
 * does, with the range of values still reachable as the bounds of the unsearched replies; a
 * mixed lead searches every lead in a full window. Their own transposition table stores
 * bounds as doubles.
 */
typedef struct {
    Ctx *x;
    int blind;
    int follow_limit; /* the blind seat's follows are chance nodes while ti < follow_limit */
    int lead_limit; /* its leads are mixed while ti < lead_limit */
    int limit; /* the larger of the two: the exact search decides from there on */
    double beta, trump_cost, marriage_cost, random_lead;
    double loss_weight; /* each game point the searching seat (not blind) loses counts this */
} Model;

#define MINF 1e9 /* weighted values exceed the exact search's INF */

/* A value for seat 0 with the searching seat's losses multiplied by ``w``. */
static inline double weigh(const Model *m, double v, double w) {
    if (m->blind == 1) return v < 0 ? w * v : v;
    return v > 0 ? w * v : v;
}

typedef struct {
    uint64_t k1;
    uint32_t k2;
    uint16_t gen;
    uint8_t move; /* best move + 1, 0 if none */
    uint8_t depth;
    double lo, hi;
} MEntry;

#define MT_BITS 15 /* 2**15 entries of 32 bytes: 1 MiB */
#define MT_SIZE (1u << MT_BITS)
static MEntry *mtable = NULL;
static uint16_t mgeneration = 0;

static int mt_init(void) {
    if (mtable == NULL) {
        mtable = (MEntry *)calloc(MT_SIZE, sizeof(MEntry));
        if (mtable == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    mgeneration++;
    if (mgeneration == 0) {
        memset(mtable, 0, MT_SIZE * sizeof(MEntry));
        mgeneration = 1;
    }
    return 0;
}

static inline MEntry *mt_probe(uint32_t slot, uint64_t k1, uint32_t k2) {
    MEntry *e = &mtable[slot];
    if (e->gen == mgeneration && e->k1 == k1 && e->k2 == k2) return e;
    e++;
    if (e->gen == mgeneration && e->k1 == k1 && e->k2 == k2) return e;
    return NULL;
}

static inline MEntry *mt_victim(uint32_t slot) {
    MEntry *a = &mtable[slot], *b = a + 1;
    if (a->gen != mgeneration) return a;
    if (b->gen != mgeneration) return b;
    return a->depth <= b->depth ? a : b;
}

static double msearch(Model *m, const Pos *s, double alpha, double beta);

/* The (weighted) value for seat 0 after the player on turn makes move ``a`` in ``s``. Past
   the model's tricks the exact search decides: its fail-soft result in the integer window
   around (alpha, beta) mapped back is a fail-soft result for (alpha, beta) too, since its
   values are integers and the weighting is monotone. */
static double mchild(Model *m, const Pos *s, int a, double alpha, double beta) {
    Pos n;
    int v;
    if (step(m->x, s, a, &n, &v)) return weigh(m, v, m->loss_weight);
    if (is_strict(&n) || n.ti >= m->limit) {
        alpha = weigh(m, alpha, 1 / m->loss_weight);
        beta = weigh(m, beta, 1 / m->loss_weight);
        int a0 = alpha < -INF ? -INF : (int)floor(alpha); /* (Star1 windows may be huge) */
        int b0 = beta > INF ? INF : (int)ceil(beta);
        return weigh(m, window_search(m->x, &n, a0, b0), m->loss_weight);
    }
    return msearch(m, &n, alpha, beta);
}

/* The blind follower's replies to the card led in ``s`` and their probabilities, most
   likely first; returns their number. */
static int model_replies(const Model *m, const Pos *s, int *cards, double *p) {
    const Ctx *x = m->x;
    int turn = s->turn, led = s->led, n = 0;
    uint32_t hand = s->h[turn], mm = hand;
    double top = -1e300, total = 0;
    while (mm) {
        int c = __builtin_ctz(mm);
        mm &= mm - 1;
        int points = POINTS[c] + POINTS[led];
        double score = beats(x, c, led) ? points : -points;
        if (c / 6 == x->trump && led / 6 != x->trump) score -= m->trump_cost;
        int q = partner(c);
        if (q >= 0 && (hand >> q & 1)) score -= m->marriage_cost;
        cards[n] = c;
        p[n++] = score;
        if (score > top) top = score;
    }
    for (int i = 0; i < n; i++) {
        p[i] = exp(m->beta * (p[i] - top) / 10);
        total += p[i];
    }
    for (int i = 0; i < n; i++) p[i] /= total;
    for (int i = 1; i < n; i++) { /* insertion sort, most likely first */
        int c = cards[i], j = i - 1;
        double w = p[i];
        while (j >= 0 && p[j] < w) {
            cards[j + 1] = cards[j];
            p[j + 1] = p[j];
            j--;
        }
        cards[j + 1] = c;
        p[j + 1] = w;
    }
    return n;
}

/* A chance node: the expected value over the blind follower's replies (Star1 pruning, with
   [vlo, vhi] bounding every reply's value). */
static double chance(Model *m, const Pos *s, double alpha, double beta, double vlo, double vhi) {
    int cards[NCARDS];
    double p[NCARDS];
    int n = model_replies(m, s, cards, p);
    double sum = 0, rest = 1;
    for (int i = 0; i < n; i++) {
        rest -= p[i];
        if (rest < 0 || i == n - 1) rest = 0;
        if (p[i] <= 0) continue; /* underflow (a very sharp model): never played */
        double ai = (alpha - sum - rest * vhi) / p[i], bi = (beta - sum - rest * vlo) / p[i];
        double v = mchild(m, s, cards[i], ai, bi);
        sum += p[i] * v;
        if (v <= ai) return sum + rest * vhi; /* the node is at most this: <= alpha */
        if (v >= bi) return sum + rest * vlo; /* at least this: >= beta */
    }
    return sum;
}

/* The blind seat's lead in ``s``: the value for seat 0 if it leads its best action with
   probability 1 - random_lead and any card it holds, each as likely, otherwise. Exact: every
   lead is searched in a full window. Sets ``*best_move`` to its best action. */
static double mixed_lead(Model *m, const Pos *s, int ttmove, int *best_move) {
    int moves[24];
    int n = gen_moves(m->x, s, ttmove, moves);
    double sign = s->turn == 0 ? 1 : -1; /* values from the leader's side */
    double best = -MINF, sum = 0;
    int cards = 0;
    for (int i = 0; i < n; i++) {
        double v = sign * mchild(m, s, moves[i], -MINF, MINF);
        if (moves[i] < EXCHANGE) {
            sum += v;
            cards++;
        }
        if (v > best) {
            best = v;
            *best_move = moves[i];
        }
    }
    return sign * ((1 - m->random_lead) * best + m->random_lead * sum / cards);
}

/* The expected value for seat 0 of ``s`` (an open-talon position within the model's tricks),
   fail-soft in the window (alpha, beta). */
static double msearch(Model *m, const Pos *s, double alpha, double beta) {
    Ctx *x = m->x;
    x->nodes++;
    if (out_of_time(x)) return 0; /* void: the caller raises OutOfTime */
    if (x->six && s->f[s->turn] && s->p[s->turn] >= WIN) /* right on turn: it declares */
        return weigh(m, end_66(x, s, s->turn), m->loss_weight);
    int ilo, ihi;
    value_range(x, s, &ilo, &ihi);
    double vlo = weigh(m, ilo, m->loss_weight), vhi = weigh(m, ihi, m->loss_weight);
    if (vhi <= alpha) return vhi;
    if (vlo >= beta) return vlo;
    if (vhi < beta) beta = vhi;
    if (vlo > alpha) alpha = vlo;
    if (alpha >= beta) return alpha;

    uint64_t k1;
    uint32_t k2;
    make_key(x, s, &k1, &k2);
    uint32_t slot = slot_of(k1, k2) & (MT_SIZE - 2);
    MEntry *e = mt_probe(slot, k1, k2);
    double lo = -MINF, hi = MINF;
    int ttmove = -1;
    if (e != NULL) {
        lo = e->lo;
        hi = e->hi;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
        ttmove = (int)e->move - 1;
    }
    double a0 = alpha, b0 = beta, best;
    int best_move = -1;
    if (s->turn == m->blind && s->led >= 0 && s->ti < m->follow_limit) {
        best = chance(m, s, alpha, beta, vlo, vhi);
    } else if (s->turn == m->blind && s->led < 0 && s->ti < m->lead_limit) {
        best = mixed_lead(m, s, ttmove, &best_move);
        a0 = -MINF; /* an exact value */
        b0 = MINF;
    } else {
        int moves[24];
        int n = gen_moves(x, s, ttmove, moves);
        int maximise = s->turn == 0;
        best = maximise ? -MINF : MINF;
        best_move = moves[0];
        for (int i = 0; i < n; i++) {
            double v = mchild(m, s, moves[i], alpha, beta);
            if (maximise) {
                if (v > best) {
                    best = v;
                    best_move = moves[i];
                    if (v > alpha) alpha = v;
                }
            } else if (v < best) {
                best = v;
                best_move = moves[i];
                if (v < beta) beta = v;
            }
            if (alpha >= beta) break;
        }
    }
    if (best <= a0) {
        hi = best;
    } else if (best >= b0) {
        lo = best;
    } else {
        lo = hi = best;
    }
    e = mt_probe(slot, k1, k2); /* the children may have replaced it */
    if (e == NULL) {
        e = mt_victim(slot);
        e->k1 = k1;
        e->k2 = k2;
        e->gen = mgeneration;
    }
    e->lo = lo;
    e->hi = hi;
    e->move = (uint8_t)(best_move + 1);
    e->depth = (uint8_t)(popcount32(s->h[0] | s->h[1]) + 2 * (x->ntalon - s->ti) + 1);
    return best;
}

/* ---------------------------------------------------------------------------------------- */
/* arguments                                                                                 */

/* An int argument in [lo, hi]: TypeError if not an int, ValueError if out of range. */
static int get_int(PyObject *o, const char *name, long lo, long hi, long *out) {
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", name, Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s out of range [%ld, %ld]", name, lo, hi);
        return -1;
    }
    *out = (long)v;
    return 0;
}

/* A sequence of ints (cards or actions) into ``out`` (at most ``cap``); returns the count. */
static Py_ssize_t get_ints(PyObject *o, const char *name, long lo, long hi, int *out,
                           Py_ssize_t cap) {
    if (PyLong_Check(o) || PyUnicode_Check(o) || PyBytes_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be a sequence of ints", name);
        return -1;
    }
    PyObject *seq = PySequence_Fast(o, "");
    if (seq == NULL) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s must be a sequence of ints, not %.100s", name,
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > cap) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: too many items (%zd > %zd)", name, n, cap);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        long v;
        if (get_int(items[i], name, lo, hi, &v) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(seq);
    return n;
}

static PyObject *value_error(const char *msg) {
    PyErr_SetString(PyExc_ValueError, msg);
    return NULL;
}

/* The common position arguments: hands, led, turn, points, tricks. Checks that the hands and
   the led card are disjoint and that the hand sizes fit (the player on turn holds a card). */
/* The optional trailing arguments of every search: ``variant`` (0 klub, 1 sixty-six) and
   ``cp0``, seat 0's card points (sixty-six's count). ``rest`` holds the ``nrest`` (0 or 2)
   arguments after the klub ones. Sets the context's rules; the position's card points are
   taken by the next ``get_position`` (``x_cp0``). Called first, so that the checks of the
   world and position know the rules. */
static long x_cp0 = 0;

static int get_rules(PyObject *const *rest, Py_ssize_t nrest, Ctx *x) {
    long six = 0, cp0 = 0;
    if (nrest == 2 && (get_int(rest[0], "variant", 0, 1, &six) < 0 ||
                       get_int(rest[1], "cp0", 0, 120, &cp0) < 0))
        return -1;
    if (!six && cp0) {
        PyErr_SetString(PyExc_ValueError, "cp0: klub counts no card points");
        return -1;
    }
    x->six = (int)six;
    x_cp0 = cp0;
    return 0;
}

/* The deadline of the searches of one thread (``set_deadline``): CPU seconds, 0 for none. */
static double deadline_at = 0;
static unsigned long deadline_thread = 0;
static PyObject *OutOfTime = NULL;

/* A call's search starts: no position counted, and the deadline if the calling thread set one. */
static void start_clock(Ctx *x) {
    x->nodes = 0;
    x->stopped = 0;
    x->deadline = deadline_at > 0 && deadline_thread == PyThread_get_thread_ident() ? deadline_at : 0;
}

static PyObject *out_of_time_error(void) {
    PyErr_SetString(OutOfTime, "the deadline passed during the search");
    return NULL;
}

/* The klub arguments' count ``want``, or ``want`` + 2 with the rules (``get_rules``). */
static int check_rules_nargs(Py_ssize_t nargs, Py_ssize_t want, const char *fn) {
    if (nargs != want && nargs != want + 2) {
        PyErr_Format(PyExc_TypeError,
                     "%s() takes %zd arguments, or %zd with variant and cp0 (%zd given)", fn,
                     want, want + 2, nargs);
        return -1;
    }
    return 0;
}

static int get_position(PyObject *oh0, PyObject *oh1, PyObject *oled, PyObject *oturn,
                        PyObject *op0, PyObject *op1, PyObject *ot0, PyObject *ot1, Pos *s) {
    long h0, h1, led, turn, p0, p1, t0, t1;
    if (get_int(oh0, "h0", 0, ALL_CARDS, &h0) < 0 || get_int(oh1, "h1", 0, ALL_CARDS, &h1) < 0 ||
        get_int(oled, "led", -1, NCARDS - 1, &led) < 0 || get_int(oturn, "turn", 0, 1, &turn) < 0 ||
        get_int(op0, "p0", 0, 1000, &p0) < 0 || get_int(op1, "p1", 0, 1000, &p1) < 0 ||
        get_int(ot0, "t0", 0, 10, &t0) < 0 || get_int(ot1, "t1", 0, 10, &t1) < 0)
        return -1;
    if (h0 & h1) {
        PyErr_SetString(PyExc_ValueError, "the hands overlap");
        return -1;
    }
    if (led >= 0 && ((h0 | h1) >> led & 1)) {
        PyErr_SetString(PyExc_ValueError, "the led card is in a hand");
        return -1;
    }
    int n_turn = popcount32((uint32_t)(turn == 0 ? h0 : h1));
    int n_other = popcount32((uint32_t)(turn == 0 ? h1 : h0));
    if (n_turn == 0 || n_turn != n_other + (led >= 0 ? 1 : 0)) {
        PyErr_SetString(PyExc_ValueError,
                        "hand sizes: the player on turn must hold a card, as many as the "
                        "other (one more if a card is led)");
        return -1;
    }
    s->h[0] = (uint32_t)h0;
    s->h[1] = (uint32_t)h1;
    s->led = (int8_t)led;
    s->turn = (int8_t)turn;
    s->p[0] = (int8_t)(p0 > WIN ? WIN : p0);
    s->p[1] = (int8_t)(p1 > WIN ? WIN : p1);
    s->f[0] = (int8_t)(t0 > 0);
    s->f[1] = (int8_t)(t1 > 0);
    s->cs = 0;
    s->cp0 = (uint8_t)x_cp0;
    return 0;
}



/* An open-talon world: the position plus talon and trump card. */
static int get_open(PyObject *const *args, Ctx *x, Pos *s) {
    /* args: h0, h1, talon, trump_card, led, turn, p0, p1, t0, t1 */
    if (get_position(args[0], args[1], args[4], args[5], args[6], args[7], args[8], args[9], s) <
        0)
        return -1;
    int talon[MAX_TALON];
    Py_ssize_t n = get_ints(args[2], "talon", 0, NCARDS - 1, talon, MAX_TALON);
    if (n < 0) return -1;
    if (n % 2 == 0 || n > (x->six ? 11 : 9)) {
        PyErr_SetString(PyExc_ValueError, "talon: an open talon has an odd number of face-down "
                                          "cards (klub 1..9, sixty-six 1..11)");
        return -1;
    }
    long tc;
    if (get_int(args[3], "trump_card", 0, NCARDS - 1, &tc) < 0) return -1;
    uint32_t seen = s->h[0] | s->h[1] | (s->led >= 0 ? 1u << s->led : 0);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (seen >> talon[i] & 1) {
            PyErr_SetString(PyExc_ValueError, "talon: a card twice, or also in a hand");
            return -1;
        }
        seen |= 1u << talon[i];
        x->talon[i] = (int8_t)talon[i];
    }
    if (seen >> tc & 1) {
        PyErr_SetString(PyExc_ValueError, "trump_card: also in a hand or the talon");
        return -1;
    }
    if (popcount32(s->h[s->turn]) > (x->six ? 6 : 5)) { /* drawing keeps the hands full */
        PyErr_SetString(PyExc_ValueError,
                        "an open-talon hand holds at most five cards (sixty-six: six)");
        return -1;
    }
    x->ntalon = (int)n;
    x->trump = (int)tc / 6;
    x->xcard = x->trump * 6 + (x->six ? 0 : 1);
    start_clock(x);
    s->ti = 0;
    s->tc = (int8_t)tc;
    return 0;
}

/* A strict world: the position plus trump suit and closing state. */
static int get_strict(PyObject *oh0, PyObject *oh1, PyObject *otrump, PyObject *oclosed_by,
                      PyObject *oclosed_at, PyObject *oled, PyObject *oturn, PyObject *op0,
                      PyObject *op1, PyObject *ot0, PyObject *ot1, Ctx *x, Pos *s) {
    if (get_position(oh0, oh1, oled, oturn, op0, op1, ot0, ot1, s) < 0) return -1;
    long trump, closed_by;
    if (get_int(otrump, "trump", 0, 3, &trump) < 0 ||
        get_int(oclosed_by, "closed_by", -1, 1, &closed_by) < 0)
        return -1;
    if (closed_by >= 0) {
        if (!PyTuple_Check(oclosed_at) && !PyList_Check(oclosed_at)) {
            PyErr_SetString(PyExc_TypeError,
                            "closed_at must be ((p0, t0), (p1, t1)) when closed_by >= 0");
            return -1;
        }
        int at[2][2];
        PyObject *seq = PySequence_Fast(oclosed_at, "closed_at must be a sequence");
        if (seq == NULL) return -1;
        if (PySequence_Fast_GET_SIZE(seq) != 2) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "closed_at must be ((p0, t0), (p1, t1))");
            return -1;
        }
        for (int i = 0; i < 2; i++) {
            int pair[2];
            Py_ssize_t k =
                get_ints(PySequence_Fast_GET_ITEM(seq, i), "closed_at item", 0, 1000, pair, 2);
            if (k < 0) {
                Py_DECREF(seq);
                return -1;
            }
            if (k != 2) {
                Py_DECREF(seq);
                PyErr_SetString(PyExc_ValueError, "closed_at must be ((p0, t0), (p1, t1))");
                return -1;
            }
            at[i][0] = pair[0];
            at[i][1] = pair[1];
        }
        Py_DECREF(seq);
        int o = 1 - (int)closed_by;
        s->cs = (int8_t)(1 + 3 * closed_by + by_loser_state(at[o][0], at[o][1] > 0) - 1 +
                         (x->six && at[closed_by][1] > 0 ? 6 : 0));
    } else if (oclosed_at != Py_None) {
        PyErr_SetString(PyExc_ValueError, "closed_at must be None when closed_by is -1");
        return -1;
    }
    x->ntalon = 0;
    x->trump = (int)trump;
    x->xcard = x->trump * 6 + (x->six ? 0 : 1);
    start_clock(x);
    s->ti = STRICT_TI;
    s->tc = 0;
    return 0;
}

/* Whether ``a`` is a legal action of ``s``. */
static int legal(const Ctx *x, const Pos *s, int a) {
    int moves[24];
    int n = gen_moves(x, s, -1, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == a) return 1;
    return 0;
}

/* The exact value for seat 0 of move ``a`` in ``s`` (of ``s`` itself if ``a`` is -1). */
static int exact(Ctx *x, const Pos *s, int a) {
    if (a < 0) return window_search(x, s, -INF, INF);
    Pos n;
    int v;
    if (step(x, s, a, &n, &v)) return v;
    return window_search(x, &n, -INF, INF);
}

/* Each action's value for the player on turn, searched from ``s`` in one table. */
static PyObject *values_of(Ctx *x, const Pos *s, PyObject *oactions) {
    int actions[64];
    Py_ssize_t n = get_ints(oactions, "actions", 0, CLOSE, actions, 64);
    if (n < 0) return NULL;
    for (Py_ssize_t i = 0; i < n; i++)
        if (!legal(x, s, actions[i])) return value_error("actions: an illegal action");
    if (tt_init() < 0) return NULL;
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    int sign = s->turn == 0 ? 1 : -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        int v = exact(x, s, actions[i]) * sign;
        if (x->stopped) {
            Py_DECREF(out);
            return out_of_time_error();
        }
        PyObject *iv = PyLong_FromLong(v);
        if (iv == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, iv);
    }
    return out;
}

/* ---------------------------------------------------------------------------------------- */
/* the module's functions                                                                    */

static uint64_t last_nodes = 0;

static PyObject *py_open_values(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_rules_nargs(nargs, 11, "open_values") < 0) return NULL;
    Ctx x;
    Pos s;
    if (get_rules(args + 11, nargs - 11, &x) < 0 || get_open(args, &x, &s) < 0) return NULL;
    PyObject *out = values_of(&x, &s, args[10]);
    last_nodes = x.nodes;
    return out;
}

static PyObject *py_open_value(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_rules_nargs(nargs, 10, "open_value") < 0) return NULL;
    Ctx x;
    Pos s;
    if (get_rules(args + 10, nargs - 10, &x) < 0 || get_open(args, &x, &s) < 0) return NULL;
    if (tt_init() < 0) return NULL;
    int v = exact(&x, &s, -1);
    last_nodes = x.nodes;
    if (x.stopped) return out_of_time_error();
    return PyLong_FromLong(s.turn == 0 ? v : -v);
}

static PyObject *py_strict_values(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_rules_nargs(nargs, 12, "strict_values") < 0) return NULL;
    Ctx x;
    Pos s;
    if (get_rules(args + 12, nargs - 12, &x) < 0) return NULL;
    if (get_strict(args[0], args[1], args[2], args[3], args[4], args[5], args[6], args[7],
                   args[8], args[9], args[10], &x, &s) < 0)
        return NULL;
    PyObject *out = values_of(&x, &s, args[11]);
    last_nodes = x.nodes;
    return out;
}

static PyObject *py_strict_value(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (check_rules_nargs(nargs, 11, "strict_value") < 0) return NULL;
    Ctx x;
    Pos s;
    if (get_rules(args + 11, nargs - 11, &x) < 0) return NULL;
    if (get_strict(args[0], args[1], args[2], args[3], args[4], args[5], args[6], args[7],
                   args[8], args[9], args[10], &x, &s) < 0)
        return NULL;
    if (tt_init() < 0) return NULL;
    int v = exact(&x, &s, -1);
    last_nodes = x.nodes;
    if (x.stopped) return out_of_time_error();
    return PyLong_FromLong(s.turn == 0 ? v : -v);
}

static PyObject *py_close_lead_values(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    /* h0, h1, trump, turn, p0, p1, t0, t1, leads */
    if (check_rules_nargs(nargs, 9, "close_lead_values") < 0) return NULL;
    Ctx x;
    if (get_rules(args + 9, nargs - 9, &x) < 0) return NULL;
    long turn, p0, p1, t0, t1;
    if (get_int(args[3], "turn", 0, 1, &turn) < 0 || get_int(args[4], "p0", 0, 1000, &p0) < 0 ||
        get_int(args[5], "p1", 0, 1000, &p1) < 0 || get_int(args[6], "t0", 0, 10, &t0) < 0 ||
        get_int(args[7], "t1", 0, 10, &t1) < 0)
        return NULL;
    PyObject *at = Py_BuildValue("((ll)(ll))", p0, t0, p1, t1);
    if (at == NULL) return NULL;
    PyObject *closer = PyLong_FromLong(turn);
    PyObject *none_led = PyLong_FromLong(-1);
    PyObject *out = NULL;
    Pos s;
    if (closer != NULL && none_led != NULL &&
        get_strict(args[0], args[1], args[2], closer, at, none_led, args[3], args[4], args[5],
                   args[6], args[7], &x, &s) == 0) {
        out = values_of(&x, &s, args[8]);
        last_nodes = x.nodes;
    }
    Py_XDECREF(closer);
    Py_XDECREF(none_led);
    Py_DECREF(at);
    return out;
}

/* A finite double argument (an int or a float), at least ``lo`` (an integer). */
static int get_double(PyObject *o, const char *name, double lo, double *out) {
    if (!PyFloat_Check(o) && !PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be a number, not %.100s", name, Py_TYPE(o)->tp_name);
        return -1;
    }
    double v = PyFloat_AsDouble(o);
    if (v == -1.0 && PyErr_Occurred()) return -1;
    if (!isfinite(v) || v < lo) {
        PyErr_Format(PyExc_ValueError, "%s must be finite and at least %d", name, (int)lo);
        return -1;
    }
    *out = v;
    return 0;
}

static PyObject *py_model_values(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    /* the open_values arguments, then blind, tricks, beta, trump_cost, marriage_cost,
       lead_tricks, random_lead, loss_weight */
    if (check_rules_nargs(nargs, 19, "model_values") < 0) return NULL;
    Ctx x;
    Pos s;
    if (get_rules(args + 19, nargs - 19, &x) < 0 || get_open(args, &x, &s) < 0) return NULL;
    long blind, tricks, lead_tricks;
    Model m = {.x = &x};
    if (get_int(args[11], "blind", 0, 1, &blind) < 0 ||
        get_int(args[12], "tricks", 0, 5, &tricks) < 0 ||
        get_double(args[13], "beta", 0, &m.beta) < 0 ||
        get_double(args[14], "trump_cost", -1000, &m.trump_cost) < 0 ||
        get_double(args[15], "marriage_cost", -1000, &m.marriage_cost) < 0 ||
        get_int(args[16], "lead_tricks", 0, 5, &lead_tricks) < 0 ||
        get_double(args[17], "random_lead", 0, &m.random_lead) < 0 ||
        get_double(args[18], "loss_weight", 1, &m.loss_weight) < 0)
        return NULL;
    if (m.random_lead > 1) return value_error("random_lead must be at most 1");
    m.blind = (int)blind;
    m.follow_limit = 2 * (int)tricks;
    m.lead_limit = m.random_lead > 0 ? 2 * (int)lead_tricks : 0; /* 0: best leads, exactly */
    m.limit = m.follow_limit > m.lead_limit ? m.follow_limit : m.lead_limit;
    int actions[64];
    Py_ssize_t n = get_ints(args[10], "actions", 0, CLOSE, actions, 64);
    if (n < 0) return NULL;
    for (Py_ssize_t i = 0; i < n; i++)
        if (!legal(&x, &s, actions[i])) return value_error("actions: an illegal action");
    if (tt_init() < 0 || mt_init() < 0) return NULL;
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    double sign = s.turn == 0 ? 1 : -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        double v = mchild(&m, &s, actions[i], -MINF, MINF) * sign;
        if (x.stopped) {
            last_nodes = x.nodes;
            Py_DECREF(out);
            return out_of_time_error();
        }
        PyObject *fv = PyFloat_FromDouble(v);
        if (fv == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, fv);
    }
    last_nodes = x.nodes;
    return out;
}

static PyObject *py_set_deadline(PyObject *self, PyObject *arg) {
    (void)self;
    double at = PyFloat_AsDouble(arg);
    if (at == -1.0 && PyErr_Occurred()) return NULL;
    if (!isfinite(at) || at < 0) return value_error("deadline: CPU seconds, at least 0 (0: none)");
    deadline_at = at;
    deadline_thread = PyThread_get_thread_ident();
    Py_RETURN_NONE;
}

static PyObject *py_nodes(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyLong_FromUnsignedLongLong(last_nodes);
}

static PyMethodDef methods[] = {
    {"open_values", (PyCFunction)(void (*)(void))py_open_values, METH_FASTCALL,
     "open_values(h0, h1, talon, trump_card, led, turn, p0, p1, t0, t1, actions) -> tuple\n"
     "Each action's exact value for the player on turn of an open-talon world."},
    {"open_value", (PyCFunction)(void (*)(void))py_open_value, METH_FASTCALL,
     "open_value(h0, h1, talon, trump_card, led, turn, p0, p1, t0, t1) -> int\n"
     "The exact value of an open-talon world for the player on turn."},
    {"strict_values", (PyCFunction)(void (*)(void))py_strict_values, METH_FASTCALL,
     "strict_values(h0, h1, trump, closed_by, closed_at, led, turn, p0, p1, t0, t1, actions)"
     " -> tuple\nEach card's exact value for the player on turn of a strict position."},
    {"strict_value", (PyCFunction)(void (*)(void))py_strict_value, METH_FASTCALL,
     "strict_value(h0, h1, trump, closed_by, closed_at, led, turn, p0, p1, t0, t1) -> int\n"
     "The exact value of a strict position for the player on turn."},
    {"close_lead_values", (PyCFunction)(void (*)(void))py_close_lead_values, METH_FASTCALL,
     "close_lead_values(h0, h1, trump, turn, p0, p1, t0, t1, leads) -> tuple\n"
     "Closing now, then each lead: its exact value for the closer (the player on turn)."},
    {"model_values", (PyCFunction)(void (*)(void))py_model_values, METH_FASTCALL,
     "model_values(h0, h1, talon, trump_card, led, turn, p0, p1, t0, t1, actions, blind, "
     "tricks, beta, trump_cost, marriage_cost, lead_tricks, random_lead, loss_weight) -> tuple\n"
     "Each action's expected value for the player on turn when ``blind`` follows blindly."},
    {"set_deadline", py_set_deadline, METH_O,
     "set_deadline(seconds) -> None\nThe calling thread's searches raise OutOfTime once its CPU "
     "time (time.thread_time) reaches seconds; 0: no deadline."},
    {"nodes", py_nodes, METH_NOARGS, "nodes() -> int\nPositions searched by the last call."},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(
    MODULE_DOC,
    "The exact klub search in C: the values of the reference solvers in tests/bots.\n"
    "\n"
    "Cards are ints 0..23 (suit i // 6, rank i % 6 in 9 U O K X A), hands 24-bit masks,\n"
    "actions a card, EXCHANGE (24) or CLOSE (25). Values are game points (-3..3) for the\n"
    "player on turn.\n"
    "Points are card points plus marriages, t0/t1 the tricks taken.\n"
    "\n"
    "open_values(h0, h1, talon, trump_card, led, turn, p0, p1, t0, t1, actions) -> tuple\n"
    "    An open-talon world (DealSolver(g).action_values(actions)): talon = the face-down\n"
    "    cards in draw order (odd length 1..9), trump_card = the card under them (the trump\n"
    "    jack after an exchange), led = the card on the table or -1.\n"
    "open_value(h0, h1, talon, trump_card, led, turn, p0, p1, t0, t1) -> int\n"
    "    The world's value for the player on turn (DealSolver(g).value(turn)).\n"
    "strict_values(h0, h1, trump, closed_by, closed_at, led, turn, p0, p1, t0, t1, actions)\n"
    "    A strict position (talon exhausted, or closed by closed_by at closed_at =\n"
    "    ((p0, t0), (p1, t1)); closed_by -1 and closed_at None if never closed):\n"
    "    solver.action_values(g) for the cards in actions.\n"
    "strict_value(h0, h1, trump, closed_by, closed_at, led, turn, p0, p1, t0, t1) -> int\n"
    "    solver.solve(g, turn).\n"
    "close_lead_values(h0, h1, trump, turn, p0, p1, t0, t1, leads) -> tuple\n"
    "    The player on turn closes the open talon now, then leads each card of leads: its\n"
    "    value for the closer (DealSolver(g).close_lead_values()).\n"
    "model_values(h0, h1, talon, trump_card, led, turn, p0, p1, t0, t1, actions, blind,\n"
    "             tricks, beta, trump_cost, marriage_cost, lead_tricks, random_lead,\n"
    "             loss_weight) -> tuple\n"
    "    As open_values, but for the first ``tricks`` open tricks the follows of seat\n"
    "    ``blind`` are chance nodes: a follower that cannot see the leader's hand, replying\n"
    "    as apps/bots/replies.py models (weights exp(beta * score / 10)); and for the first\n"
    "    ``lead_tricks`` its leads are any card it holds with probability ``random_lead``\n"
    "    (each as likely), else its best lead. Each game point the other seat can lose\n"
    "    counts ``loss_weight`` (at least 1) times. Floats: the expected (weighted) game\n"
    "    points for the player on turn.\n"
    "set_deadline(seconds) -> None\n"
    "    From now on the calling thread's searches raise OutOfTime as soon as its CPU time\n"
    "    (time.thread_time) reaches seconds (looked at every 1024 positions); 0: none.\n"
    "nodes() -> int\n"
    "    Positions searched by the last call (for benchmarks; a stopped call's too).\n"
    "\n"
    "Bad input (wrong types, cards out of range, overlapping cards, impossible hand sizes,\n"
    "illegal actions) raises TypeError or ValueError. One static transposition table of\n"
    "2**16 entries (1 MiB), allocated on first use and reused by every call, each call\n"
    "with its own generation stamp (calls hold the GIL and never call back into Python,\n"
    "so they never overlap).");

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_search", MODULE_DOC, -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__search(void) {
    for (uint32_t m = 0; m < 64; m++) SUIT_POINTS[m] = points_of(m);
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    OutOfTime = PyErr_NewException("apps.bots._search.OutOfTime", NULL, NULL);
    if (OutOfTime == NULL || PyModule_AddObjectRef(m, "OutOfTime", OutOfTime) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
