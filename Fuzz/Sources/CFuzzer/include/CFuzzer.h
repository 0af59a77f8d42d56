#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for a program with its own main (compiler-rt's FuzzerInterface.h): it parses
// libFuzzer's flags from argv and calls `callback` with each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
