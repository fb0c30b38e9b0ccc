"""Expected loop facts per corpus case, transcribed from each case's SOURCE.md
(``../shared/corpus/vivado/<case>/SOURCE.md``, tables "Loops as read from the
`.rpt` tables" and the header fields) and checked by hand against it.

Row: (module, loop, depth, latency min, latency max, IL, II achieved, TC, pipelined) as printed
in the rpt: ``?`` unknown, ``-`` not applicable, ``a ~ b`` ranges.
"""

from __future__ import annotations

from typing import NamedTuple


class Row(NamedTuple):
    module: str
    loop: str
    depth: int
    lat_min: str
    lat_max: str
    il: str
    ii: str
    tc: str
    pipelined: bool


class Case(NamedTuple):
    tool: str
    version: str
    top: str
    part: str
    clock_target_ns: float
    unknown_tc: int
    rows: tuple[Row, ...]


CASES: dict[str, Case] = {
    'vhls2015.3_ug871_dct_dataflow': Case('vivado_hls', '2015.3', 'dct', 'xc7k160tfbg484-1', 8.0, 0, (
        Row('dct_Loop_Col_DCT_Loop_proc', 'Col_DCT_Loop', 1, '104', '104', '13', '-', '8', False),
        Row('dct_Loop_Col_DCT_Loop_proc', 'DCT_Outer_Loop', 2, '11', '11', '5', '1', '8', True),
        Row('dct_Loop_Row_DCT_Loop_proc', 'Row_DCT_Loop', 1, '104', '104', '13', '-', '8', False),
        Row('dct_Loop_Row_DCT_Loop_proc', 'DCT_Outer_Loop', 2, '11', '11', '5', '1', '8', True),
        Row('dct_Loop_Xpose_Col_Outer_Loop_proc', 'Xpose_Col_Outer_Loop_Xpose_Col_Inner_Loop',
            1, '64', '64', '2', '1', '64', True),
        Row('dct_Loop_Xpose_Row_Outer_Loop_proc', 'Xpose_Row_Outer_Loop_Xpose_Row_Inner_Loop',
            1, '64', '64', '2', '1', '64', True),
        Row('dct_read_data', 'RD_Loop_Row_RD_Loop_Col', 1, '64', '64', '2', '1', '64', True),
        Row('dct_write_data', 'WR_Loop_Row_WR_Loop_Col', 1, '64', '64', '2', '1', '64', True),
    )),
    'vhls2015.3_ug871_dct_seq': Case('vivado_hls', '2015.3', 'dct', 'xc7k160tfbg484-1', 8.0, 0, (
        Row('dct', 'RD_Loop_Row', 1, '144', '144', '18', '-', '8', False),
        Row('dct', 'RD_Loop_Col', 2, '16', '16', '2', '-', '8', False),
        Row('dct', 'WR_Loop_Row', 1, '144', '144', '18', '-', '8', False),
        Row('dct', 'WR_Loop_Col', 2, '16', '16', '2', '-', '8', False),
        Row('dct_dct_1d2', 'DCT_Outer_Loop', 1, '208', '208', '26', '-', '8', False),
        Row('dct_dct_1d2', 'DCT_Inner_Loop', 2, '24', '24', '3', '-', '8', False),
        Row('dct_dct_2d', 'Row_DCT_Loop', 1, '1688', '1688', '211', '-', '8', False),
        Row('dct_dct_2d', 'Xpose_Row_Outer_Loop', 1, '144', '144', '18', '-', '8', False),
        Row('dct_dct_2d', 'Xpose_Row_Inner_Loop', 2, '16', '16', '2', '-', '8', False),
        Row('dct_dct_2d', 'Col_DCT_Loop', 1, '1688', '1688', '211', '-', '8', False),
        Row('dct_dct_2d', 'Xpose_Col_Outer_Loop', 1, '144', '144', '18', '-', '8', False),
        Row('dct_dct_2d', 'Xpose_Col_Inner_Loop', 2, '16', '16', '2', '-', '8', False),
    )),
    'vhls2015.3_ug871_matrixmul': Case('vivado_hls', '2015.3', 'matrixmul', 'xc7k160tfbg484-1', 13.33, 0, (
        Row('matrixmul', 'Row', 1, '78', '78', '26', '-', '3', False),
        Row('matrixmul', 'Col', 2, '24', '24', '8', '-', '3', False),
        Row('matrixmul', 'Product', 3, '6', '6', '2', '-', '3', False),
    )),
    'vhls2016.4_cms_towerpeaks': Case('vivado_hls', '2016.4', 'TowerPeaks', 'xc7vx690tffg1927-2', 10.0, 0, (
    )),
    'vhls2018.2_svm_classifier_dataflow': Case('vivado_hls', '2018.2', 'classify', 'xc7z020clg484-1', 10.0, 0, (
        Row('compute_class', 'classify_label2', 1, '935', '935', '85', '-', '11', False),
        Row('compute_class', 'classify_label1', 2, '51', '51', '4', '1', '49', True),
        Row('compute_class', 'Reconstruct_Loop', 2, '29', '29', '15', '1', '16', True),
        Row('load_data55', 'load_image_loop', 1, '98', '98', '2', '1', '98', True),
    )),
    'vhls2018.3_hls_sobel_dataflow': Case('vivado_hls', '2018.3', 'hls_sobel', 'xa7a12tcsg325-1q', 10.0, 0, (
        Row('AXIvideo2Mat', 'loop_wait_for_start', 1, '0', '0', '1', '1', '0', True),
        Row('AXIvideo2Mat', 'loop_height', 1, '0', '2080080', '6 ~ 1926', '-', '0 ~ 1080', False),
        Row('AXIvideo2Mat', 'loop_width', 2, '1', '1921', '2', '1', '0 ~ 1920', True),
        Row('AXIvideo2Mat', 'loop_wait_for_eol', 2, '0', '0', '1', '1', '0', True),
        Row('Filter2D', 'Loop 1', 1, '2', '2', '1', '-', '3', False),
        Row('Filter2D', 'loop_height', 1, '153', '2089107', '17 ~ 1929', '-', '9 ~ 1083', False),
        Row('Filter2D', 'loop_width', 2, '13', '1925', '5', '1', '10 ~ 1922', True),
        Row('Mat2AXIvideo', 'loop_height', 1, '0', '2076840', '3 ~ 1923', '-', '0 ~ 1080', False),
        Row('Mat2AXIvideo', 'loop_width', 2, '0', '1920', '2', '1', '0 ~ 1920', True),
    )),
    'vhls2018.3_sha3_keccak': Case(
        'vivado_hls', '2018.3', 'pqcrystals_fips202_ref_sha3_256', 'xc7a75tlftg256-2l', 10.0, 2, (
        Row('KeccakF1600_StatePer', 'KeccakF1600_StatePermute_label1', 1, '36', '36', '3', '-', '12', False),
        Row('keccak_absorb', 'memset_t', 1, '199', '199', '1', '-', '200', False),
        Row('keccak_absorb', 'keccak_absorb_label6', 1, '25', '25', '1', '-', '25', False),
        Row('keccak_absorb', 'keccak_absorb_label7', 1, '?', '?', '150', '-', '?', False),
        Row('keccak_absorb', 'keccak_absorb_label0', 2, '85', '85', '5', '-', '17', False),
        Row('keccak_absorb', 'keccak_absorb_label4', 1, '?', '?', '2', '-', '?', False),
        Row('keccak_absorb', 'keccak_absorb_label5', 1, '85', '85', '5', '-', '17', False),
        Row('pqcrystals_fips202_ref_sha3_256', 'Loop 1', 1, '85', '85', '5', '-', '17', False),
    )),
    'vhls2019.1_cse237c_fir128': Case('vivado_hls', '2019.1', 'fir', 'xc7z020-clg400-1', 10.0, 0, (
        Row('fir', 'SHIFT_ACCUM_LOOP', 1, '256', '512', '2 ~ 4', '-', '128', False),
    )),
    'vhls2019.1_lr_trackfit': Case('vivado_hls', '2019.1', 'LR_top', 'xcku115-flvd1517-2-i', 3.12, 28, (
        Row('calcHelix', 'Loop 1', 1, '?', '?', '?', '-', '?', False),
        Row('calcHelix', 'Loop 1.1', 2, '?', '?', '37 ~ 41', '-', '?', False),
        Row('calcResidual', 'Loop 1', 1, '?', '?', '?', '-', '?', False),
        Row('calcResidual', 'Loop 1.1', 2, '?', '?', '?', '-', '?', False),
        Row('calcResidual', 'Loop 1.1.1', 3, '?', '?', '2', '-', '?', False),
        Row('calcResidual', 'Loop 1.1.2', 3, '?', '?', '2', '-', '?', False),
        Row('countLayers', 'Loop 1', 1, '?', '?', '1', '-', '?', False),
        Row('countLayers', 'Loop 2', 1, '?', '?', '3', '-', '?', False),
        Row('countLayers', 'Loop 3', 1, '?', '?', '2', '-', '?', False),
        Row('findLargestResidual', 'Loop 1', 1, '?', '?', '?', '-', '?', False),
        Row('findLargestResidual', 'Loop 1.1', 2, '?', '?', '?', '-', '?', False),
        Row('findLargestResidual', 'Loop 1.1.1', 3, '?', '?', '2', '-', '?', False),
        Row('findLargestResidual', 'Loop 1.1.2', 3, '?', '?', '2', '-', '?', False),
        Row('findLargestResidual', 'Loop 1.1.3', 3, '?', '?', '2', '-', '?', False),
        Row('findLargestResidual', 'Loop 1.1.4', 3, '?', '?', '2', '-', '?', False),
        Row('initFit', 'Loop 1', 1, '?', '?', '?', '-', '?', False),
        Row('initFit', 'Loop 1.1', 2, '?', '?', '2', '-', '?', False),
        Row('initFit', 'Loop 1.2', 2, '?', '?', '2', '-', '?', False),
        Row('initFit', 'Loop 1.3', 2, '?', '?', '2', '-', '?', False),
        Row('initFit', 'Loop 1.4', 2, '?', '?', '2', '-', '?', False),
        Row('killLargestResidual', 'Loop 1', 1, '?', '?', '2', '-', '?', False),
        Row('killLargestResidual', 'Loop 2', 1, '?', '?', '2', '-', '?', False),
        Row('killLargestResidual', 'Loop 3', 1, '?', '?', '6', '-', '?', False),
        Row('killLargestResidual', 'Loop 4', 1, '?', '?', '5', '-', '?', False),
        Row('killLargestResidual', 'Loop 5', 1, '?', '?', '2', '-', '?', False),
        Row('killLargestResidual', 'Loop 6', 1, '?', '?', '2', '-', '?', False),
        Row('shift_left_1', 'Loop 1', 1, '?', '?', '2', '-', '?', False),
        Row('shift_left', 'Loop 1', 1, '?', '?', '5', '-', '?', False),
    )),
    'vhls2019.1_unique_paths': Case('vivado_hls', '2019.1', 'unique_paths', 'xc7z020-clg484-1', 10.0, 4, (
        Row('unique_paths', 'Loop 1', 1, '?', '?', '2', '2', '?', True),
        Row('unique_paths', 'Loop 2', 1, '?', '?', '1', '1', '?', True),
        Row('unique_paths', 'Loop 3', 1, '?', '?', '?', '-', '?', False),
        Row('unique_paths', 'Loop 3.1', 2, '?', '?', '6', '6', '?', True),
    )),
    'vhls2019.2_fibonacci': Case('vivado_hls', '2019.2', 'fibonacci', 'xc7z020-clg484-1', 10.0, 1, (
        Row('fibonacci', 'Loop 1', 1, '?', '?', '1', '-', '?', False),
    )),
    'vhls2019.2_matrixmul': Case('vivado_hls', '2019.2', 'matrixmul', 'xc7a35t-cpg236-1', 10.0, 0, (
        Row('matrixmul', 'Row', 1, '105', '105', '35', '-', '3', False),
        Row('matrixmul', 'Col', 2, '33', '33', '11', '-', '3', False),
        Row('matrixmul', 'Product', 3, '9', '9', '3', '-', '3', False),
    )),
    'vhls2020.1_cnn_mnist': Case('vivado_hls', '2020.1', 'top', 'xc7z020-clg484-1', 10.0, 0, (
        Row('conv1', 'Loop 1', 1, '1568', '1568', '2', '-', '784', False),
        Row('conv1', 'Loop 2', 1, '62735', '62735', '26', '10', '6272', True),
        Row('conv2', 'Loop 1', 1, '3136', '3136', '2', '-', '1568', False),
        Row('conv2', 'Loop 2', 1, '228944', '228944', '90', '73', '3136', True),
        Row('dense', 'Loop 1', 1, '2352', '2352', '3', '-', '784', False),
        Row('dense', 'Loop 2', 1, '23520', '23520', '3', '-', '7840', False),
        Row('dense', 'Loop 3', 1, '950', '950', '95', '-', '10', False),
        Row('dense', 'Loop 3.1', 2, '77', '77', '11', '-', '7', False),
        Row('pool', 'Loop 1', 1, '17768', '141600', '2221 ~ 8850', '-', '8 ~ 16', False),
        Row('pool', 'Loop 1.1', 2, '2219', '8848', '317 ~ 632', '-', '7 ~ 14', False),
        Row('pool', 'Loop 1.1.1', 3, '315', '630', '45', '-', '7 ~ 14', False),
    )),
    'vitis2020.1_vecdot_dataflow': Case('vitis_hls', '2020.1', 'VecDotProduct', 'xczu7ev-ffvc1156-2-e', 10.0, 5, (
        Row('Accumulator', 'VITIS_LOOP_70_1', 1, '?', '?', '2', '1', '?', True),
        Row('AdderTree', 'VITIS_LOOP_35_1', 1, '?', '?', '3', '1', '?', True),
        Row('EWiseMultipiler', 'VITIS_LOOP_10_1', 1, '?', '?', '2', '1', '?', True),
        Row('VecReader1', 'VITIS_LOOP_4_1', 1, '2', '?', '3', '1', '1 ~ ?', True),
        Row('VecReader', 'VITIS_LOOP_4_1', 1, '2', '?', '3', '1', '1 ~ ?', True),
    )),
    'vitis2020.2_gaussian': Case('vitis_hls', '2020.2', 'gaussian', 'xczu7ev-ffvc1156-2-e', 10.0, 0, (
        Row('gaussian', 'buf_x1', 1, '2', '2', '1', '1', '2', True),
        Row('gaussian', 'buf_x2', 1, '512', '512', '1', '1', '512', True),
        Row('gaussian', 'win_y_win_x', 1, '5', '5', '2', '1', '4', True),
        Row('gaussian', 'for_y_for_x', 1, '262146', '262146', '4', '1', '262144', True),
    )),
    'vitis2021.2_ascon_aead': Case('vitis_hls', '2021.2', 'crypto_aead_encrypt', 'xc7k160t-fbv484-2', 30.0, 4, (
        Row('LOADBYTES_1', 'VITIS_LOOP_18_1', 1, '8', '8', '2', '1', '8', True),
        Row('LOADBYTES_2', 'VITIS_LOOP_18_1', 1, '?', '?', '2', '1', '?', True),
        Row('crypto_aead_encrypt_Pipeline_VITIS_LOOP_25_11', 'VITIS_LOOP_25_1', 1, '8', '8', '1', '1', '8', True),
        Row('crypto_aead_encrypt_Pipeline_VITIS_LOOP_25_12', 'VITIS_LOOP_25_1', 1, '8', '8', '1', '1', '8', True),
        Row('crypto_aead_encrypt_Pipeline_VITIS_LOOP_25_1', 'VITIS_LOOP_25_1', 1, '?', '?', '1', '1', '?', True),
        Row('crypto_aead_encrypt', 'VITIS_LOOP_40_3', 1, '?', '?', '?', '-', '?', False),
        Row('crypto_aead_encrypt', 'VITIS_LOOP_58_7', 1, '?', '?', '?', '-', '?', False),
        Row('crypto_aead_encrypt', 'VITIS_LOOP_25_1', 2, '8', '8', '1', '-', '8', False),
    )),
    'vitis2022.1_fault_detector': Case('vitis_hls', '2022.1', 'run', 'xc7z020-clg484-1', 18.0, 1, (
        Row('read_data', 'Loop 1', 1, '16', '16', '2', '-', '8', False),
        Row('runTest', 'pipelined_loop_test', 1, '?', '?', '5 ~ 780', '-', '?', False),
        Row('run_test', 'is_valid_label2', 1, '2', '17', '2', '-', '1 ~ 8', False),
        Row('run_test', 'VITIS_LOOP_55_1', 1, '0', '757', '9 ~ 47', '-', '0 ~ 16', False),
        Row('run_test', 'VITIS_LOOP_61_2', 2, '7', '44', '5', '-', '1 ~ 8', False),
        Row('writeOutcome', 'Loop 1', 1, '8', '8', '1', '-', '8', False),
    )),
    'vitis2022.1_igcn': Case('vitis_hls', '2022.1', 'IGCN', 'xc7z045-ffv900-3', 10.0, 1, (
        Row('IGCN_Pipeline_VITIS_LOOP_12_1', 'VITIS_LOOP_12_1', 1, '?', '?', '1', '1', '?', True),
        Row('IGCN_Pipeline_VITIS_LOOP_19_2', 'VITIS_LOOP_19_2', 1, '0', '63', '2', '1', '0 ~ 63', True),
        Row('IGCN', 'IGCN_label0', 1, '120', '120', '12', '-', '10', False),
        Row('IGCN', 't_label1', 2, '10', '10', '2', '-', '5', False),
    )),
    'vitis2022.1_topk_sort_dataflow': Case('vitis_hls', '2022.1', 'topk_sort', 'xck26-sfvc784-2LV-c', 10.0, 0, (
        Row('Loop_VITIS_LOOP_35_2_proc3', 'VITIS_LOOP_35_2', 1, '1000', '1000', '1', '1', '1000', True),
        Row('Loop_VITIS_LOOP_68_5_proc', 'VITIS_LOOP_68_5', 1, '99', '99', '1', '1', '99', True),
        Row('Loop_VITIS_LOOP_90_8_proc', 'VITIS_LOOP_90_8', 1, '101', '101', '3', '1', '100', True),
    )),
    'vitis2022.2.2_c2hlsc_quicksort': Case('vitis_hls', '2022.2.2', 'qs', 'xcu55c-fsvh2892-2L-e', 5.0, 2, (
        Row('qs', 'VITIS_LOOP_23_1', 1, '?', '?', '?', '-', '1 ~ 64', False),
        Row('qs', 'VITIS_LOOP_32_2', 2, '?', '?', '?', '-', '1 ~ 64', False),
        Row('qs', 'VITIS_LOOP_35_3', 3, '?', '?', '10', '-', '?', False),
        Row('qs', 'VITIS_LOOP_37_4', 3, '?', '?', '10', '-', '?', False),
    )),
    'vitis2022.2.2_machsuite_bfs_queue': Case('vitis_hls', '2022.2.2', 'bfs', 'xcu55c-fsvh2892-2L-e', 5.0, 0, (
        Row('bfs_Pipeline_loop_neighbors', 'loop_neighbors', 1, '475', '475', '5', '3', '158', True),
        Row('bfs', 'loop_queue', 1, '481', '123136', '481', '-', '1 ~ 256', False),
    )),
    'vitis2022.2.2_machsuite_nw': Case('vitis_hls', '2022.2.2', 'needwun', 'xcu55c-fsvh2892-2L-e', 5.0, 3, (
        Row('needwun_Pipeline_fill_in', 'fill_in', 1, '257', '257', '4', '2', '128', True),
        Row('needwun_Pipeline_init_col', 'init_col', 1, '129', '129', '1', '1', '129', True),
        Row('needwun_Pipeline_init_row', 'init_row', 1, '129', '129', '1', '1', '129', True),
        Row('needwun_Pipeline_pad_a', 'pad_a', 1, '?', '?', '1', '1', '?', True),
        Row('needwun_Pipeline_pad_b', 'pad_b', 1, '?', '?', '1', '1', '?', True),
        Row('needwun_Pipeline_trace', 'trace', 1, '?', '?', '3', '1', '?', True),
        Row('needwun', 'fill_out', 1, '33664', '33664', '263', '-', '128', False),
    )),
    'vitis2022.2.2_machsuite_sort_merge': Case(
        'vitis_hls', '2022.2.2', 'ms_mergesort', 'xcu55c-fsvh2892-2L-e', 5.0, 0, (
        Row('merge_1_Pipeline_merge_label1', 'merge_label1', 1, '1', '2048', '2', '1', '1 ~ 2048', True),
        Row('merge_1_Pipeline_merge_label2', 'merge_label2', 1, '1', '2048', '2', '1', '1 ~ 2048', True),
        Row('merge_1_Pipeline_merge_label3', 'merge_label3', 1, '1', '2048', '2', '1', '1 ~ 2048', True),
        Row('ms_mergesort', 'mergesort_label1', 1, '209', '69363734', '19 ~ 6305794', '-', '11', False),
        Row('ms_mergesort', 'mergesort_label2', 2, '17', '6305792', '17 ~ 6158', '-', '1 ~ 1024', False),
    )),
    'vitis2022.2.2_machsuite_spmv_crs': Case('vitis_hls', '2022.2.2', 'spmv', 'xcu55c-fsvh2892-2L-e', 5.0, 0, (
        Row('spmv_Pipeline_spmv_2', 'spmv_2', 1, '0', '6672', '13', '4', '0 ~ 1666', True),
        Row('spmv', 'spmv_1', 1, '2964', '3298932', '6 ~ 6678', '-', '494', False),
    )),
    'vitis2022.2.2_polybench_insert_sort': Case(
        'vitis_hls', '2022.2.2', 'insert_sort', 'xcu55c-fsvh2892-2L-e', 5.0, 1, (
        Row('insert_sort_Pipeline_VITIS_LOOP_7_2', 'VITIS_LOOP_7_2', 1, '?', '?', '3', '3', '?', True),
        Row('insert_sort', 'VITIS_LOOP_4_1', 1, '?', '?', '?', '-', '10239', False),
    )),
    'vitis2022.2.2_polybench_lu': Case('vitis_hls', '2022.2.2', 'lu', 'xcu55c-fsvh2892-2L-e', 5.0, 0, (
        Row('lu_Pipeline_VITIS_LOOP_12_3', 'VITIS_LOOP_12_3', 1, '0', '430', '13', '11', '0 ~ 39', True),
        Row('lu_Pipeline_VITIS_LOOP_17_4_VITIS_LOOP_18_5', 'VITIS_LOOP_17_4_VITIS_LOOP_18_5',
            1, '0', '7808', '14', '5', '0 ~ 1560', True),
        Row('lu', 'VITIS_LOOP_10_1', 1, '200', '1028560', '5 ~ 25714', '-', '40', False),
        Row('lu', 'VITIS_LOOP_11_2', 2, '0', '17901', '29 ~ 459', '-', '0 ~ 39', False),
    )),
    'vitis2023.1_hls4ml_pulse_dataflow': Case('vitis_hls', '2023.1', 'myproject', 'xczu49dr-ffvf1760-2-e', 5.0, 0, (
        Row('conv_1d_cl_array_array_ap_fixed_22_11_5_3_0_32u_config5_s', 'ReadInputWidth',
            1, '487', '487', '8', '6', '81', True),
        Row('zeropad1d_cl_array_array_ap_ufixed_6_0_4_0_0_32u_config19_Pipeline_CopyMain', 'CopyMain',
            1, '80', '80', '2', '1', '80', True),
    )),
    'vitis2023.2_cluster_nms': Case('vitis_hls', '2023.2', 'nms', 'xc7z020-clg400-1', 10.0, 1, (
        Row('nms_Pipeline_2', 'Loop 1', 1, '4950', '4950', '1', '1', '4950', True),
        Row('nms_Pipeline_VITIS_LOOP_37_4', 'VITIS_LOOP_37_4', 1, '?', '?', '5', '4', '?', True),
        Row('nms_Pipeline_VITIS_LOOP_65_7', 'VITIS_LOOP_65_7', 1, '43', '141', '44', '1', '1 ~ 99', True),
        Row('nms', 'VITIS_LOOP_25_2', 1, '?', '?', '?', '-', '6', False),
        Row('nms', 'VITIS_LOOP_27_3', 2, '?', '?', '?', '-', '0 ~ 65535', False),
        Row('nms', 'VITIS_LOOP_63_6', 1, '6237', '15939', '63 ~ 161', '-', '99', False),
        Row('nms', 'VITIS_LOOP_85_8', 1, '1188', '88506', '12 ~ 894', '-', '99', False),
        Row('nms', 'VITIS_LOOP_89_9', 2, '0', '882', '9', '-', '0 ~ 98', False),
    )),
    'vitis2023.2_systolic_array': Case('vitis_hls', '2023.2', 'systolic_array', 'xcvu11p-flga2577-1-e', 10.0, 29, (
        Row('systolic_array_Pipeline_VITIS_LOOP_23_1', 'VITIS_LOOP_23_1', 1, '?', '?', '2', '1', '?', True),
        Row('systolic_array_Pipeline_VITIS_LOOP_52_4', 'VITIS_LOOP_52_4', 1, '?', '?', '2', '1', '?', True),
        Row('systolic_array', 'VITIS_LOOP_35_2', 1, '?', '?', '?', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_126_1', 2, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_35_2.2', 2, '?', '?', '?', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_143_2', 3, '?', '?', '3', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_153_4', 3, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_93_1', 2, '?', '?', '?', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_98_2', 3, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_178_5', 2, '?', '?', '?', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_214_6', 3, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_226_7', 2, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_56_1', 2, '?', '?', '?', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_60_2', 3, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_71_3', 2, '?', '?', '?', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_75_4', 3, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_178_5', 2, '?', '?', '?', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_214_6', 3, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_226_7', 2, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_56_1', 2, '?', '?', '?', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_60_2', 3, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_71_3', 2, '?', '?', '?', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_75_4', 3, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_126_1', 2, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_35_2.13', 2, '?', '?', '?', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_143_2', 3, '?', '?', '3', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_153_4', 3, '?', '?', '2', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_93_1', 2, '?', '?', '?', '-', '?', False),
        Row('systolic_array', 'VITIS_LOOP_98_2', 3, '?', '?', '2', '-', '?', False),
    )),
    'vitis2024.1_wrr_dataflow': Case('vitis_hls', '2024.1', 'weighted_rr', 'xc7z020-clg400-1', 10.0, 0, (
        Row('Block_entry_split_proc_Pipeline_VITIS_LOOP_29_2', 'VITIS_LOOP_29_2',
            1, '41', '104', '21', '21', '1 ~ 4', True),
    )),
    # Vitis 2025.2 unified layout (report set 4 levels down); rows read by hand
    # from each *_csynth.rpt "* Loop:" table. The XML adds <isPerfectNested>
    # and <PerformancePragma> leaves to every loop: 9 loops, not 27.
    'vitis2025.2_conv2d_unified': Case('vitis_hls', '2025.2', 'conv2d', 'xc7z020-clg484-1', 10.0, 0, (
        Row('conv2d', 'VITIS_LOOP_37_1', 1, '49208', '49208', '6151', '-', '8', False),
        Row('conv2d', 'VITIS_LOOP_85_11', 1, '836848', '836848', '52303', '-', '16', False),
        Row('conv2d', 'VITIS_LOOP_151_25', 1, '24280', '24280', '2428', '-', '10', False),
        Row('conv2d_Pipeline_VITIS_LOOP_116_17_VITIS_LOOP_117_18_VITIS_LOOP_118_19',
            'VITIS_LOOP_116_17_VITIS_LOOP_117_18_VITIS_LOOP_118_19', 1, '409', '409', '11', '1', '400', True),
        Row('conv2d_Pipeline_VITIS_LOOP_137_22_VITIS_LOOP_138_23_VITIS_LOOP_139_24',
            'VITIS_LOOP_137_22_VITIS_LOOP_138_23_VITIS_LOOP_139_24', 1, '402', '402', '4', '1', '400', True),
        Row('conv2d_Pipeline_VITIS_LOOP_155_26', 'VITIS_LOOP_155_26', 1, '2413', '2413', '20', '6', '400', True),
        Row('conv2d_Pipeline_VITIS_LOOP_38_2_VITIS_LOOP_39_3', 'VITIS_LOOP_38_2_VITIS_LOOP_39_3',
            1, '6137', '6137', '63', '9', '676', True),
        Row('conv2d_Pipeline_VITIS_LOOP_60_6_VITIS_LOOP_61_7_VITIS_LOOP_62_8',
            'VITIS_LOOP_60_6_VITIS_LOOP_61_7_VITIS_LOOP_62_8', 1, '1363', '1363', '13', '1', '1352', True),
        Row('conv2d_Pipeline_VITIS_LOOP_86_12_VITIS_LOOP_87_13_VITIS_LOOP_91_14_VITIS_LOOP_92',
            'VITIS_LOOP_86_12_VITIS_LOOP_87_13_VITIS_LOOP_91_14_VITIS_LOOP_92_15_VITIS_LOOP_93_16',
            1, '52289', '52289', '24', '6', '8712', True),
    )),
}
