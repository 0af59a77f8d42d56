import Foundation
import MediaServer
import AudioToolbox
import CoreAudioTypes

/// The device side of a running engine: a RemoteIO (or voice-processing IO) unit of the app,
/// whose render callback pulls the graph once per IO buffer and whose input callback fetches
/// the microphone for the input node. Its property listeners tell the engine when the hardware
/// format changed (stop + `AVAudioEngineConfigurationChange`) or the I/O stopped under it
/// (an interruption, a media-services reset).
final class EngineDevice {
    /// Weak: a unit stopped from the engine's deinit reports IsRunning while the engine goes away.
    weak var engine: AVAudioEngine?
    let unit: AudioUnit
    private let input: BufferListView?
    private let inputBuffer: RenderBuffer?

    init(engine: AVAudioEngine, input inputFormat: AVAudioFormat?, voiceProcessing: Bool) throws {
        self.engine = engine
        var description = AudioComponentDescription(
            componentType: kAudioUnitType_Output,
            componentSubType: voiceProcessing ? kAudioUnitSubType_VoiceProcessingIO : kAudioUnitSubType_RemoteIO,
            componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        var instance: AudioComponentInstance?
        guard let component = AudioComponentFindNext(nil, &description) else {
            throw AVAudioEngine.error(kAudioUnitErr_FailedInitialization, voiceProcessing
                ? "no voice-processing IO unit is registered on this device" : "no RemoteIO unit is registered on this device")
        }
        try Self.check(AudioComponentInstanceNew(component, &instance), "AudioComponentInstanceNew")
        unit = instance!
        if let inputFormat {
            let channels = Int(inputFormat.channelCount)
            inputBuffer = RenderBuffer(channelCount: channels, capacity: AVAudioEngine.deviceMaximumFrames)
            input = BufferListView(channelCount: channels)
        } else {
            (inputBuffer, input) = (nil, nil)
        }
        do { try configure(output: engine.outputNode.outputFormat(forBus: 0), input: inputFormat, settings: engine.voiceProcessing) } catch {
            _ = AudioComponentInstanceDispose(unit)
            throw error
        }
    }

    private func configure(output: AVAudioFormat, input inputFormat: AVAudioFormat?, settings: VoiceProcessingSettings) throws {
        var on: UInt32 = 1
        var inputOn: UInt32 = inputFormat == nil ? 0 : 1
        try set(kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Output, 0, &on)
        try set(kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &inputOn)
        // Time stamps on the device's own frame clock (not from 0 at each start), so the engine
        // knows where a cycle lies and which host time it plays at.
        var deviceTimestamps: UInt32 = 0
        try set(kAudioOutputUnitProperty_StartTimestampsAtZero, kAudioUnitScope_Global, 0, &deviceTimestamps)
        var outputDescription = output.streamDescription.pointee
        try set(kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &outputDescription)
        if let inputFormat {
            var inputDescription = inputFormat.streamDescription.pointee
            try set(kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 1, &inputDescription)
            var inputCallback = AURenderCallbackStruct(inputProc: engineInputCallback, inputProcRefCon: refCon)
            try set(kAudioOutputUnitProperty_SetInputCallback, kAudioUnitScope_Global, 0, &inputCallback)
        }
        var renderCallback = AURenderCallbackStruct(inputProc: engineRenderCallback, inputProcRefCon: refCon)
        try set(kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, &renderCallback)
        try Self.check(AudioUnitAddPropertyListener(unit, kAudioUnitProperty_StreamFormat, enginePropertyListener, refCon), "listener")
        try Self.check(AudioUnitAddPropertyListener(unit, kAudioOutputUnitProperty_IsRunning, enginePropertyListener, refCon), "listener")
        try Self.check(AudioUnitInitialize(unit), "AudioUnitInitialize")
        applyVoiceProcessing(settings)
    }

    /// Starts the I/O; a session refusal comes back as the session's error code.
    func start() throws {
        let status = AudioOutputUnitStart(unit)
        guard status == 0 else {
            throw NSError(domain: NSOSStatusErrorDomain, code: Int(status),
                          userInfo: [NSLocalizedDescriptionKey: "the engine's I/O could not start (AudioOutputUnitStart \(status))"])
        }
    }

    func stop() {
        _ = AudioOutputUnitStop(unit)
        _ = AudioUnitUninitialize(unit)
        _ = AudioComponentInstanceDispose(unit)
    }

    private var refCon: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private func set<T>(_ property: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                        _ value: inout T) throws {
        let status = AudioUnitSetProperty(unit, property, scope, element, &value, UInt32(MemoryLayout<T>.size))
        try Self.check(status, "AudioUnitSetProperty \(property)")
    }

    private static func check(_ status: OSStatus, _ call: String) throws {
        guard status == 0 else { throw AVAudioEngine.error(status, "\(call) failed with \(status)") }
    }

    // MARK: Callbacks

    /// The input callback: renders the microphone (bus 1) for the input node of this cycle.
    fileprivate func fetchInput(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                                _ timeStamp: UnsafePointer<AudioTimeStamp>, _ frames: UInt32) -> OSStatus {
        guard let input, let inputBuffer else { return 0 }
        let count = min(Int(frames), inputBuffer.capacity)
        input.point(at: inputBuffer.channels, frames: count)
        let status = AudioUnitRender(unit, flags, timeStamp, 1, UInt32(count), input.list.unsafeMutablePointer)
        engine?.inputNodeIfMade?.deviceInput = status == 0 ? input.list.unsafeMutablePointer : nil
        return status
    }

    fileprivate func propertyChanged(_ property: AudioUnitPropertyID) {
        engine?.deviceChanged(property)
    }
}

private func engineRenderCallback(_ refCon: UnsafeMutableRawPointer, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                                  _ timeStamp: UnsafePointer<AudioTimeStamp>, _ bus: UInt32, _ frames: UInt32,
                                  _ list: UnsafeMutablePointer<AudioBufferList>?) -> OSStatus {
    let device = Unmanaged<EngineDevice>.fromOpaque(refCon).takeUnretainedValue()
    guard let list, let engine = device.engine else { return 0 }
    return engine.renderDeviceCycle(Int(frames), timeStamp: timeStamp, into: list)
}

private func engineInputCallback(_ refCon: UnsafeMutableRawPointer, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                                 _ timeStamp: UnsafePointer<AudioTimeStamp>, _ bus: UInt32, _ frames: UInt32,
                                 _ list: UnsafeMutablePointer<AudioBufferList>?) -> OSStatus {
    Unmanaged<EngineDevice>.fromOpaque(refCon).takeUnretainedValue().fetchInput(flags, timeStamp, frames)
}

private func enginePropertyListener(_ refCon: UnsafeMutableRawPointer, _ unit: AudioUnit, _ property: AudioUnitPropertyID,
                                    _ scope: AudioUnitScope, _ element: AudioUnitElement) {
    Unmanaged<EngineDevice>.fromOpaque(refCon).takeUnretainedValue().propertyChanged(property)
}

extension AVAudioEngine {
    /// Creates the IO unit for the current graph and starts it (through the session policy).
    func startDevice() throws {
        guard let binding else {
            throw AVAudioSession.error(.cannotStartPlaying, "the engine was made outside a simulated app: there is no device")
        }
        guard ioFormat(input: false).channelCount > 0 else {
            throw Self.error(-10867, "the output node's format has no channels: output is disabled")
        }
        let input = hasInputNode && isInputUsed ? inputNode.outputFormat(forBus: 0) : nil
        let device = try AppContext.run(as: binding) {
            try EngineDevice(engine: self, input: input, voiceProcessing: voiceProcessing.isEnabled)
        }
        self.device = device
        do { try AppContext.run(as: binding) { try device.start() } } catch {
            device.stop()
            self.device = nil
            throw error
        }
        deviceStartFrame = binding.server.ioFrameNow
    }

    func stopDevice() {
        guard let device, let binding else { return }
        self.device = nil
        inputNodeIfMade?.deviceInput = nil
        AppContext.run(as: binding) { device.stop() }
    }

    /// The input node feeds something (or is tapped): the device's input is switched on.
    private var isInputUsed: Bool {
        !outputConnections(of: inputNode, bus: 0).isEmpty || inputNode.taps.contains { $0 != nil }
    }

    /// The IO unit reported a change. A new hardware rate or channel count stops the engine and,
    /// once the unit's callback has returned, posts `AVAudioEngineConfigurationChange`; I/O that
    /// stopped under the engine (an interruption, a media-services reset) just stops it.
    func deviceChanged(_ property: AudioUnitPropertyID) {
        guard isRunning, let binding else { return }
        if property == kAudioOutputUnitProperty_IsRunning {
            guard let device else { return }
            var running: UInt32 = 1
            var size = UInt32(MemoryLayout<UInt32>.size)
            _ = AudioUnitGetProperty(device.unit, kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0, &running, &size)
            if running == 0 || isZombie { try? binding.server.schedule("AVAudioEngine.ioStopped", at: binding.server.now) { [weak self] in self?.ioStoppedUnderneath() } }
            return
        }
        guard property == kAudioUnitProperty_StreamFormat else { return }
        try? binding.server.schedule("AVAudioEngine.configurationChange", at: binding.server.now) { [weak self] in
            self?.hardwareFormatMayHaveChanged()
        }
    }

    private func ioStoppedUnderneath() {
        guard isRunning else { return }
        stopDevice()
        isRunning = false
    }

    private func hardwareFormatMayHaveChanged() {
        guard isRunning, let binding else { return }
        let output = ioFormat(input: false)
        let input = ioFormat(input: true)
        let current = outputNode.outputFormat(forBus: 0)
        let inputChanged = hasInputNode && !inputNode.outputFormat(forBus: 0).isEqual(input) && isInputUsed
        guard output.sampleRate != current.sampleRate || output.channelCount != current.channelCount || inputChanged else { return }
        stop()
        outputNode.outputFormats[0] = output
        if hasInputNode { inputNode.outputFormats[0] = input }
        propagateFormats()
        binding.server.recordObservation(.engineConfigurationChange, ["app": .string(binding.app.name),
                                                                      "hz": .integer(Int(output.sampleRate)),
                                                                      "channels": .integer(Int(output.channelCount))])
        AppContext.run(as: binding) {
            NotificationCenter.default.post(name: .AVAudioEngineConfigurationChange, object: self)
        }
    }

    /// The host time of an IO cycle: the time stamp's, or else the IO clock's time of its sample
    /// time (the device's frame), as RemoteIO's time stamps carry both.
    private func hostTime(of stamp: AudioTimeStamp) -> UInt64? {
        if stamp.mFlags.contains(.hostTimeValid) { return stamp.mHostTime }
        guard stamp.mFlags.contains(.sampleTimeValid), let binding,
              let time = binding.server.hostTime(ofIOFrame: Int64(stamp.mSampleTime)) else { return nil }
        return UInt64(max(0, time.nanoseconds))
    }

    /// The render callback of the output unit: renders `frames` frames (one IO buffer) into
    /// `list`, then hands the app its taps and completions. Allocates nothing in steady state.
    func renderDeviceCycle(_ frames: Int, timeStamp: UnsafePointer<AudioTimeStamp>,
                           into list: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        let buffers = UnsafeMutableAudioBufferListPointer(list)
        // The IO buffer playing when start() was called is already on its way to the speaker:
        // the engine is heard from the next one on, as the hardware would play it.
        guard isRunning, !isZombie, manual == nil, timeStamp.pointee.mSampleTime >= Double(deviceStartFrame) else {
            for index in buffers.indices {
                buffers[index].mData?.initializeMemory(as: UInt8.self, repeating: 0, count: Int(buffers[index].mDataByteSize))
            }
            return 0
        }
        serials.cycleHostTime = hostTime(of: timeStamp.pointee)
        let count = Int(outputNode.outputFormat(forBus: 0).channelCount)
        var done = 0
        while done < frames {
            let slice = min(frames - done, maximumRenderFrames)
            let channels = renderPass(slice)
            for index in 0..<min(count, buffers.count) {
                guard let data = buffers[index].mData?.assumingMemoryBound(to: Float.self) else { continue }
                (data + done).update(from: channels[index], count: slice)
            }
            done += slice
        }
        deliverPending()
        return 0
    }
}
