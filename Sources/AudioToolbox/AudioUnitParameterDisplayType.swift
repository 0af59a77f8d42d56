import CoreAudioTypes

/// AudioUnitProperties.h's inline helpers for a parameter's display type, the bits of its flags
/// under `kAudioUnitParameterFlag_DisplayMask` (logarithmic, square root, cube root, …).
public func GetAudioUnitParameterDisplayType(_ flags: AudioUnitParameterOptions) -> AudioUnitParameterOptions {
    flags.intersection(.flag_DisplayMask)
}

public func SetAudioUnitParameterDisplayType(_ flags: AudioUnitParameterOptions, _ displayType: AudioUnitParameterOptions) -> AudioUnitParameterOptions {
    flags.subtracting(.flag_DisplayMask).union(displayType)
}
