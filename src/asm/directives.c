/*
 * directives.c — the directive names llvm-mc 22 knows for amdgcn (AsmParser, its ELF
 * parser and AMDGPUAsmParser), so that an unknown one is reported as llvm-mc reports it
 * ("unknown directive") and a known one as not supported here. Measured: every
 * ".name" string in libLLVM-22 given to `llvm-mc-22 -triple=amdgcn -mcpu=gfx1100` on its
 * own; these are the ones it did not call "unknown directive" (scripts/known_directives.py).
 * Lower case: directive names are matched without regard to case.
 */
#include "asm/asm.h"

#include <string.h>

static const char *const k_directives[] = {
    ".abort", ".addrsig", ".addrsig_sym", ".align", ".align32", ".altmacro",
    ".amd_amdgpu_hsa_metadata", ".amd_amdgpu_isa", ".amd_amdgpu_pal_metadata",
    ".amd_kernel_code_t", ".amdgcn_target", ".amdgpu_hsa_kernel", ".amdgpu_lds",
    ".amdgpu_pal_metadata", ".ascii", ".asciz", ".balign", ".balignl", ".balignw",
    ".base64", ".bss", ".byte", ".cfi_adjust_cfa_offset", ".cfi_def_cfa",
    ".cfi_def_cfa_offset", ".cfi_def_cfa_register", ".cfi_endproc", ".cfi_escape",
    ".cfi_label", ".cfi_llvm_def_aspace_cfa", ".cfi_lsda", ".cfi_offset",
    ".cfi_personality", ".cfi_register", ".cfi_rel_offset", ".cfi_remember_state",
    ".cfi_restore", ".cfi_restore_state", ".cfi_return_column", ".cfi_same_value",
    ".cfi_sections", ".cfi_signal_frame", ".cfi_startproc", ".cfi_undefined",
    ".cfi_val_offset", ".cfi_window_save", ".cg_profile", ".code16", ".code16gcc", ".cold",
    ".comm", ".common", ".cv_def_range", ".cv_file", ".cv_filechecksumoffset",
    ".cv_filechecksums", ".cv_fpo_data", ".cv_func_id", ".cv_inline_linetable",
    ".cv_inline_site_id", ".cv_linetable", ".cv_loc", ".cv_string", ".cv_stringtable",
    ".data", ".dc", ".dc.a", ".dc.b", ".dc.d", ".dc.l", ".dc.s", ".dc.w", ".dc.x", ".dcb",
    ".dcb.b", ".dcb.d", ".dcb.l", ".dcb.s", ".dcb.w", ".dcb.x", ".double", ".ds", ".ds.b",
    ".ds.d", ".ds.l", ".ds.p", ".ds.s", ".ds.w", ".ds.x", ".else", ".elseif", ".end",
    ".endif", ".endm", ".endmacro", ".endr", ".equ", ".equiv", ".err", ".error", ".exitm",
    ".extern", ".file", ".fill", ".float", ".global", ".globl", ".hidden", ".ident", ".if",
    ".ifb", ".ifc", ".ifdef", ".ifeq", ".ifeqs", ".ifge", ".ifgt", ".ifle", ".iflt",
    ".ifnb", ".ifnc", ".ifndef", ".ifne", ".ifnes", ".ifnotdef", ".incbin", ".include",
    ".int", ".internal", ".irp", ".irpc", ".lazy_reference", ".lcomm", ".line", ".loc",
    ".loc_label", ".local", ".long", ".lto_discard", ".lto_set_conditional", ".macro",
    ".macros_off", ".macros_on", ".memtag", ".no_dead_strip", ".noaltmacro", ".octa",
    ".org", ".p2align", ".p2alignl", ".p2alignw", ".popsection", ".previous", ".print",
    ".private_extern", ".protected", ".pseudoprobe", ".purgem", ".pushsection", ".quad",
    ".reference", ".reloc", ".rep", ".rept", ".rodata", ".section", ".set", ".short",
    ".single", ".size", ".skip", ".sleb128", ".space", ".stabs", ".string", ".subsection",
    ".symbol_resolver", ".symver", ".tbss", ".tdata", ".text", ".type", ".uleb128",
    ".value", ".version", ".warning", ".weak", ".weak_def_can_be_hidden",
    ".weak_definition", ".weak_reference", ".weakref", ".zero",
};

int mqsad__known_directive(const char *s, size_t n)
{
    char low[48];
    size_t i, lo = 0, hi = sizeof k_directives / sizeof k_directives[0];
    if (n >= sizeof low) return 0;
    for (i = 0; i < n; i++) low[i] = (char)((s[i] >= 'A' && s[i] <= 'Z') ? s[i] - 'A' + 'a' : s[i]);
    low[n] = '\0';
    while (lo < hi) {           /* the table is sorted */
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(low, k_directives[mid]);
        if (c == 0) return 1;
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    return 0;
}
