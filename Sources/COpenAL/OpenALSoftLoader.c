// The OpenAL Soft functions the facade calls, each forwarding to libopenal.so.1 loaded with
// dlopen on the first call rather than linked: a linked OpenAL Soft runs its initialiser when the
// process starts and reads __ALSOFT_HALF_ANGLE_CONES, __ALSOFT_REVERSE_Z and
// __ALSOFT_REVERB_IGNORES_SOUND_SPEED then, before any of our code could clear them. Loaded
// here, it starts after OpenALSoftConfiguration has cleared them and pinned its configuration.
// After the first call a function costs one atomic load and an indirect call (no lock, no
// allocation: alcRenderSamplesSOFT runs on the render path).
#include "COpenAL.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void *library;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    library = dlopen("libopenal.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "soundcheck: cannot load OpenAL Soft (libopenal.so.1; apt install libopenal1): %s\n", dlerror());
        abort();
    }
}

static void *symbol(const char *name) {
    pthread_once(&loaded, load);
    void *address = dlsym(library, name);
    if (!address) {
        fprintf(stderr, "soundcheck: OpenAL Soft has no %s\n", name);
        abort();
    }
    return address;
}

// Defines `name` with OpenAL Soft's signature: the library's function, looked up once and kept.
#define FORWARD(ret, name, params, args) \
    typedef ret (*name##_function) params; \
    static name##_function name##_cached; \
    ret name params { \
        name##_function function = __atomic_load_n(&name##_cached, __ATOMIC_ACQUIRE); \
        if (!function) { \
            function = (name##_function)symbol(#name); \
            __atomic_store_n(&name##_cached, function, __ATOMIC_RELEASE); \
        } \
        return function args; \
    }
#define FORWARD_VOID(name, params, args) \
    typedef void (*name##_function) params; \
    static name##_function name##_cached; \
    void name params { \
        name##_function function = __atomic_load_n(&name##_cached, __ATOMIC_ACQUIRE); \
        if (!function) { \
            function = (name##_function)symbol(#name); \
            __atomic_store_n(&name##_cached, function, __ATOMIC_RELEASE); \
        } \
        function args; \
    }

FORWARD_VOID(alBufferData, (ALuint buffer, ALenum format, const ALvoid *data, ALsizei size, ALsizei freq), (buffer, format, data, size, freq))
FORWARD_VOID(alDeleteBuffers, (ALsizei n, const ALuint *buffers), (n, buffers))
FORWARD_VOID(alDeleteSources, (ALsizei n, const ALuint *sources), (n, sources))
FORWARD_VOID(alDistanceModel, (ALenum distanceModel), (distanceModel))
FORWARD_VOID(alGenBuffers, (ALsizei n, ALuint *buffers), (n, buffers))
FORWARD_VOID(alGenSources, (ALsizei n, ALuint *sources), (n, sources))
FORWARD(ALenum, alGetError, (void), ())
FORWARD(ALint, alGetInteger, (ALenum param), (param))
FORWARD_VOID(alGetListenerf, (ALenum param, ALfloat *value), (param, value))
FORWARD_VOID(alGetSource3f, (ALuint source, ALenum param, ALfloat *value1, ALfloat *value2, ALfloat *value3),
             (source, param, value1, value2, value3))
FORWARD_VOID(alGetSourcef, (ALuint source, ALenum param, ALfloat *value), (source, param, value))
FORWARD_VOID(alGetSourcei, (ALuint source, ALenum param, ALint *value), (source, param, value))
FORWARD(const ALchar *, alGetStringiSOFT, (ALenum pname, ALsizei index), (pname, index))
FORWARD(ALboolean, alIsSource, (ALuint source), (source))
FORWARD_VOID(alListener3f, (ALenum param, ALfloat value1, ALfloat value2, ALfloat value3), (param, value1, value2, value3))
FORWARD_VOID(alListenerf, (ALenum param, ALfloat value), (param, value))
FORWARD_VOID(alListenerfv, (ALenum param, const ALfloat *values), (param, values))
FORWARD_VOID(alSource3f, (ALuint source, ALenum param, ALfloat value1, ALfloat value2, ALfloat value3),
             (source, param, value1, value2, value3))
FORWARD_VOID(alSourcePause, (ALuint source), (source))
FORWARD_VOID(alSourcePlay, (ALuint source), (source))
FORWARD_VOID(alSourceRewind, (ALuint source), (source))
FORWARD_VOID(alSourceStop, (ALuint source), (source))
FORWARD_VOID(alSourcef, (ALuint source, ALenum param, ALfloat value), (source, param, value))
FORWARD_VOID(alSourcefv, (ALuint source, ALenum param, const ALfloat *values), (source, param, values))
FORWARD_VOID(alSourcei, (ALuint source, ALenum param, ALint value), (source, param, value))
FORWARD(ALCboolean, alcCloseDevice, (ALCdevice *device), (device))
FORWARD(ALCcontext *, alcCreateContext, (ALCdevice *device, const ALCint *attrlist), (device, attrlist))
FORWARD_VOID(alcDestroyContext, (ALCcontext *context), (context))
FORWARD(ALCenum, alcGetError, (ALCdevice *device), (device))
FORWARD(ALCcontext *, alcGetThreadContext, (void), ())
FORWARD(ALCdevice *, alcLoopbackOpenDeviceSOFT, (const ALCchar *deviceName), (deviceName))
FORWARD_VOID(alcProcessContext, (ALCcontext *context), (context))
FORWARD_VOID(alcRenderSamplesSOFT, (ALCdevice *device, ALCvoid *buffer, ALCsizei samples), (device, buffer, samples))
FORWARD(ALCboolean, alcSetThreadContext, (ALCcontext *context), (context))
FORWARD_VOID(alcSuspendContext, (ALCcontext *context), (context))
