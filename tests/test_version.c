/* test_version.c — the version lives in exactly one place, the VERSION file (read here
 * from the repository root, the cwd of `make check`). The header macros, mqsad_version()
 * and `mqsad --version` must all agree with it. */
#include "t.h"
#include "mqsad.h"

#include <stdio.h>
#include <string.h>

static int read_line(const char *path, char *buf, size_t size)
{
    FILE *f = fopen(path, "r");
    size_t n;
    if (!f) return 0;
    if (!fgets(buf, (int)size, f)) { fclose(f); return 0; }
    fclose(f);
    n = strlen(buf);
    while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ')) buf[--n] = 0;
    return 1;
}

int main(void)
{
    char file_version[64] = "", macro[64], out[128] = "", want[128], cmd[600];
    const char *bin = getenv("MQSAD_BIN");
    unsigned ma = 0, mi = 0, pa = 0;
    char extra;
    FILE *p;

    CHECK(read_line("VERSION", file_version, sizeof file_version), "read VERSION (cwd = repo root)");
    CHECK(sscanf(file_version, "%u.%u.%u%c", &ma, &mi, &pa, &extra) == 3,
          "VERSION is MAJOR.MINOR.PATCH: \"%s\"", file_version);
    CHECK_EQ_S(MQSAD_VERSION_STRING, file_version);
    CHECK_EQ_U(MQSAD_VERSION_MAJOR, ma);
    CHECK_EQ_U(MQSAD_VERSION_MINOR, mi);
    CHECK_EQ_U(MQSAD_VERSION_PATCH, pa);
    snprintf(macro, sizeof macro, "%d.%d.%d", MQSAD_VERSION_MAJOR, MQSAD_VERSION_MINOR,
             MQSAD_VERSION_PATCH);
    CHECK_EQ_S(macro, MQSAD_VERSION_STRING);
    CHECK_EQ_S(mqsad_version(), file_version);

    /* the CLI prints "mqsad VERSION" */
    if (!bin || !*bin) bin = "build/mqsad";
    snprintf(cmd, sizeof cmd, "\"%s\" --version", bin);
    p = popen(cmd, "r");
    CHECK(p != NULL, "run %s", cmd);
    if (p) {
        size_t n;
        if (!fgets(out, sizeof out, p)) out[0] = 0;
        CHECK(pclose(p) == 0, "%s exits 0", cmd);
        n = strlen(out);
        if (n && out[n - 1] == '\n') out[n - 1] = 0;
    }
    snprintf(want, sizeof want, "mqsad %s", file_version);
    CHECK_EQ_S(out, want);
    return t_done();
}
