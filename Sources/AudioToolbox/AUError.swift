import CoreAudioTypes

/// An OSStatus thrown inside the module; the C functions return its `status`.
struct AUError: Error, Equatable {
    let status: OSStatus
    init(_ status: OSStatus) { self.status = status }

    static let invalidProperty = AUError(kAudioUnitErr_InvalidProperty)
    static let invalidParameter = AUError(kAudioUnitErr_InvalidParameter)
    static let invalidElement = AUError(kAudioUnitErr_InvalidElement)
    static let invalidScope = AUError(kAudioUnitErr_InvalidScope)
    static let notWritable = AUError(kAudioUnitErr_PropertyNotWritable)
    static let initialized = AUError(kAudioUnitErr_Initialized)
    static let uninitialized = AUError(kAudioUnitErr_Uninitialized)
    static let formatNotSupported = AUError(kAudioUnitErr_FormatNotSupported)
    static let invalidValue = AUError(kAudioUnitErr_InvalidPropertyValue)
    static let paramError = AUError(kAudio_ParamError)
}

/// Runs `body`, turning a thrown `AUError` into its status and success into `noErr` (0).
func status(_ body: () throws(AUError) -> Void) -> OSStatus {
    do { try body() } catch { return error.status }
    return 0
}
