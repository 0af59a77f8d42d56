#pragma once
#include <jack/jack.h>
