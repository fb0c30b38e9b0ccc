/* hlsight stand-in for <sys/types.h>: see hlsight_libc.h */
#include "../hlsight_libc.h"
