import MediaServer
import CoreAudioTypes

// Audio Queue properties, parameters and property listeners (AudioQueue.h rules):
// - EnableTimePitch may only be set while the queue is stopped; TimePitchAlgorithm only while
//   it is not running; PlayRate acts only with time-pitch enabled, Pitch only with the
//   Spectral algorithm (the queue's parameters hold the values either way).
// - HardwareCodecPolicy: AudioQueue+Codec.swift. MagicCookie: the codec's configuration (AAC, ALAC).
// Read-outs: IsRunning, StreamDescription, the device's sample rate and channel count.

private func withQueue(_ handle: AudioQueueRef, _ body: (AudioQueueObject) -> OSStatus) -> OSStatus {
    guard let queue = ObjectHandle.resolve(handle, as: AudioQueueObject.self) else { return kAudio_ParamError }
    return body(queue)
}

private func readUInt32(_ data: UnsafeRawPointer, _ size: UInt32) -> UInt32? {
    size >= 4 ? data.loadUnaligned(as: UInt32.self) : nil
}

public func AudioQueueSetProperty(_ inAQ: AudioQueueRef, _ inID: AudioQueuePropertyID, _ inData: UnsafeRawPointer,
                                  _ inDataSize: UInt32) -> OSStatus {
    withQueue(inAQ) { queue in
        switch inID {
        case kAudioQueueProperty_EnableTimePitch:
            guard let value = readUInt32(inData, inDataSize) else { return kAudioQueueErr_InvalidPropertySize }
            guard queue.runState == .stopped else { return kAudioQueueErr_InvalidRunState }
            queue.timePitchEnabled = value != 0
            queue.updateTimePitch()
        case kAudioQueueProperty_TimePitchAlgorithm:
            guard let value = readUInt32(inData, inDataSize) else { return kAudioQueueErr_InvalidPropertySize }
            guard queue.runState != .running else { return kAudioQueueErr_InvalidRunState }
            let known = [kAudioQueueTimePitchAlgorithm_Spectral, kAudioQueueTimePitchAlgorithm_TimeDomain,
                         kAudioQueueTimePitchAlgorithm_Varispeed, kAudioQueueTimePitchAlgorithm_LowQualityZeroLatency]
            guard known.contains(value) else { return kAudioQueueErr_InvalidPropertyValue }
            queue.timePitchAlgorithm = value
            queue.updateTimePitch()
        case kAudioQueueProperty_TimePitchBypass:
            guard let value = readUInt32(inData, inDataSize) else { return kAudioQueueErr_InvalidPropertySize }
            queue.timePitchBypass = value != 0
            queue.updateTimePitch()
        case kAudioQueueProperty_HardwareCodecPolicy:
            guard let value = readUInt32(inData, inDataSize) else { return kAudioQueueErr_InvalidPropertySize }
            return queue.setCodecPolicy(value)
        case kAudioQueueProperty_MagicCookie:
            queue.magicCookie = Array(UnsafeRawBufferPointer(start: inData, count: Int(inDataSize)))
        case kAudioQueueProperty_ChannelAssignments:
            return queue.setChannelAssignments(inData, inDataSize)
        case kAudioQueueProperty_IsRunning, kAudioQueueProperty_StreamDescription, kAudioQueueDeviceProperty_SampleRate,
             kAudioQueueDeviceProperty_NumberChannels:
            return kAudioQueueErr_InvalidPropertyValue
        default:
            return kAudioQueueErr_InvalidProperty
        }
        return 0
    }
}

public func AudioQueueGetPropertySize(_ inAQ: AudioQueueRef, _ inID: AudioQueuePropertyID, _ outDataSize: UnsafeMutablePointer<UInt32>) -> OSStatus {
    withQueue(inAQ) { queue in
        guard let value = propertyValue(queue, inID) else { return kAudioQueueErr_InvalidProperty }
        outDataSize.pointee = UInt32(value.count)
        return 0
    }
}

public func AudioQueueGetProperty(_ inAQ: AudioQueueRef, _ inID: AudioQueuePropertyID, _ outData: UnsafeMutableRawPointer,
                                  _ ioDataSize: UnsafeMutablePointer<UInt32>) -> OSStatus {
    withQueue(inAQ) { queue in
        guard let value = propertyValue(queue, inID) else { return kAudioQueueErr_InvalidProperty }
        guard Int(ioDataSize.pointee) >= value.count else { return kAudioQueueErr_InvalidPropertySize }
        value.withUnsafeBytes { outData.copyMemory(from: $0.baseAddress!, byteCount: value.count) }
        ioDataSize.pointee = UInt32(value.count)
        return 0
    }
}

/// A property's bytes, or nil for one the queue does not have.
private func propertyValue(_ queue: AudioQueueObject, _ id: AudioQueuePropertyID) -> [UInt8]? {
    func bytes<T>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
    let hardware = queue.binding?.server.currentHardware
    switch id {
    case kAudioQueueProperty_IsRunning: return bytes(UInt32(queue.runState == .stopped ? 0 : 1))
    case kAudioQueueProperty_StreamDescription: return bytes(queue.format)
    case kAudioQueueDeviceProperty_SampleRate: return bytes(Double(hardware?.sampleRate ?? 48_000))
    case kAudioQueueDeviceProperty_NumberChannels: return bytes(UInt32(max(1, hardware?.outputChannels ?? 2)))
    case kAudioQueueProperty_EnableTimePitch: return bytes(UInt32(queue.timePitchEnabled ? 1 : 0))
    case kAudioQueueProperty_TimePitchAlgorithm: return bytes(queue.timePitchAlgorithm)
    case kAudioQueueProperty_TimePitchBypass: return bytes(UInt32(queue.timePitchBypass ? 1 : 0))
    case kAudioQueueProperty_HardwareCodecPolicy: return bytes(queue.codecPolicy)
    case kAudioQueueProperty_MagicCookie: return queue.magicCookie
    default: return nil
    }
}

public func AudioQueueSetParameter(_ inAQ: AudioQueueRef, _ inParamID: AudioQueueParameterID, _ inValue: AudioQueueParameterValue) -> OSStatus {
    withQueue(inAQ) { queue in
        let range: ClosedRange<Float>
        switch inParamID {
        case kAudioQueueParam_Volume: range = 0...1
        case kAudioQueueParam_PlayRate: range = 0.5...2
        case kAudioQueueParam_Pitch: range = -2400...2400
        case kAudioQueueParam_VolumeRampTime: range = 0...Float.greatestFiniteMagnitude
        case kAudioQueueParam_Pan: range = -1...1
        default: return kAudioQueueErr_InvalidParameter
        }
        guard inValue.isFinite else { return kAudioQueueErr_InvalidParameter }
        let value = min(max(inValue, range.lowerBound), range.upperBound)
        queue.parameters[inParamID] = value
        queue.parameterChanged(inParamID, value)
        return 0
    }
}

public func AudioQueueGetParameter(_ inAQ: AudioQueueRef, _ inParamID: AudioQueueParameterID,
                                   _ outValue: UnsafeMutablePointer<AudioQueueParameterValue>) -> OSStatus {
    withQueue(inAQ) { queue in
        guard let value = queue.parameters[inParamID] else { return kAudioQueueErr_InvalidParameter }
        outValue.pointee = value
        return 0
    }
}

public func AudioQueueAddPropertyListener(_ inAQ: AudioQueueRef, _ inID: AudioQueuePropertyID, _ inProc: @escaping AudioQueuePropertyListenerProc,
                                          _ inUserData: UnsafeMutableRawPointer?) -> OSStatus {
    withQueue(inAQ) { queue in
        guard inID == kAudioQueueProperty_IsRunning else { return kAudioQueueErr_InvalidProperty }
        queue.listeners.append((inID, inProc, inUserData))
        return 0
    }
}

public func AudioQueueRemovePropertyListener(_ inAQ: AudioQueueRef, _ inID: AudioQueuePropertyID, _ inProc: @escaping AudioQueuePropertyListenerProc,
                                             _ inUserData: UnsafeMutableRawPointer?) -> OSStatus {
    withQueue(inAQ) { queue in
        guard let index = queue.listeners.firstIndex(where: { $0.property == inID && $0.userData == inUserData }) else {
            return kAudioQueueErr_InvalidProperty
        }
        queue.listeners.remove(at: index)
        return 0
    }
}

extension AudioQueueObject {
    /// The time-pitch stage follows the queue's settings (AudioQueueTimePitch.swift).
    func updateTimePitch() {
        timePitch?.update(enabled: timePitchEnabled, bypass: timePitchBypass, algorithm: timePitchAlgorithm,
                          playRate: parameters[kAudioQueueParam_PlayRate] ?? 1, pitch: parameters[kAudioQueueParam_Pitch] ?? 0)
    }

    /// Volume (with its ramp time) and pan reach the render side from the next IO buffer.
    func parameterChanged(_ id: AudioQueueParameterID, _ value: Float) {
        switch id {
        case kAudioQueueParam_Volume:
            let rampFrames = (parameters[kAudioQueueParam_VolumeRampTime] ?? 0) * Float(format.mSampleRate)
            fifo.targetGain = value
            if rampFrames >= 1 {
                fifo.gainStep = (value - fifo.gain) / rampFrames
            } else {
                fifo.gain = value
            }
        case kAudioQueueParam_Pan:
            fifo.pan = value
        case kAudioQueueParam_PlayRate, kAudioQueueParam_Pitch:
            updateTimePitch()
        default:
            break
        }
    }
}
