internal import COpenAL
import MediaServer

// The alc* calls a game makes, as Swift imports them from Apple's OpenAL.framework. Devices are
// OpenAL Soft loopback devices played by the simulated device (OpenALDevice); contexts are
// OpenAL Soft's. Its configuration is pinned before its first call (OpenALSoftConfiguration). Called outside any simulated app's code they fail (nil / ALC_FALSE).

private func alcBool(_ value: Bool) -> ALCboolean { ALCboolean(value ? COpenAL.ALC_TRUE : COpenAL.ALC_FALSE) }

/// The device name is accepted and ignored: the app's device is the simulated device's output.
public func alcOpenDevice(_ devicename: UnsafePointer<ALCchar>?) -> OpaquePointer? {
    OpenALApp.calling?.openDevice()
}

public func alcCloseDevice(_ device: OpaquePointer?) -> ALCboolean {
    guard let device, let app = OpenALApp.calling else { return alcBool(false) }
    return alcBool(app.closeDevice(device))
}

/// The app's attributes are replaced by the loopback format (stereo Float32, 48 kHz).
public func alcCreateContext(_ device: OpaquePointer?, _ attrlist: UnsafePointer<ALCint>?) -> OpaquePointer? {
    guard let device, let app = OpenALApp.calling else { return nil }
    return app.createContext(on: device)
}

public func alcDestroyContext(_ context: OpaquePointer?) {
    guard let context, let app = OpenALApp.calling else { return }
    app.destroyContext(context)
}

public func alcMakeContextCurrent(_ context: OpaquePointer?) -> ALCboolean {
    guard let app = OpenALApp.calling else { return alcBool(false) }
    return alcBool(app.makeCurrent(context))
}

public func alcGetCurrentContext() -> OpaquePointer? { OpenALApp.calling?.current }

public func alcGetContextsDevice(_ context: OpaquePointer?) -> OpaquePointer? {
    guard let context else { return nil }
    return OpenALApp.calling?.contextDevice[context]
}

public func alcProcessContext(_ context: OpaquePointer?) {
    guard let context else { return }
    COpenAL.alcProcessContext(context)
}

public func alcSuspendContext(_ context: OpaquePointer?) {
    guard let context else { return }
    COpenAL.alcSuspendContext(context)
}

public func alcGetError(_ device: OpaquePointer?) -> ALCenum {
    guard OpenALSoftConfiguration.problem == nil else { return ALCenum(COpenAL.ALC_INVALID_DEVICE) }
    return COpenAL.alcGetError(device)
}
