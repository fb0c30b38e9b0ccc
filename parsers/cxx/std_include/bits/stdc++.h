// hlsight stand-in for <bits/stdc++.h>: see hlsight_std.hpp
#include "../hlsight_std.hpp"
#include "../hlsight_std_adaptors.hpp"
