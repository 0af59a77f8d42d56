#pragma once
// webrtc-audio-processing 0.3 has a C++ API only, so nothing is declared here: this system
// library exists to carry the library's pkg-config flags (include path, WEBRTC_POSIX, and the
// link line) to CWebRTCShim, the one target that includes its headers.
