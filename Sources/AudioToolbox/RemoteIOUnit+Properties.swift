import CoreAudioTypes

/// RemoteIO's own properties: EnableIO, HasIO, the render and input callbacks, the output
/// channel map, IsRunning, StartTimestampsAtZero.
extension RemoteIOUnit {
    func ioPropertyAccess(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope) -> (exists: Bool, writable: Bool) {
        switch id {
        case kAudioOutputUnitProperty_EnableIO: (true, true)
        case kAudioOutputUnitProperty_HasIO, kAudioOutputUnitProperty_IsRunning: (true, false)
        case kAudioUnitProperty_SetRenderCallback, kAudioOutputUnitProperty_SetInputCallback, kAudioUnitProperty_MakeConnection,
             kAudioOutputUnitProperty_ChannelMap, kAudioOutputUnitProperty_StartTimestampsAtZero: (true, true)
        default: interAppPropertyAccess(id)
        }
    }

    func ioProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> PropertyValue? {
        switch id {
        case kAudioOutputUnitProperty_EnableIO:
            return .uint32(try ioSide(scope, element) == 0 ? (outputEnabled ? 1 : 0) : (inputEnabled ? 1 : 0))
        case kAudioOutputUnitProperty_HasIO:
            _ = try ioSide(scope, element)
            return .uint32(1)
        case kAudioOutputUnitProperty_IsRunning:
            try global(scope)
            return .uint32(isRunning ? 1 : 0)
        case kAudioOutputUnitProperty_StartTimestampsAtZero:
            try global(scope)
            return .uint32(startTimestampsAtZero ? 1 : 0)
        case kAudioOutputUnitProperty_ChannelMap:
            try outputSide(scope, element)
            return .int32s(channelMap ?? defaultChannelMap)
        case kAudioUnitProperty_SetRenderCallback, kAudioUnitProperty_MakeConnection:
            guard scope == kAudioUnitScope_Input else { throw .invalidScope }
            return nil
        case kAudioOutputUnitProperty_SetInputCallback:
            try global(scope)
            return nil
        default:
            return try interAppProperty(id)
        }
    }

    func setIOProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                                  _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
        switch id {
        case kAudioOutputUnitProperty_EnableIO:
            let side = try ioSide(scope, element)
            guard !isInitialized else { throw .initialized }
            let enabled = try readSwitch(data, size)
            if side == 0 { outputEnabled = enabled } else { inputEnabled = enabled }
        case kAudioUnitProperty_SetRenderCallback:
            guard scope == kAudioUnitScope_Input else { throw .invalidScope }
            renderCallback = try callback(data, size)
            if renderCallback.inputProc != nil { outputConnection = nil }
        case kAudioUnitProperty_MakeConnection:
            guard scope == kAudioUnitScope_Input else { throw .invalidScope }
            guard element == 0 else { throw .invalidElement }
            let connection = try readValue(data, size, as: AudioUnitConnection.self)
            try adoptFormat(of: connection, element: 0)
            outputConnection = connection.sourceAudioUnit == nil ? nil : connection
            if outputConnection != nil { renderCallback = AURenderCallbackStruct() }
        case kAudioOutputUnitProperty_SetInputCallback:
            try global(scope)
            inputCallback = try callback(data, size)
        case kAudioOutputUnitProperty_StartTimestampsAtZero:
            try global(scope)
            startTimestampsAtZero = try readSwitch(data, size)
        case kAudioOutputUnitProperty_ChannelMap:
            try outputSide(scope, element)
            try setChannelMap(data, size)
        default:
            try setInterAppProperty(id, data, size)
        }
        propertyChanged(id, scope, element)
    }

    /// Identity over the hardware's output channels: client channel i plays on channel i.
    var defaultChannelMap: [Int32] {
        (0..<hardware.outputChannels).map { $0 < clientOutputFormat.channelCount ? Int32($0) : -1 }
    }

    private func setChannelMap(_ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
        guard let data, size >= 4, size % 4 == 0 else {
            guard data == nil else { throw .paramError }
            channelMap = nil
            return
        }
        let count = Int(size) / 4
        let map = (0..<count).map { data.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self) }
        guard map.allSatisfy({ $0 >= -1 && $0 < Int32(clientOutputFormat.channelCount) }) else { throw .invalidValue }
        channelMap = map
        if isRunning { reattach() }
    }

    /// A callback struct; nil data (or a nil proc) removes the callback.
    private func callback(_ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) -> AURenderCallbackStruct {
        guard data != nil else { return AURenderCallbackStruct() }
        return try readValue(data, size, as: AURenderCallbackStruct.self)
    }

    /// 0 for the output side (output scope, element 0), 1 for the input side (input scope,
    /// element 1), where EnableIO and HasIO live.
    private func ioSide(_ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> Int {
        switch (scope, element) {
        case (kAudioUnitScope_Output, 0): return 0
        case (kAudioUnitScope_Input, 1): return 1
        case (kAudioUnitScope_Global, _): throw .invalidScope
        default: throw .invalidElement
        }
    }

    private func outputSide(_ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) {
        guard scope == kAudioUnitScope_Output else { throw .invalidScope }
        guard element == 0 else { throw .invalidElement }
    }

    private func global(_ scope: AudioUnitScope) throws(AUError) {
        guard scope == kAudioUnitScope_Global else { throw .invalidScope }
    }
}
