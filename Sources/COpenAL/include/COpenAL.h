#pragma once
// OpenAL Soft's API (Debian's libopenal-dev headers), with the extension prototypes
// (ALC_SOFT_loopback's alcLoopbackOpenDeviceSOFT and alcRenderSamplesSOFT, AL_SOFT_source_resampler).
// The library is not linked: OpenALSoftLoader.c loads it with dlopen on the first call, so the
// process can clear the variables OpenAL Soft reads when it is loaded (see OpenALSoftConfiguration).
#define AL_ALEXT_PROTOTYPES 1
#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>
