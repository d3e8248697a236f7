// golden input for tests/cli/asm.sh (expected output: llvm-mc-22 -show-encoding)
v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]
v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]
V_MQSAD_U32_U8_E64 v[4:7], s[2:3], vcc_lo, v[8:11] clamp

	v_mqsad_u32_u8 v[0:3], v[0:1], v0, v[0:3]   ; overlap is fine
v_mqsad_u32_u8 v[4:7] v[2:3] v1 v[8:11]
v_mqsad_u32_u8 [v4,v5,v6,v7], [v2,v3], [v1], v[8:11],
v_mqsad_u32_u8 v[4:7], exec, m0, v[8:11]
v_mqsad_u32_u8 v[4:7], ttmp[2:3], ttmp15, v[8:11]
v_mqsad_u32_u8 v[4:7], 0.5, -4.0, v[8:11]
v_mqsad_u32_u8 v[4:7], 0x3ff0000000000000, 0x3f800000, v[8:11]
v_mqsad_u32_u8 v[4:7], 64, 0x41, v[8:11]
v_mqsad_u32_u8 v[4:7], 0x12345678, 0x12345678, v[8:11]
v_mqsad_u32_u8 v[4:7], 0x12345678, 0x12345679, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], undefined_sym, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], sym - 4, v[8:11]
v_mqsad_u32_u8 v[4:7], v[3:4], v1, v[8:11]
v_mqsad_u32_u8 v[5:8], v[2:3], v1, v[8:11]
v_mqsad_u32_u8 v[4:7], s[3:4], v1, v[8:11]
v_mqsad_u32_u8 v[4:7], s[2:3], s1, v[8:11]
v_mqsad_u32_u8 v[4:7], vcc, vcc_lo, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], s105, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], null, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], src_pops_exiting_wave_id, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], xnack_mask_lo, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], lds_direct, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[253:256]
v_mqsad_u32_u8 v[4:7], -v[2:3], v1, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] mul:2
v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] clamp clamp
v_mqsad_u32_u8 v[4:7], v[2:3], v1
v_mqsad_u32_u8_e32 v[4:7], v[2:3], v1, v[8:11]
v_mqsad_u8 v[4:7], v[2:3], v1, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], 'ab', v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], v1, [v8,v9,v10,v12]
v_mqsad_u32_u8 v[4:7], v[3:2], v1, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], (1+2)*3, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], 1.5, v[8:11]
v_mqsad_u32_u8 v[4:7], 1.5, v1, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], 0x100000000, v[8:11]
v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] // done
