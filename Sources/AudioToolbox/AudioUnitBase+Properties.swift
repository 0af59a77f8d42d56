import CoreAudioTypes

/// The properties every unit has (formats, element counts, maximum frames, latency, last render
/// error, parameters), and the dispatch to a unit kind's own.
extension AudioUnitBase {
    func getProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> PropertyValue {
        switch id {
        case kAudioUnitProperty_StreamFormat, kAudioUnitProperty_SampleRate:
            try checkInOut(scope, element)
            let format = streamFormat(scope, element)
            return id == kAudioUnitProperty_StreamFormat ? .format(format) : .float64(format.mSampleRate)
        case kAudioUnitProperty_ElementCount:
            guard scope <= kAudioUnitScope_Output else { throw .invalidScope }
            return .uint32(UInt32(elementCount(scope)))
        case kAudioUnitProperty_MaximumFramesPerSlice:
            try checkGlobal(scope)
            return .uint32(maximumFramesPerSlice)
        case kAudioUnitProperty_LastRenderError:
            try checkGlobal(scope)
            return .status(lastRenderError)
        case kAudioUnitProperty_Latency, kAudioUnitProperty_TailTime:
            try checkGlobal(scope)
            return .float64(id == kAudioUnitProperty_Latency ? latency : tailTime)
        case kAudioUnitProperty_ParameterList:
            guard scope <= kAudioUnitScope_Output else { throw .invalidScope }
            return .uint32s(parameters.ids(in: scope))
        case kAudioUnitProperty_ParameterInfo:
            guard scope <= kAudioUnitScope_Output else { throw .invalidScope }
            return .parameterInfo(try parameters.info(id: element, scope: scope))
        default:
            try check(scope, element)
            guard let value = try unitProperty(id, scope, element) else { throw .invalidProperty }
            return value
        }
    }

    func setProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                     _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
        switch id {
        case kAudioUnitProperty_StreamFormat, kAudioUnitProperty_SampleRate:
            try checkInOut(scope, element)
            guard isStreamFormatWritable(scope, element) else { throw .notWritable }
            guard !isInitialized else { throw .initialized }
            var format = streamFormat(scope, element)
            if id == kAudioUnitProperty_StreamFormat {
                format = try readValue(data, size, as: AudioStreamBasicDescription.self)
            } else {
                format.mSampleRate = try readValue(data, size, as: Float64.self)
            }
            guard format.isSupportedPCM else { throw .formatNotSupported }
            try setStreamFormat(format, scope, element)
            propertyChanged(kAudioUnitProperty_StreamFormat, scope, element)
        case kAudioUnitProperty_MaximumFramesPerSlice:
            try checkGlobal(scope)
            guard !isInitialized else { throw .initialized }
            let frames = try readValue(data, size, as: UInt32.self)
            guard frames > 0 else { throw .invalidValue }
            maximumFramesPerSlice = frames
            propertyChanged(id, scope, element)
        case kAudioUnitProperty_ElementCount, kAudioUnitProperty_LastRenderError, kAudioUnitProperty_Latency,
             kAudioUnitProperty_TailTime, kAudioUnitProperty_ParameterList, kAudioUnitProperty_ParameterInfo:
            if id == kAudioUnitProperty_ElementCount, unitPropertyAccess(id, scope).writable {
                try setUnitProperty(id, scope, element, data, size)
                return
            }
            _ = try getProperty(id, scope, element)
            throw .notWritable
        default:
            try check(scope, element)
            let access = unitPropertyAccess(id, scope)
            guard access.exists else { throw .invalidProperty }
            guard access.writable else { throw .notWritable }
            try setUnitProperty(id, scope, element, data, size)
        }
    }

    /// Size and writability, as `AudioUnitGetPropertyInfo` reports them.
    func propertyInfo(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> (size: Int, writable: Bool) {
        switch id {
        case kAudioUnitProperty_StreamFormat, kAudioUnitProperty_SampleRate:
            let value = try getProperty(id, scope, element)
            return (value.size, isStreamFormatWritable(scope, element))
        case kAudioUnitProperty_MaximumFramesPerSlice:
            return (try getProperty(id, scope, element).size, true)
        case kAudioUnitProperty_ElementCount, kAudioUnitProperty_LastRenderError, kAudioUnitProperty_Latency,
             kAudioUnitProperty_TailTime, kAudioUnitProperty_ParameterList, kAudioUnitProperty_ParameterInfo:
            return (try getProperty(id, scope, element).size, id == kAudioUnitProperty_ElementCount && unitPropertyAccess(id, scope).writable)
        default:
            try check(scope, element)
            let access = unitPropertyAccess(id, scope)
            guard access.exists else { throw .invalidProperty }
            if let value = try unitProperty(id, scope, element) { return (value.size, access.writable) }
            // Write-only properties (callbacks) have the size of what is written.
            return (MemoryLayout<AURenderCallbackStruct>.size, access.writable)
        }
    }

    private func checkGlobal(_ scope: AudioUnitScope) throws(AUError) {
        guard scope == kAudioUnitScope_Global else { throw .invalidScope }
    }

    /// Formats live on the input and output scopes only.
    private func checkInOut(_ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) {
        guard scope == kAudioUnitScope_Input || scope == kAudioUnitScope_Output else { throw .invalidScope }
        guard Int(element) < elementCount(scope) else { throw .invalidElement }
    }
}
