/* exec.h — what the execution layer (src/exec/: semantics, wave, state files) offers the
 * other layers. Not installed. */
#ifndef MQSAD_EXEC_H
#define MQSAD_EXEC_H

#include "isa/isa.h"

/* ---- wave execution (src/exec/wave.c, src/exec/state.c) ----------------------------------------
 * Register ids: 0..255 scalar operand code, MQSAD_REG_VGPR0 + n VGPR vn. */
enum { MQSAD_WREG_NONE = 0, MQSAD_WREG_SGPR, MQSAD_WREG_TTMP, MQSAD_WREG_SPECIAL, MQSAD_WREG_VGPR };
/* Which register file id belongs to on target t (MQSAD_WREG_NONE: the target lacks it). */
int mqsad_wave_id_class(const mqsad_target *t, unsigned id);
/* The 32-bit special register (halves, m0, null, src_*) at scalar code c, or NONE. */
mqsad_special mqsad_wave_special_at(const mqsad_target *t, unsigned c);
/* VGPRs of the target (vgpr_quad_max + 4: 256, or 258 on gfx1250). */
unsigned mqsad_wave_vgpr_count(const mqsad_target *t);


#endif
