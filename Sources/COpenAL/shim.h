#pragma once
// OpenAL Soft (Debian's libopenal-dev); the extension prototypes bring ALC_SOFT_loopback's
// alcLoopbackOpenDeviceSOFT and alcRenderSamplesSOFT, which libopenal exports.
#define AL_ALEXT_PROTOTYPES 1
#include <al.h>
#include <alc.h>
#include <alext.h>
