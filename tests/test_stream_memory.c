/*
 * test_stream_memory.c — `mqsad asm` and `mqsad dis` stream, so their
 * memory does not grow with the input. Each mode runs the CLI ($MQSAD_BIN) on a small and
 * a 200x larger input (about 17-20 MB) of valid instructions, from a file and through a
 * pipe, and checks the exit status, that every instruction came out (one output line each:
 * the count is known from the generator, not from the tool) and that the child's peak
 * resident set (wait4's ru_maxrss) grew by less than RSS_SLACK_KIB. A tool that kept its
 * input or output would grow by tens of megabytes; what the large input may add is fixed:
 * `mqsad asm`'s 2 MiB read block and the buffers of its threads' trial contexts (a few
 * MiB, untouched below 512 KiB of input). (ru_maxrss also covers the forked
 * child before its exec, this test's own half megabyte or so: a floor for the small run.)
 *
 * Under AddressSanitizer the peak RSS measures the sanitizer's quarantine, not the tool:
 * there the RSS checks are left out and only the runs are checked.
 */
#define _DEFAULT_SOURCE 1   /* wait4, mkdtemp */
#include "t.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

#define SMALL 2000L
#define LARGE 400000L
#define RSS_SLACK_KIB 8192L

enum form { F_ASM, F_DIS, F_WORDS, F_BIN };

/* instruction i of the generated stream: a GFX11 V_MQSAD_U32_U8 with VGPR operands only
 * (every one valid on gfx1100: VDST and SRC2 4-aligned, SRC0 2-aligned), CLAMP on every
 * fifth. Returns the 8 bytes (little-endian dwords) and the assembler's text. */
static void inst(long i, uint8_t b[8], char *text, size_t cap)
{
    unsigned vd = (unsigned)(i * 4 % 252), s0 = (unsigned)(i * 6 % 254), s1 = (unsigned)(i * 7 % 256),
             s2 = (unsigned)(i * 8 % 252), clamp = i % 5 == 0;
    uint32_t hi = (256u + s0) | (256u + s1) << 9 | (256u + s2) << 18;
    b[0] = (uint8_t)vd; b[1] = clamp ? 0x80 : 0; b[2] = 0x3d; b[3] = 0xd6;
    b[4] = (uint8_t)hi; b[5] = (uint8_t)(hi >> 8); b[6] = (uint8_t)(hi >> 16); b[7] = (uint8_t)(hi >> 24);
    snprintf(text, cap, "v_mqsad_u32_u8 v[%u:%u], v[%u:%u], v%u, v[%u:%u]%s", vd, vd + 3, s0, s0 + 1, s1,
             s2, s2 + 3, clamp ? " clamp" : "");
}

static int write_input(const char *path, enum form f, long n)
{
    FILE *o = fopen(path, "wb");
    long i;
    if (!o) return 0;
    for (i = 0; i < n; i++) {
        uint8_t b[8];
        char text[96];
        inst(i, b, text, sizeof text);
        switch (f) {
        case F_ASM: fprintf(o, "%s\n", text); break;
        case F_DIS:
            fprintf(o, "[0x%02x,0x%02x,0x%02x,0x%02x,0x%02x,0x%02x,0x%02x,0x%02x]\n", b[0], b[1], b[2], b[3],
                    b[4], b[5], b[6], b[7]);
            break;
        case F_WORDS:
            fprintf(o, "0x%08lx 0x%08lx\n",
                    (unsigned long)b[0] | (unsigned long)b[1] << 8 | (unsigned long)b[2] << 16 | (unsigned long)b[3] << 24,
                    (unsigned long)b[4] | (unsigned long)b[5] << 8 | (unsigned long)b[6] << 16 | (unsigned long)b[7] << 24);
            break;
        case F_BIN: fwrite(b, 1, 8, o); break;
        }
    }
    return fclose(o) == 0;
}

/* Copies path to fd, then closes it (the pipe's writer, in its own process). */
static void feed(const char *path, int fd)
{
    char buf[65536];
    int in = open(path, O_RDONLY);
    ssize_t n;
    if (in < 0) _exit(1);
    while ((n = read(in, buf, sizeof buf)) > 0) {
        ssize_t off = 0;
        while (off < n) {
            ssize_t w = write(fd, buf + off, (size_t)(n - off));
            if (w < 0) { if (errno == EINTR) continue; _exit(1); }
            off += w;
        }
    }
    _exit(0);
}

struct run { int status; long maxrss_kib; long lines; };

/* Runs argv with stdin from path (through a pipe when piped, else argv names the file),
 * stdout to out_path, stderr to /dev/null; fills r. 0 if it could not be run. */
static int run(char *const argv[], const char *path, int piped, const char *out_path, struct run *r)
{
    int pfd[2] = { -1, -1 };
    pid_t writer = -1, pid;
    struct rusage ru;
    int st = 0;
    if (piped && pipe(pfd) != 0) return 0;
    if (piped) {
        writer = fork();
        if (writer < 0) return 0;
        if (writer == 0) { close(pfd[0]); feed(path, pfd[1]); }
        close(pfd[1]);
    }
    pid = fork();
    if (pid < 0) return 0;
    if (pid == 0) {
        int o = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600), e = open("/dev/null", O_WRONLY);
        if (o < 0 || e < 0) _exit(127);
        if (piped) dup2(pfd[0], 0);
        dup2(o, 1);
        dup2(e, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    if (piped) close(pfd[0]);
    while (wait4(pid, &st, 0, &ru) < 0)
        if (errno != EINTR) return 0;
    if (piped)
        while (waitpid(writer, NULL, 0) < 0 && errno == EINTR) continue;
    r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    r->maxrss_kib = ru.ru_maxrss;   /* KiB on Linux */
    r->lines = 0;
    {
        FILE *o = fopen(out_path, "rb");
        int c;
        if (!o) return 0;
        while ((c = getc(o)) != EOF) r->lines += c == '\n';
        fclose(o);
    }
    return 1;
}

int main(void)
{
    static const struct { const char *cmd, *opt; enum form f; } modes[] = {
        { "asm", NULL, F_ASM }, { "asm", "--bin", F_ASM }, { "dis", NULL, F_DIS },
        { "dis", "--words", F_WORDS }, { "dis", "--bin", F_BIN },
    };
    const char *bin = getenv("MQSAD_BIN");
    char dir[] = "/tmp/mqsad-stream-XXXXXX", in[2][256], out[256];
    size_t m;
    if (!bin || !*bin) bin = "build/mqsad";
    if (access(bin, X_OK) != 0) {
        CHECK(0, "%s is not an executable (set MQSAD_BIN)", bin);
        return t_done();
    }
    if (!mkdtemp(dir)) {
        CHECK(0, "mkdtemp: %s", strerror(errno));
        return t_done();
    }
    snprintf(out, sizeof out, "%s/out", dir);
    for (m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        const long n[2] = { SMALL, LARGE };
        const char *opt = modes[m].opt ? modes[m].opt : "";
        int bin_out = modes[m].f == F_ASM && modes[m].opt != NULL;   /* asm --bin: 8 bytes each */
        int piped, k;
        for (k = 0; k < 2; k++) {
            snprintf(in[k], sizeof in[k], "%s/in%d", dir, k);
            CHECK(write_input(in[k], modes[m].f, n[k]), "cannot write %s", in[k]);
        }
        for (piped = 0; piped < 2; piped++) {
            const char *how = piped ? " (pipe)" : "";
            struct run r[2];
            for (k = 0; k < 2; k++) {
                char *argv[8];
                int a = 0;
                argv[a++] = (char *)bin;
                argv[a++] = (char *)modes[m].cmd;
                argv[a++] = (char *)"-t";
                argv[a++] = (char *)"gfx1100";
                if (modes[m].opt) argv[a++] = (char *)modes[m].opt;
                if (!piped) argv[a++] = in[k];
                argv[a] = NULL;
                memset(&r[k], 0, sizeof r[k]);
                CHECK(run(argv, in[k], piped, out, &r[k]), "%s %s: could not run", modes[m].cmd, opt);
                CHECK(r[k].status == 0, "%s %s%s, %ld instructions: exit status %d", modes[m].cmd, opt, how,
                      n[k], r[k].status);
                if (bin_out) {
                    struct stat sb;
                    memset(&sb, 0, sizeof sb);
                    CHECK(stat(out, &sb) == 0 && sb.st_size == 8 * n[k], "%s --bin%s: %lld output bytes, want %ld",
                          modes[m].cmd, how, (long long)sb.st_size, 8 * n[k]);
                } else {   /* one line per instruction */
                    CHECK(r[k].lines == n[k], "%s %s%s: %ld output lines, want %ld", modes[m].cmd, opt, how,
                          r[k].lines, n[k]);
                }
            }
            printf("# %s %s%s: peak RSS %ld KiB (%ld instructions), %ld KiB (%ld)\n", modes[m].cmd, opt, how,
                   r[0].maxrss_kib, SMALL, r[1].maxrss_kib, LARGE);
            if (!UNDER_ASAN)
                CHECK(r[1].maxrss_kib - r[0].maxrss_kib < RSS_SLACK_KIB,
                      "%s %s%s: peak RSS %ld KiB for %ld instructions, %ld KiB for %ld",
                      modes[m].cmd, opt, how, r[1].maxrss_kib, LARGE, r[0].maxrss_kib, SMALL);
        }
        for (k = 0; k < 2; k++) remove(in[k]);
    }
    remove(out);
    rmdir(dir);
    return t_done();
}
