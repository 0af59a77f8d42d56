internal import COpenAL

// The al* calls a game makes, as Swift imports them from Apple's OpenAL.framework, run against
// the calling app's current context (OpenALApp.withCurrentContext). Without a current context
// OpenAL Soft ignores them and alGetError reports AL_INVALID_OPERATION, as on any OpenAL.

private func inContext<T>(_ body: () -> T) -> T? { OpenALApp.calling?.withCurrentContext(body) }

public func alGetError() -> ALenum { inContext { COpenAL.alGetError() } ?? AL_INVALID_OPERATION }

/// New sources take the context's rendering quality (OpenALRenderingQuality).
public func alGenSources(_ n: ALsizei, _ sources: UnsafeMutablePointer<ALuint>?) {
    _ = inContext { COpenAL.alGenSources(n, sources) }
    guard let sources, n > 0 else { return }
    let names = Array(UnsafeBufferPointer(start: sources, count: Int(n)))
    _ = OpenALApp.calling?.inRenderingQuality { $0.adopt(names) }
}
public func alDeleteSources(_ n: ALsizei, _ sources: UnsafePointer<ALuint>?) {
    _ = inContext { COpenAL.alDeleteSources(n, sources) }
    guard let sources, n > 0 else { return }
    let names = Array(UnsafeBufferPointer(start: sources, count: Int(n)))
    _ = OpenALApp.calling?.inRenderingQuality { $0.forget(names) }
}
public func alGenBuffers(_ n: ALsizei, _ buffers: UnsafeMutablePointer<ALuint>?) { _ = inContext { COpenAL.alGenBuffers(n, buffers) } }
public func alDeleteBuffers(_ n: ALsizei, _ buffers: UnsafePointer<ALuint>?) { _ = inContext { COpenAL.alDeleteBuffers(n, buffers) } }

public func alBufferData(_ bid: ALuint, _ format: ALenum, _ data: UnsafeRawPointer?, _ size: ALsizei, _ freq: ALsizei) {
    _ = inContext { COpenAL.alBufferData(bid, format, data, size, freq) }
}

public func alSourcef(_ sid: ALuint, _ param: ALenum, _ value: ALfloat) { _ = inContext { COpenAL.alSourcef(sid, param, value) } }
public func alSource3f(_ sid: ALuint, _ param: ALenum, _ value1: ALfloat, _ value2: ALfloat, _ value3: ALfloat) {
    _ = inContext { COpenAL.alSource3f(sid, param, value1, value2, value3) }
}
public func alSourcefv(_ sid: ALuint, _ param: ALenum, _ values: UnsafePointer<ALfloat>?) { _ = inContext { COpenAL.alSourcefv(sid, param, values) } }
public func alSourcei(_ sid: ALuint, _ param: ALenum, _ value: ALint) { _ = inContext { COpenAL.alSourcei(sid, param, value) } }
public func alGetSourcef(_ sid: ALuint, _ param: ALenum, _ value: UnsafeMutablePointer<ALfloat>?) { _ = inContext { COpenAL.alGetSourcef(sid, param, value) } }
public func alGetSourcei(_ sid: ALuint, _ param: ALenum, _ value: UnsafeMutablePointer<ALint>?) { _ = inContext { COpenAL.alGetSourcei(sid, param, value) } }
public func alGetSource3f(_ sid: ALuint, _ param: ALenum, _ value1: UnsafeMutablePointer<ALfloat>?, _ value2: UnsafeMutablePointer<ALfloat>?,
                          _ value3: UnsafeMutablePointer<ALfloat>?) {
    _ = inContext { COpenAL.alGetSource3f(sid, param, value1, value2, value3) }
}

public func alSourcePlay(_ sid: ALuint) { _ = inContext { COpenAL.alSourcePlay(sid) } }
public func alSourcePause(_ sid: ALuint) { _ = inContext { COpenAL.alSourcePause(sid) } }
public func alSourceStop(_ sid: ALuint) { _ = inContext { COpenAL.alSourceStop(sid) } }
public func alSourceRewind(_ sid: ALuint) { _ = inContext { COpenAL.alSourceRewind(sid) } }

public func alListenerf(_ param: ALenum, _ value: ALfloat) { _ = inContext { COpenAL.alListenerf(param, value) } }
public func alListener3f(_ param: ALenum, _ value1: ALfloat, _ value2: ALfloat, _ value3: ALfloat) {
    _ = inContext { COpenAL.alListener3f(param, value1, value2, value3) }
}
public func alListenerfv(_ param: ALenum, _ values: UnsafePointer<ALfloat>?) { _ = inContext { COpenAL.alListenerfv(param, values) } }
public func alGetListenerf(_ param: ALenum, _ value: UnsafeMutablePointer<ALfloat>?) { _ = inContext { COpenAL.alGetListenerf(param, value) } }

public func alDistanceModel(_ distanceModel: ALenum) { _ = inContext { COpenAL.alDistanceModel(distanceModel) } }
