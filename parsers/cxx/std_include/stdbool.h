/* hlsight stand-in for <stdbool.h>: see hlsight_libc.h (and hlsight_std.hpp in C++) */
#ifdef __cplusplus
#include "hlsight_std.hpp"
#else
#include "hlsight_libc.h"
#endif
