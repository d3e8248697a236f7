/* assemble_line.c — assemble LLVM AMDGPU text, print it the way llvm-mc -show-encoding does.
 *
 *   assemble_line                        assemble a few built-in examples
 *   assemble_line TARGET 'TEXT'          e.g. assemble_line gfx1100 'v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]'
 *
 * Build: cc assemble_line.c $(pkg-config --cflags --libs mqsad)   (or see CMakeLists.txt)
 */
#include <mqsad.h>

#include <stdio.h>
#include <string.h>

/* Returns 0 if the line assembled. */
static int assemble_print(const char *target_name, const char *text)
{
    const mqsad_target *t = mqsad_target_lookup(target_name);
    mqsad_inst inst;
    mqsad_diag diag;
    unsigned char bytes[16];
    char line[512];
    size_t n = 0;
    mqsad_status st;

    if (!t) {
        printf("%s: unknown target\n", target_name);
        return 1;
    }
    st = mqsad_assemble(t, text, strlen(text), &inst, bytes, sizeof bytes, &n, &diag);
    if (st != MQSAD_OK) {
        printf("%s: %u: error: %s\n", t->name, diag.column, diag.message);
        return 1;
    }
    st = mqsad_format_encoding_line(&inst, bytes, n, line, sizeof line, NULL);
    if (st != MQSAD_OK) {
        printf("%s: cannot format: %s\n", t->name, mqsad_strerror(st));
        return 1;
    }
    printf("%s:%s\n", t->name, line);   /* line starts with llvm-mc's TAB */
    return 0;
}

int main(int argc, char **argv)
{
    int bad = 0;
    if (argc == 3) return assemble_print(argv[1], argv[2]);
    if (argc != 1) {
        fprintf(stderr, "usage: assemble_line [TARGET 'TEXT']\n");
        return 2;
    }
    bad |= assemble_print("gfx1100", "v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]");
    bad |= assemble_print("gfx803", "v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]");
    bad |= assemble_print("gfx1100", "v_mqsad_u32_u8 v[4:7], 0x12345678, v1, v[8:11]");
    bad |= assemble_print("gfx1030", "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] clamp");
    bad |= assemble_print("gfx1100", "v_mqsad_u32_u8 v[4:7], s[2:3], s1, v[8:11]");
    /* rejected lines: misaligned quad on gfx90a, constant bus on gfx900, clamp on gfx700 */
    bad |= !assemble_print("gfx90a", "v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]");
    bad |= !assemble_print("gfx900", "v_mqsad_u32_u8 v[4:7], s[2:3], s1, v[8:11]");
    bad |= !assemble_print("gfx700", "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] clamp");
    return bad ? 1 : 0;
}
