// The declaration is all this target carries; libFuzzer itself is linked with -sanitize=fuzzer.
#include "CFuzzer.h"
