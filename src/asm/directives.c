/*
 * directives.c — the directive names llvm-mc 22 knows for amdgcn (AsmParser, its ELF
 * parser and AMDGPUAsmParser), so that an unknown one is reported as llvm-mc reports it
 * ("unknown directive") and a known one as not supported here. Measured: every
 * ".name" string in libLLVM-22 given to `llvm-mc-22 -triple=amdgcn -mcpu=gfx1100` on its
 * own; these are the ones it did not call "unknown directive", and of those the ones it
 * does not know in upper case either (scripts/known_directives.py).
 */
#include "asm/asm.h"

#include <string.h>

/* matched in any case (AsmParser's own directives, which it looks up in lower case) */
static const char *const k_any_case[] = {
    ".abort", ".addrsig", ".addrsig_sym", ".align", ".align32", ".altmacro", ".ascii",
    ".asciz", ".balign", ".balignl", ".balignw", ".base64", ".byte",
    ".cfi_adjust_cfa_offset", ".cfi_def_cfa", ".cfi_def_cfa_offset",
    ".cfi_def_cfa_register", ".cfi_endproc", ".cfi_escape", ".cfi_label",
    ".cfi_llvm_def_aspace_cfa", ".cfi_lsda", ".cfi_offset", ".cfi_personality",
    ".cfi_register", ".cfi_rel_offset", ".cfi_remember_state", ".cfi_restore",
    ".cfi_restore_state", ".cfi_return_column", ".cfi_same_value", ".cfi_sections",
    ".cfi_signal_frame", ".cfi_startproc", ".cfi_undefined", ".cfi_val_offset",
    ".cfi_window_save", ".code16", ".code16gcc", ".cold", ".comm", ".common",
    ".cv_def_range", ".cv_file", ".cv_filechecksumoffset", ".cv_filechecksums",
    ".cv_fpo_data", ".cv_func_id", ".cv_inline_linetable", ".cv_inline_site_id",
    ".cv_linetable", ".cv_loc", ".cv_string", ".cv_stringtable", ".dc", ".dc.a", ".dc.b",
    ".dc.d", ".dc.l", ".dc.s", ".dc.w", ".dc.x", ".dcb", ".dcb.b", ".dcb.d", ".dcb.l",
    ".dcb.s", ".dcb.w", ".dcb.x", ".double", ".ds", ".ds.b", ".ds.d", ".ds.l", ".ds.p",
    ".ds.s", ".ds.w", ".ds.x", ".else", ".elseif", ".end", ".endif", ".endm", ".endmacro",
    ".endr", ".equ", ".equiv", ".err", ".error", ".exitm", ".extern", ".file", ".fill",
    ".float", ".global", ".globl", ".if", ".ifb", ".ifc", ".ifdef", ".ifeq", ".ifeqs",
    ".ifge", ".ifgt", ".ifle", ".iflt", ".ifnb", ".ifnc", ".ifndef", ".ifne", ".ifnes",
    ".ifnotdef", ".incbin", ".include", ".int", ".irp", ".irpc", ".lazy_reference",
    ".lcomm", ".line", ".loc", ".loc_label", ".long", ".lto_discard",
    ".lto_set_conditional", ".macro", ".macros_off", ".macros_on", ".memtag",
    ".no_dead_strip", ".noaltmacro", ".octa", ".org", ".p2align", ".p2alignl", ".p2alignw",
    ".print", ".private_extern", ".pseudoprobe", ".purgem", ".quad", ".reference", ".reloc",
    ".rep", ".rept", ".set", ".short", ".single", ".skip", ".sleb128", ".space", ".stabs",
    ".string", ".symbol_resolver", ".uleb128", ".value", ".warning",
    ".weak_def_can_be_hidden", ".weak_definition", ".weak_reference", ".zero",
};

/* matched as written (the ELF and AMDGPU parsers' directives: .TEXT is unknown) */
static const char *const k_exact_case[] = {
    ".amd_amdgpu_hsa_metadata", ".amd_amdgpu_isa", ".amd_amdgpu_pal_metadata",
    ".amd_kernel_code_t", ".amdgcn_target", ".amdgpu_hsa_kernel", ".amdgpu_lds",
    ".amdgpu_pal_metadata", ".bss", ".cg_profile", ".data", ".hidden", ".ident",
    ".internal", ".local", ".popsection", ".previous", ".protected", ".pushsection",
    ".rodata", ".section", ".size", ".subsection", ".symver", ".tbss", ".tdata", ".text",
    ".type", ".version", ".weak", ".weakref",
};


/* 1 if key[0..len) is in the sorted table t[0..n) */
static int in_table(const char *const *t, size_t n, const char *key, size_t len)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strncmp(key, t[mid], len);
        if (c == 0 && t[mid][len]) c = -1;   /* key is a prefix of the entry */
        if (c == 0) return 1;
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    return 0;
}

int mqsad__known_directive(const char *s, size_t n)
{
    char low[48];
    size_t i;
    if (n >= sizeof low || memchr(s, '\0', n)) return 0;
    for (i = 0; i < n; i++) low[i] = (char)((s[i] >= 'A' && s[i] <= 'Z') ? s[i] - 'A' + 'a' : s[i]);
    return in_table(k_any_case, sizeof k_any_case / sizeof k_any_case[0], low, n) ||
           in_table(k_exact_case, sizeof k_exact_case / sizeof k_exact_case[0], s, n);
}
