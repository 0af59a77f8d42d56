import Foundation
import CoreAudioTypes

/// A property's value on its way in or out of `AudioUnitGetProperty`/`SetProperty`: the types
/// the properties this module implements hold, with their C sizes.
enum PropertyValue {
    case uint32(UInt32)
    case float64(Float64)
    case status(OSStatus)
    case format(AudioStreamBasicDescription)
    case callback(AURenderCallbackStruct)
    case int32s([Int32])
    case uint32s([UInt32])
    case description(AudioComponentDescription)
    case parameterInfo(AudioUnitParameterInfo)
    case hostCallbacks(HostCallbackInfo)
    /// A `CFURL` handed out retained (the caller releases it), as Core Foundation getters do.
    case url(URL)
    case duckingConfiguration(AUVoiceIOOtherAudioDuckingConfiguration)

    var size: Int {
        switch self {
        case .uint32, .status: 4
        case .float64: 8
        case .format: MemoryLayout<AudioStreamBasicDescription>.size
        case .callback: MemoryLayout<AURenderCallbackStruct>.size
        case let .int32s(values): values.count * 4
        case let .uint32s(values): values.count * 4
        case .description: MemoryLayout<AudioComponentDescription>.size
        case .parameterInfo: MemoryLayout<AudioUnitParameterInfo>.size
        case .hostCallbacks: MemoryLayout<HostCallbackInfo>.size
        case .url: MemoryLayout<Unmanaged<NSURL>>.size
        case .duckingConfiguration: MemoryLayout<AUVoiceIOOtherAudioDuckingConfiguration>.size
        }
    }

    /// Copies the value to `destination`, which holds `capacity` bytes; returns the bytes
    /// written. Too small a buffer is `kAudio_ParamError`, as an empty one.
    func write(to destination: UnsafeMutableRawPointer, capacity: Int) throws(AUError) -> Int {
        guard capacity >= size || (capacity > 0 && isArray) else { throw .paramError }
        switch self {
        case let .uint32(value): destination.storeBytes(of: value, as: UInt32.self)
        case let .status(value): destination.storeBytes(of: value, as: OSStatus.self)
        case let .float64(value): destination.storeBytes(of: value, as: Float64.self)
        case let .format(value): destination.storeBytes(of: value, as: AudioStreamBasicDescription.self)
        case let .description(value): destination.storeBytes(of: value, as: AudioComponentDescription.self)
        case let .callback(value): destination.bindMemory(to: AURenderCallbackStruct.self, capacity: 1).initialize(to: value)
        case let .parameterInfo(value): destination.bindMemory(to: AudioUnitParameterInfo.self, capacity: 1).initialize(to: value)
        case let .hostCallbacks(value): destination.bindMemory(to: HostCallbackInfo.self, capacity: 1).initialize(to: value)
        case let .url(value): destination.storeBytes(of: Unmanaged.passRetained(value as NSURL), as: Unmanaged<NSURL>.self)
        case let .duckingConfiguration(value): destination.bindMemory(to: AUVoiceIOOtherAudioDuckingConfiguration.self, capacity: 1).initialize(to: value)
        case let .int32s(values):
            let count = min(values.count, capacity / 4)
            for index in 0..<count { destination.storeBytes(of: values[index], toByteOffset: index * 4, as: Int32.self) }
            return count * 4
        case let .uint32s(values):
            let count = min(values.count, capacity / 4)
            for index in 0..<count { destination.storeBytes(of: values[index], toByteOffset: index * 4, as: UInt32.self) }
            return count * 4
        }
        return size
    }

    private var isArray: Bool {
        switch self {
        case .int32s, .uint32s: true
        default: false
        }
    }
}

/// Reads a property value the app passed to `AudioUnitSetProperty`: nil or too few bytes is
/// `kAudio_ParamError`.
func readValue<T>(_ data: UnsafeRawPointer?, _ size: UInt32, as type: T.Type) throws(AUError) -> T {
    guard let data, Int(size) >= MemoryLayout<T>.size else { throw .paramError }
    if _isPOD(T.self) { return data.loadUnaligned(as: T.self) }
    return data.assumingMemoryBound(to: T.self).pointee
}

/// A 0/1 switch property: any other value is `kAudioUnitErr_InvalidPropertyValue`.
func readSwitch(_ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) -> Bool {
    let value = try readValue(data, size, as: UInt32.self)
    guard value <= 1 else { throw .invalidValue }
    return value == 1
}
