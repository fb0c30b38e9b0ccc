/* hlsight stand-in for <sys/time.h>: see hlsight_libc.h */
#include "../hlsight_libc.h"
