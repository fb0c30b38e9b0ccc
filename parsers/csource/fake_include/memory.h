#include "_hlsight_fake_defs.h"
