#pragma once
#include "hlsight_sycl.hpp"
