import CoreAudioTypes

/// A unit that pulls its input buses and renders one output bus: the mixer, the converter and
/// the effects. Each input bus is fed by a render callback (`kAudioUnitProperty_SetRenderCallback`)
/// or another unit's output (`kAudioUnitProperty_MakeConnection`); a bus with neither renders
/// `kAudioUnitErr_NoConnection`. Formats default to Apple's canonical 44.1 kHz stereo float.
class ProcessingUnit: AudioUnitBase {
    struct InputSource {
        var callback = AURenderCallbackStruct()
        var connection: AudioUnitConnection?
    }

    var inputs: [InputSource]
    var inputFormats: [AudioStreamBasicDescription]
    var outputFormat = AudioStreamBasicDescription.canonical(sampleRate: 44_100, channels: 2)
    /// Allocated by `AudioUnitInitialize` for `maximumFramesPerSlice`.
    var resources: ProcessingResources?

    init(component: RegisteredComponent, inputBuses: Int) {
        inputs = Array(repeating: InputSource(), count: inputBuses)
        inputFormats = Array(repeating: .canonical(sampleRate: 44_100, channels: 2), count: inputBuses)
        super.init(component: component)
    }

    // MARK: Hooks for kinds

    /// Whether `format` may go on `scope`/`element` (beyond being supported PCM).
    func accepts(_ format: AudioStreamBasicDescription, _ scope: AudioUnitScope, _ element: AudioUnitElement) -> Bool { true }
    /// Renders `frames` into `resources.output` (planar float, the output format's channels).
    func process(_ frames: Int, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                 _ timeStamp: UnsafePointer<AudioTimeStamp>, _ resources: ProcessingResources) -> OSStatus { 0 }
    /// Frames the kind pulls from its input per render of `frames` (more for rate converters).
    func inputCapacity(forOutput frames: Int) -> Int { frames }
    func kindPropertyAccess(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope) -> (exists: Bool, writable: Bool) { (false, false) }
    func kindProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> PropertyValue? { nil }
    func setKindProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                         _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) { throw .invalidProperty }
    func prepareKind(_ resources: ProcessingResources) throws(AUError) {}

    // MARK: Elements and formats

    override func elementCount(_ scope: AudioUnitScope) -> Int {
        switch scope {
        case kAudioUnitScope_Input: inputs.count
        default: 1
        }
    }

    override func streamFormat(_ scope: AudioUnitScope, _ element: AudioUnitElement) -> AudioStreamBasicDescription {
        scope == kAudioUnitScope_Input ? inputFormats[Int(element)] : outputFormat
    }

    override func setStreamFormat(_ format: AudioStreamBasicDescription, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) {
        guard accepts(format, scope, element) else { throw .formatNotSupported }
        if scope == kAudioUnitScope_Input { inputFormats[Int(element)] = format } else { outputFormat = format }
    }

    // MARK: Properties

    override func unitPropertyAccess(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope) -> (exists: Bool, writable: Bool) {
        switch id {
        case kAudioUnitProperty_SetRenderCallback, kAudioUnitProperty_MakeConnection: (true, true)
        default: kindPropertyAccess(id, scope)
        }
    }

    override func unitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> PropertyValue? {
        switch id {
        case kAudioUnitProperty_SetRenderCallback, kAudioUnitProperty_MakeConnection:
            guard scope == kAudioUnitScope_Input else { throw .invalidScope }
            return nil
        default:
            return try kindProperty(id, scope, element)
        }
    }

    override func setUnitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                                  _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
        switch id {
        case kAudioUnitProperty_SetRenderCallback:
            guard scope == kAudioUnitScope_Input else { throw .invalidScope }
            inputs[Int(element)].callback = data == nil ? AURenderCallbackStruct()
                : try readValue(data, size, as: AURenderCallbackStruct.self)
            if inputs[Int(element)].callback.inputProc != nil { inputs[Int(element)].connection = nil }
        case kAudioUnitProperty_MakeConnection:
            guard scope == kAudioUnitScope_Input else { throw .invalidScope }
            let connection = try readValue(data, size, as: AudioUnitConnection.self)
            guard Int(connection.destInputNumber) == Int(element) else { throw .invalidElement }
            try adoptFormat(of: connection, element: element)
            inputs[Int(element)].connection = connection.sourceAudioUnit == nil ? nil : connection
            if connection.sourceAudioUnit != nil { inputs[Int(element)].callback = AURenderCallbackStruct() }
        default:
            try setKindProperty(id, scope, element, data, size)
            return
        }
        propertyChanged(id, scope, element)
    }

    // MARK: Lifecycle and rendering

    override func allocateResources() throws(AUError) {
        let frames = Int(maximumFramesPerSlice)
        let resources = ProcessingResources(inputFormats: inputFormats, outputFormat: outputFormat,
                                            inputFrames: inputCapacity(forOutput: frames), outputFrames: frames)
        try prepareKind(resources)
        self.resources = resources
    }

    override func deallocateResources() { resources = nil }

    override func renderBus(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                            _ bus: UInt32, _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        guard let resources else { return kAudioUnitErr_Uninitialized }
        let status = process(Int(frames), flags, timeStamp, resources)
        guard status == 0 else { return status }
        return resources.deliver(Int(frames), into: ioData)
    }

    /// Pulls `frames` of input bus `bus` into `resources.inputs[bus]` and its planar copy.
    func pullInput(_ bus: Int, _ frames: Int, _ timeStamp: UnsafePointer<AudioTimeStamp>, _ resources: ProcessingResources) -> OSStatus {
        let buffers = resources.inputs[bus]
        guard frames <= buffers.capacity else { return kAudioUnitErr_TooManyFramesToProcess }
        buffers.prepare(frames: frames)
        let list = buffers.list.unsafeMutablePointer
        resources.pullFlags.pointee = []
        let status: OSStatus
        if let connection = inputs[bus].connection, let source = connection.sourceAudioUnit {
            status = AudioUnitRender(source, resources.pullFlags, timeStamp, connection.sourceOutputNumber, UInt32(frames), list)
        } else if let proc = inputs[bus].callback.inputProc {
            status = proc(inputs[bus].callback.inputProcRefCon ?? noUserData, resources.pullFlags, timeStamp, UInt32(bus),
                          UInt32(frames), list)
        } else {
            status = kAudioUnitErr_NoConnection
        }
        guard status == 0 else { return status }
        let format = inputFormats[bus]
        for channel in 0..<format.channelCount {
            PCMTransfer.read(list, format: format, channel: channel, into: resources.inputPlanar(bus, channel), frames: frames)
        }
        return 0
    }
}

/// A processing unit's buffers, made on the control side by `AudioUnitInitialize`.
final class ProcessingResources {
    let inputs: [OwnedBufferList]
    let inputFrames: Int
    let outputFrames: Int
    let outputFormat: AudioStreamBasicDescription
    let output: OwnedBufferList
    /// Planar float: every input bus's channels, then the output's channels.
    private let planar: UnsafeMutablePointer<Float>
    private let planarCount: Int
    private let inputOffsets: [Int]
    private let outputOffset: Int
    /// Pointers to the output's planar channels, for kernels that take `float**`.
    let outputChannels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    let pullFlags: UnsafeMutablePointer<AudioUnitRenderActionFlags>

    init(inputFormats: [AudioStreamBasicDescription], outputFormat: AudioStreamBasicDescription, inputFrames: Int, outputFrames: Int) {
        let stride = max(inputFrames, outputFrames)
        self.inputFrames = inputFrames
        self.outputFrames = outputFrames
        self.outputFormat = outputFormat
        inputs = inputFormats.map { OwnedBufferList(format: $0, capacity: inputFrames) }
        output = OwnedBufferList(format: outputFormat, capacity: outputFrames)
        var offsets: [Int] = []
        var next = 0
        for format in inputFormats {
            offsets.append(next)
            next += format.channelCount * stride
        }
        inputOffsets = offsets
        outputOffset = next
        planarCount = next + outputFormat.channelCount * stride
        planar = .allocate(capacity: planarCount)
        planar.initialize(repeating: 0, count: planarCount)
        outputChannels = .allocate(capacity: outputFormat.channelCount)
        for channel in 0..<outputFormat.channelCount { outputChannels[channel] = planar + next + channel * stride }
        pullFlags = .allocate(capacity: 1)
        pullFlags.initialize(to: [])
        self.stride = stride
    }

    let stride: Int

    deinit {
        planar.deallocate()
        outputChannels.deallocate()
        pullFlags.deallocate()
    }

    func inputPlanar(_ bus: Int, _ channel: Int) -> UnsafeMutablePointer<Float> { planar + inputOffsets[bus] + channel * stride }
    func outputPlanar(_ channel: Int) -> UnsafeMutablePointer<Float> { planar + outputOffset + channel * stride }

    /// Writes the planar output into `ioData` in the output format; buffers whose `mData` is nil
    /// get the unit's own.
    func deliver(_ frames: Int, into ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        let buffers = UnsafeMutableAudioBufferListPointer(ioData)
        let needed = outputFormat.isNonInterleaved ? outputFormat.channelCount : 1
        guard buffers.count >= needed else { return kAudio_ParamError }
        output.prepare(frames: frames)
        for index in 0..<needed where buffers[index].mData == nil { buffers[index] = output.list[index] }
        for channel in 0..<outputFormat.channelCount {
            PCMTransfer.write(outputPlanar(channel), into: ioData, format: outputFormat, channel: channel, frames: frames)
        }
        return 0
    }
}
