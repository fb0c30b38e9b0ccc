/* hlsight stand-in for <omp.h> (shipped by gcc and clang, not by the C
 * library): the OpenMP runtime calls host programs use for timing and
 * threads. */
#pragma once
#ifdef __cplusplus
extern "C" {
#endif
double omp_get_wtime(void);
double omp_get_wtick(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
void omp_set_num_threads(int);
int omp_in_parallel(void);
#ifdef __cplusplus
}
#endif
