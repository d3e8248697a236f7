/* asm_parallel.c — mqsad_asm_stream_feed_parallel: mqsad_asm_stream_feed on several
 * threads, with exactly its output.
 *
 * The text is cut at line ends into pieces of about PIECE bytes, in order, as threads ask
 * for them. A piece is assembled either by the stream itself, in order, or ahead of time in
 * a trial context that starts as a fresh file would at the piece's first line (no labels
 * or symbols, nothing carried, no error recovery pending), into bounded buffers. The
 * calling thread takes the pieces in order: a trial's output is the stream's own when the
 * stream, where the piece starts, is in the state the trial assumed
 * (mqsad__asm_stream_take); otherwise (an error whose recovery reaches into the piece, a
 * statement across the cut, output that did not fit) the stream assembles the piece again.
 * Labels and symbols last to the end of the file: once the stream holds one, a trial that
 * names any symbol (or defines one) cannot be taken; after the first such piece the rest
 * of the text is fed to the stream alone.
 *
 * Memory is the caller's (work[]); the threads are made and joined within one call. */
#include "stream/stream.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>

#if !defined(MQSAD_NO_THREADS) && (defined(__wasi__) || defined(__EMSCRIPTEN__) || !defined(__unix__))
#define MQSAD_NO_THREADS 1
#endif
#ifndef MQSAD_NO_THREADS
#include <pthread.h>
#include <unistd.h>
#endif

#define PIECE (1u << 16)            /* bytes of input a piece has, up to its last line end */
#define OUT_CAP (8u * PIECE)        /* a trial's output buffers (more: the piece is redone) */
#define DIAG_CAP (8u * PIECE)
#define SLOTS(threads) ((threads) + 2u)   /* pieces in flight: one per thread, two waiting */
/* Less text than this goes to mqsad_asm_stream_feed: a thread made for it would spend
 * more time warming its caches than it takes off the calling thread. */
#define MIN_TEXT (8u * PIECE)

#ifndef MQSAD_NO_THREADS

static size_t round_up(size_t n) { return (n + 63) & ~(size_t)63; }

static size_t slot_size(void) { return round_up(mqsad_asm_stream_size()) + OUT_CAP + DIAG_CAP; }

static unsigned online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MQSAD_ASM_THREADS_MAX ? MQSAD_ASM_THREADS_MAX : (unsigned)n;
}

enum { TRIAL = 1, DONE, OWN };   /* a slot's piece: in a trial, tried, the stream's own */

typedef struct piece {
    size_t start, end;
    unsigned long line;              /* the line text[start] is on */
    int state;
    mqsad_asm_stream *trial;
    char *out, *diag;
} piece;

typedef struct par {
    pthread_mutex_t lock;
    pthread_cond_t changed;          /* a trial is done, or a slot is free again */
    mqsad_asm_stream *s;
    const char *text;
    size_t len;
    size_t cut;                      /* where the next piece starts */
    unsigned long cut_line;
    unsigned long next;              /* the next piece to cut */
    unsigned long taken;             /* pieces the stream has: the next one it takes */
    unsigned nslots;
    int stop;                        /* no more trials: the stream goes on alone */
    piece slot[SLOTS(MQSAD_ASM_THREADS_MAX)];
} par;

/* Cuts the next piece (under the lock; p->next < pieces still to cut, p->cut < p->len). */
static piece *cut_piece(par *p, int state)
{
    piece *pc = &p->slot[p->next % p->nslots];
    size_t end = p->len;
    if (p->len - p->cut > PIECE) {
        const char *nl = memchr(p->text + p->cut + PIECE - 1, '\n', p->len - p->cut - PIECE + 1);
        if (nl) end = (size_t)(nl - p->text) + 1;
    }
    pc->start = p->cut;
    pc->end = end;
    pc->line = p->cut_line;
    pc->state = state;
    p->cut_line += mqsad__count_newlines(p->text + p->cut, end - p->cut);
    p->cut = end;
    p->next++;
    return pc;
}

/* 1 if a trial may be cut now: text left, and a slot whose piece the stream has taken */
static int may_cut(const par *p) { return !p->stop && p->cut < p->len && p->next < p->taken + p->nslots; }

static void run_trial(par *p, piece *pc)
{
    mqsad__asm_stream_trial(pc->trial, p->s, pc->line, pc->out, OUT_CAP, pc->diag, DIAG_CAP);
    mqsad_asm_stream_feed(pc->trial, p->text + pc->start, pc->end - pc->start);
    pthread_mutex_lock(&p->lock);
    pc->state = DONE;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->lock);
}

static void *worker(void *arg)
{
    par *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        piece *pc;
        while (!may_cut(p) && !p->stop && p->cut < p->len) pthread_cond_wait(&p->changed, &p->lock);
        if (!may_cut(p)) break;
        pc = cut_piece(p, TRIAL);
        pthread_mutex_unlock(&p->lock);
        run_trial(p, pc);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* The calling thread: the pieces in order into the stream; while the next one is still
 * in another thread's trial, a trial of its own. */
static void commit_all(par *p)
{
    pthread_mutex_lock(&p->lock);
    while (p->taken < p->next || p->cut < p->len) {
        piece *pc = &p->slot[p->taken % p->nslots];
        if (p->stop) {
            /* the rest of the text in order, trials or not */
            size_t from = p->taken < p->next ? pc->start : p->cut;
            p->cut = p->len;
            p->taken = p->next;
            pthread_mutex_unlock(&p->lock);
            mqsad_asm_stream_feed(p->s, p->text + from, p->len - from);
            pthread_mutex_lock(&p->lock);
            break;
        }
        if (p->taken == p->next) {
            /* the stream's own piece: no trial needed */
            pc = cut_piece(p, OWN);
            pthread_mutex_unlock(&p->lock);
            mqsad_asm_stream_feed(p->s, p->text + pc->start, pc->end - pc->start);
        } else if (pc->state == DONE) {
            int took;
            pthread_mutex_unlock(&p->lock);
            took = mqsad__asm_stream_take(p->s, pc->trial, pc->line);
            if (took != 1) mqsad_asm_stream_feed(p->s, p->text + pc->start, pc->end - pc->start);
            pthread_mutex_lock(&p->lock);
            /* a file that names its labels and symbols all along: trials are wasted */
            if (took < 0) p->stop = 1;
            p->taken++;
            pthread_cond_broadcast(&p->changed);
            continue;
        } else if (may_cut(p)) {
            pc = cut_piece(p, TRIAL);
            pthread_mutex_unlock(&p->lock);
            run_trial(p, pc);
            pthread_mutex_lock(&p->lock);
            continue;
        } else {
            pthread_cond_wait(&p->changed, &p->lock);
            continue;
        }
        pthread_mutex_lock(&p->lock);
        p->taken++;
        pthread_cond_broadcast(&p->changed);
    }
    p->stop = 1;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->lock);
}

#endif /* !MQSAD_NO_THREADS */

unsigned mqsad_asm_parallel_threads(unsigned threads)
{
#ifdef MQSAD_NO_THREADS
    (void)threads;
    return 1;
#else
    if (threads == 0) threads = online_cpus();
    return threads > MQSAD_ASM_THREADS_MAX ? MQSAD_ASM_THREADS_MAX : threads;
#endif
}

size_t mqsad_asm_parallel_size(unsigned threads)
{
#ifdef MQSAD_NO_THREADS
    (void)threads;
    return 0;
#else
    threads = mqsad_asm_parallel_threads(threads);
    return threads < 2 ? 0 : round_up(sizeof(par)) + SLOTS(threads) * slot_size() + 64;
#endif
}

mqsad_status mqsad_asm_stream_feed_parallel(mqsad_asm_stream *s, const char *text, size_t len,
                                            unsigned threads, void *work, size_t work_size)
{
#ifndef MQSAD_NO_THREADS
    pthread_t tid[MQSAD_ASM_THREADS_MAX];
    unsigned made = 0, i;
    char *base;
    par *p;
    threads = mqsad_asm_parallel_threads(threads);
    /* as many threads as the work memory has slots for */
    while (threads >= 2 && work_size < mqsad_asm_parallel_size(threads)) threads--;
    /* (an empty feed checks s: NULL or finished is MQSAD_E_INVALID_ARGUMENT) */
    if (!s || (!text && len) || threads < 2 || !work || len < MIN_TEXT ||
        mqsad_asm_stream_feed(s, text, 0) != MQSAD_OK)
        return mqsad_asm_stream_feed(s, text, len);
    base = (char *)(((uintptr_t)work + 63) & ~(uintptr_t)63);
    p = (par *)base;
    memset(p, 0, sizeof *p);
    p->s = s;
    p->text = text;
    p->len = len;
    p->cut_line = mqsad__asm_stream_next_line(s);
    p->nslots = SLOTS(threads);
    base += round_up(sizeof *p);
    for (i = 0; i < p->nslots; i++) {
        p->slot[i].trial = (mqsad_asm_stream *)base;
        p->slot[i].out = base + round_up(mqsad_asm_stream_size());
        p->slot[i].diag = p->slot[i].out + OUT_CAP;
        base += slot_size();
    }
    if (pthread_mutex_init(&p->lock, NULL)) return mqsad_asm_stream_feed(s, text, len);
    if (pthread_cond_init(&p->changed, NULL)) {
        pthread_mutex_destroy(&p->lock);
        return mqsad_asm_stream_feed(s, text, len);
    }
    /* the calling thread is one of them; fewer workers if the system has fewer to give */
    for (i = 0; i + 1 < threads; i++)
        if (!pthread_create(&tid[made], NULL, worker, p)) made++;
    commit_all(p);
    for (i = 0; i < made; i++) pthread_join(tid[i], NULL);
    pthread_cond_destroy(&p->changed);
    pthread_mutex_destroy(&p->lock);
    return MQSAD_OK;
#else
    (void)threads, (void)work, (void)work_size;
    return mqsad_asm_stream_feed(s, text, len);
#endif
}
