/* status.c — mqsad_strerror and mqsad_version. */
#include "mqsad.h"

const char *mqsad_version(void) { return MQSAD_VERSION_STRING; }

const char *mqsad_strerror(mqsad_status s)
{
    switch (s) {
    case MQSAD_OK: return "success";
    case MQSAD_E_INVALID_ARGUMENT: return "invalid argument";
    case MQSAD_E_UNKNOWN_TARGET: return "unknown target";
    case MQSAD_E_TRUNCATED: return "truncated input: fewer than 8 bytes for the instruction word";
    case MQSAD_E_TRUNCATED_LITERAL: return "truncated input: literal bytes missing";
    case MQSAD_E_NOT_MQSAD: return "not a SAD-family instruction on this target (encoding or opcode differs)";
    case MQSAD_E_MODIFIERS: return "ABS, NEG or OMOD bits set";
    case MQSAD_E_NO_LITERAL: return "literal operands are not supported on this target";
    case MQSAD_E_LITERAL64: return "64-bit literal not supported here";
    case MQSAD_E_MULTIPLE_LITERALS: return "only one unique literal operand is allowed";
    case MQSAD_E_LITERAL_RANGE: return "literal value does not fit the operand";
    case MQSAD_E_OPERAND_CODE: return "operand code invalid for this slot on this target";
    case MQSAD_E_OPERAND_KIND: return "operand kind not allowed in this slot";
    case MQSAD_E_REGISTER_RANGE: return "register index out of range";
    case MQSAD_E_MISALIGNED: return "misaligned register tuple";
    case MQSAD_E_REG_UNAVAILABLE: return "register not available on this target";
    case MQSAD_E_CONSTANT_BUS: return "constant bus limit exceeded";
    case MQSAD_E_CLAMP_UNSUPPORTED: return "integer clamping is not supported on this target";
    case MQSAD_E_BUFFER_TOO_SMALL: return "buffer too small";
    case MQSAD_E_SYNTAX: return "syntax error";
    case MQSAD_E_UNSUPPORTED: return "unsupported instruction variant";
    case MQSAD_E_WAVE_SIZE: return "wave size not available on this target";
    case MQSAD_E_LDS_DIRECT: return "lds_direct source cannot be executed";
    case MQSAD_E_SRC2_NOT_VGPR: return "SRC2 is not a VGPR quad";
    case MQSAD_E_OVERLAP: return "destination overlaps a source: result not guaranteed on hardware";
    case MQSAD_E_INPUT_TOO_LONG: return "input exceeds a limit";
    case MQSAD_STATUS_COUNT: break;
    }
    return "unknown status";
}
