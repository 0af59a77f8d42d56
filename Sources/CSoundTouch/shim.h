#pragma once
// SoundTouch's C API (SoundTouchDLL.h), which Debian's libsoundtouch-dev ships with its library,
// so no C++ shim is needed. The library is built with float samples (soundtouch_config.h).
#include <SoundTouchDLL.h>

// soundtouch_setSetting's IDs, from SoundTouch.h (a C++ header, so not included here).
enum {
    CSOUNDTOUCH_SETTING_USE_AA_FILTER = 0,
    CSOUNDTOUCH_SETTING_AA_FILTER_LENGTH = 1,
    CSOUNDTOUCH_SETTING_USE_QUICKSEEK = 2,
    CSOUNDTOUCH_SETTING_SEQUENCE_MS = 3,
    CSOUNDTOUCH_SETTING_SEEKWINDOW_MS = 4,
    CSOUNDTOUCH_SETTING_OVERLAP_MS = 5,
    CSOUNDTOUCH_SETTING_INITIAL_LATENCY = 8,
};
