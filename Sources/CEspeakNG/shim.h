#pragma once
// eSpeak NG's API (Debian's libespeak-ng-dev header). The library is not linked: AVFAudio's
// ESpeakLibrary loads it with dlopen for each synthesis, so that each one starts from the
// library's initial state (see ESpeak.swift).
#include <espeak-ng/speak_lib.h>
