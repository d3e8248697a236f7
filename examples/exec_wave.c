/* exec_wave.c — execute one v_mqsad_u32_u8 on a wave's registers.
 *
 * Sets up a wave32 on gfx1100 (RDNA 3), fills the source VGPRs of four lanes, turns lane 3
 * off in EXEC and runs "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]". Lane 3 keeps the old
 * destination value.
 *
 * Build: cc exec_wave.c $(pkg-config --cflags --libs mqsad)   (or see CMakeLists.txt)
 */
#include <mqsad.h>

#include <stdio.h>
#include <string.h>

/* mqsad_wave_state is about 67 KiB: keep it off the stack; MQSAD_WAVE_ALIGN keeps every VGPR
 * row on its own cache lines (C11 _Alignas; on the heap: aligned_alloc / posix_memalign). */
static _Alignas(MQSAD_WAVE_ALIGN) mqsad_wave_state wave;

int main(void)
{
    /* lanes 0..3: S0, S1, S2[4] (the first rows of the semantic test vectors) */
    static const struct { unsigned long long s0; unsigned s1, s2[4]; } in[4] = {
        { 0x0706050403020100ull, 0x03020100u, { 0x0b, 0x0d, 0x11, 0x13 } },
        { 0x8877665544332211ull, 0x00004422u, { 0xffffff00u, 0xffffff10u, 0xffffff20u, 0xffffff30u } },
        { 0x0101010101010101ull, 0x01000100u, { 0, 1, 2, 3 } },
        { 0xff00ee11dd22cc33ull, 0x11220033u, { 0x80000000u, 0x7fffffffu, 0x12345678u, 0x9abcdef0u } },
    };
    const char *text = "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]";
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    mqsad_inst inst;
    mqsad_diag diag;
    mqsad_status st;
    unsigned flags = 0, lane, k;

    if (!t) return 1;
    st = mqsad_parse(t, text, strlen(text), &inst, &diag);
    if (st != MQSAD_OK) {
        printf("parse: %u: %s\n", diag.column, diag.message);
        return 1;
    }
    st = mqsad_wave_init(&wave, t, 32);
    if (st != MQSAD_OK) {
        printf("wave_init: %s\n", mqsad_strerror(st));
        return 1;
    }
    /* registers are named by id: 256 + n is VGPR vn, 0..255 the scalar operand code
     * (126/127 = exec_lo/exec_hi). The setters check the id against the target. */
    for (lane = 0; lane < 4; lane++) {
        int l = (int)lane;
        st = mqsad_wave_set64(&wave, MQSAD_REG_VGPR0 + 2, l, in[lane].s0);   /* v[2:3] */
        if (st == MQSAD_OK) st = mqsad_wave_set(&wave, MQSAD_REG_VGPR0 + 1, l, in[lane].s1);
        for (k = 0; k < 4 && st == MQSAD_OK; k++) {
            st = mqsad_wave_set(&wave, MQSAD_REG_VGPR0 + 8 + k, l, in[lane].s2[k]);
            if (st == MQSAD_OK)   /* the old destination value */
                st = mqsad_wave_set(&wave, MQSAD_REG_VGPR0 + 4 + k, l, 0xdeadbeefu);
        }
        if (st != MQSAD_OK) {
            printf("wave_set: %s\n", mqsad_strerror(st));
            return 1;
        }
    }
    st = mqsad_wave_set64(&wave, 126, -1, 0x7);  /* EXEC (a scalar: lane -1): lanes 0-2 on */
    if (st != MQSAD_OK) {
        printf("set exec: %s\n", mqsad_strerror(st));
        return 1;
    }

    st = mqsad_wave_exec(&wave, &inst, &flags);
    if (st != MQSAD_OK) {
        printf("exec: %s\n", mqsad_strerror(st));
        return 1;
    }
    printf("gfx1100 wave32, exec 0x00000007: %s\n", text);
    for (lane = 0; lane < 4; lane++) {
        uint32_t d[4] = { 0, 0, 0, 0 };
        for (k = 0; k < 4; k++) mqsad_wave_get(&wave, MQSAD_REG_VGPR0 + 4 + k, lane, &d[k]);
        printf("lane %u: v[4:7] = 0x%08x 0x%08x 0x%08x 0x%08x\n", lane, (unsigned)d[0],
               (unsigned)d[1], (unsigned)d[2], (unsigned)d[3]);
    }
    printf("overlap flag: %u\n", (flags & MQSAD_EXEC_OVERLAP) ? 1u : 0u);
    return 0;
}
