import CoreAudioTypes

// The Audio Unit API (AUComponent.h). Every misuse returns its OSStatus; nothing traps.

/// Runs `body` on the live unit behind `unit`: a disposed handle is `kAudio_ParamError`, a unit
/// from before a media-services reset `kAudioComponentErr_InstanceInvalidated`.
func withUnit(_ unit: AudioUnit, _ body: (AudioUnitBase) throws(AUError) -> Void) -> OSStatus {
    guard let instance = AudioUnitHandle.resolve(unit) else { return kAudio_ParamError }
    guard !instance.isInvalidated else { return kAudioComponentErr_InstanceInvalidated }
    return status { () throws(AUError) in try body(instance) }
}

public func AudioUnitInitialize(_ inUnit: AudioUnit) -> OSStatus {
    withUnit(inUnit) { unit throws(AUError) in try unit.initialize() }
}

public func AudioUnitUninitialize(_ inUnit: AudioUnit) -> OSStatus {
    withUnit(inUnit) { unit in unit.uninitialize() }
}

public func AudioUnitGetPropertyInfo(_ inUnit: AudioUnit, _ inID: AudioUnitPropertyID, _ inScope: AudioUnitScope,
                                     _ inElement: AudioUnitElement, _ outDataSize: UnsafeMutablePointer<UInt32>?,
                                     _ outWritable: UnsafeMutablePointer<DarwinBoolean>?) -> OSStatus {
    withUnit(inUnit) { unit throws(AUError) in
        let info = try unit.propertyInfo(inID, inScope, inElement)
        outDataSize?.pointee = UInt32(info.size)
        outWritable?.pointee = DarwinBoolean(info.writable)
    }
}

public func AudioUnitGetProperty(_ inUnit: AudioUnit, _ inID: AudioUnitPropertyID, _ inScope: AudioUnitScope,
                                 _ inElement: AudioUnitElement, _ outData: UnsafeMutableRawPointer,
                                 _ ioDataSize: UnsafeMutablePointer<UInt32>) -> OSStatus {
    withUnit(inUnit) { unit throws(AUError) in
        let value = try unit.getProperty(inID, inScope, inElement)
        ioDataSize.pointee = UInt32(try value.write(to: outData, capacity: Int(ioDataSize.pointee)))
    }
}

/// `inData` nil (with size 0) removes a callback, for the properties that hold one.
public func AudioUnitSetProperty(_ inUnit: AudioUnit, _ inID: AudioUnitPropertyID, _ inScope: AudioUnitScope,
                                 _ inElement: AudioUnitElement, _ inData: UnsafeRawPointer?, _ inDataSize: UInt32) -> OSStatus {
    withUnit(inUnit) { unit throws(AUError) in try unit.setProperty(inID, inScope, inElement, inData, inDataSize) }
}

public func AudioUnitAddPropertyListener(_ inUnit: AudioUnit, _ inID: AudioUnitPropertyID,
                                         _ inProc: @escaping AudioUnitPropertyListenerProc,
                                         _ inProcUserData: UnsafeMutableRawPointer?) -> OSStatus {
    withUnit(inUnit) { unit in unit.addListener(inID, inProc, inProcUserData) }
}

/// Removes the listener registered for `inID` with `inProcUserData` (a Swift closure has no
/// identity to compare, so `inProc` does not take part).
public func AudioUnitRemovePropertyListenerWithUserData(_ inUnit: AudioUnit, _ inID: AudioUnitPropertyID,
                                                        _ inProc: @escaping AudioUnitPropertyListenerProc,
                                                        _ inProcUserData: UnsafeMutableRawPointer?) -> OSStatus {
    withUnit(inUnit) { unit throws(AUError) in
        guard unit.removeListener(inID, inProcUserData) else { throw .paramError }
    }
}

public func AudioUnitAddRenderNotify(_ inUnit: AudioUnit, _ inProc: @escaping AURenderCallback,
                                     _ inProcUserData: UnsafeMutableRawPointer?) -> OSStatus {
    withUnit(inUnit) { unit in
        unit.renderNotifies.append(AURenderCallbackStruct(inputProc: inProc, inputProcRefCon: inProcUserData))
    }
}

/// Removes the render notification registered with `inProcUserData`.
public func AudioUnitRemoveRenderNotify(_ inUnit: AudioUnit, _ inProc: @escaping AURenderCallback,
                                        _ inProcUserData: UnsafeMutableRawPointer?) -> OSStatus {
    withUnit(inUnit) { unit throws(AUError) in
        guard let index = unit.renderNotifies.firstIndex(where: { $0.inputProcRefCon == inProcUserData }) else { throw .paramError }
        unit.renderNotifies.remove(at: index)
    }
}

public func AudioUnitGetParameter(_ inUnit: AudioUnit, _ inID: AudioUnitParameterID, _ inScope: AudioUnitScope,
                                  _ inElement: AudioUnitElement, _ outValue: UnsafeMutablePointer<AudioUnitParameterValue>) -> OSStatus {
    withUnit(inUnit) { unit throws(AUError) in
        try unit.check(inScope, inElement)
        let stored = try unit.parameters.value(inID, inScope, inElement)
        outValue.pointee = try unit.parameterValue(inID, inScope, inElement) ?? stored
    }
}

/// Sets a parameter now (`inBufferOffsetInFrames` is accepted; changes apply from the next render).
public func AudioUnitSetParameter(_ inUnit: AudioUnit, _ inID: AudioUnitParameterID, _ inScope: AudioUnitScope,
                                  _ inElement: AudioUnitElement, _ inValue: AudioUnitParameterValue,
                                  _ inBufferOffsetInFrames: UInt32) -> OSStatus {
    withUnit(inUnit) { unit throws(AUError) in
        try unit.check(inScope, inElement)
        let stored = try unit.parameters.set(inID, inScope, inElement, inValue)
        unit.parameterChanged(inID, inScope, inElement, stored)
    }
}

/// Renders `inNumberFrames` of bus `inOutputBusNumber` into `ioData`: before `AudioUnitInitialize`
/// `kAudioUnitErr_Uninitialized`; more frames than `kAudioUnitProperty_MaximumFramesPerSlice`
/// `kAudioUnitErr_TooManyFramesToProcess`.
public func AudioUnitRender(_ inUnit: AudioUnit, _ ioActionFlags: UnsafeMutablePointer<AudioUnitRenderActionFlags>?,
                            _ inTimeStamp: UnsafePointer<AudioTimeStamp>, _ inOutputBusNumber: UInt32,
                            _ inNumberFrames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
    guard let unit = AudioUnitHandle.resolve(inUnit) else { return kAudio_ParamError }
    guard !unit.isInvalidated else { return kAudioComponentErr_InstanceInvalidated }
    guard unit.isInitialized else { return kAudioUnitErr_Uninitialized }
    guard Int(inOutputBusNumber) < unit.elementCount(kAudioUnitScope_Output) else { return kAudioUnitErr_InvalidElement }
    if let ioActionFlags { return unit.render(ioActionFlags, inTimeStamp, inOutputBusNumber, inNumberFrames, ioData) }
    var flags = AudioUnitRenderActionFlags()
    return unit.render(&flags, inTimeStamp, inOutputBusNumber, inNumberFrames, ioData)
}

/// Clears the unit's DSP state (delay lines, reverb tails, converter history).
public func AudioUnitReset(_ inUnit: AudioUnit, _ inScope: AudioUnitScope, _ inElement: AudioUnitElement) -> OSStatus {
    withUnit(inUnit) { unit throws(AUError) in
        try unit.check(inScope, inElement)
        unit.resetState()
    }
}
