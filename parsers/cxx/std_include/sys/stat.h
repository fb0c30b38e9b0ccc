/* hlsight stand-in for <sys/stat.h>: see hlsight_libc.h */
#include "../hlsight_libc.h"
