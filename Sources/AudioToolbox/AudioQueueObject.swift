import AudioFiles
import MediaServer
import CoreAudioTypes
import SimCore

/// One output Audio Queue (`AudioQueueNewOutput`): the app enqueues buffers of PCM, MP3, AAC or
/// Apple Lossless; the queue decodes them at once (`AudioQueueDecoder`), plays them through its
/// own RemoteIO instance — so the device's IO cycle pulls it like every app's audio, converted to
/// the hardware rate, counted in the app's I/O and silenced by the policy — and hands each
/// buffer back through the output callback once its audio has played.
///
/// Callbacks run on the simulation scheduler (checked once per IO buffer while the queue runs),
/// in the app's context, never on the render side: the run loop and mode arguments Apple's
/// API takes are accepted and not needed. Compressed formats need a codec: the device's one
/// hardware decoder (`HardwareCodec`, non-mixable sessions only) or software, by
/// `kAudioQueueProperty_HardwareCodecPolicy` (AudioQueue+Codec.swift).
///
/// An input queue (`AudioQueueNewInput`) records instead: its RemoteIO instance captures the
/// route's input and the app's buffers come back full through the input callback
/// (AudioQueueObject+Input.swift).
final class AudioQueueObject {
    enum RunState { case stopped, running, paused }
    enum Codec: Equatable { case none, software, hardware(token: Int) }

    let format: AudioStreamBasicDescription
    let binding: AppBinding?
    enum Callback {
        case output(AudioQueueOutputCallback)
        case input(AudioQueueInputCallback)
    }
    let callback: Callback
    let userData: UnsafeMutableRawPointer?
    var handle: AudioQueueRef!
    /// The trace's name for the queue: app and a per-process serial.
    let name: String
    private(set) var buffers: [AudioQueueBufferRef] = []
    var runState = RunState.stopped
    /// Primed (or started): the codec is chosen and the policy may no longer change.
    var isPrimed = false
    /// A hardware-codec queue that lost its codec (an interruption): it cannot start again and
    /// must be disposed and created anew.
    var isTornDown = false
    /// `AudioQueueStop(_, false)`: stop once everything enqueued has played.
    var stopWhenDrained = false {
        didSet { playedOutAt = nil }
    }
    /// When an asynchronous stop's audio has played out: set once everything enqueued was pulled.
    private var playedOutAt: HostTime?
    /// Reset or immediate stop in progress: enqueueing fails (`kAudioQueueErr_EnqueueDuringReset`).
    var isResetting = false
    var codecPolicy = kAudioQueueHardwareCodecPolicy_Default
    var codec = Codec.none
    var timePitchEnabled = false
    var timePitchAlgorithm = kAudioQueueTimePitchAlgorithm_LowQualityZeroLatency
    var timePitchBypass = false
    var parameters: [AudioQueueParameterID: AudioQueueParameterValue] = [
        kAudioQueueParam_Volume: 1, kAudioQueueParam_PlayRate: 1, kAudioQueueParam_Pitch: 0,
        kAudioQueueParam_VolumeRampTime: 0, kAudioQueueParam_Pan: 0,
    ]
    var listeners: [(property: AudioQueuePropertyID, proc: AudioQueuePropertyListenerProc, userData: UnsafeMutableRawPointer?)] = []
    let fifo: AudioQueueFIFO
    /// Rate and pitch, heard (output queues).
    let timePitch: AudioQueueTimePitch?
    let decoder: AudioQueueDecoder?
    /// `kAudioQueueProperty_MagicCookie`: the compressed stream's codec configuration.
    var magicCookie: [UInt8] = []
    /// `kAudioQueueProperty_ChannelAssignments`: the route channel each queue channel plays on.
    var channelAssignments: [ChannelAssignment]?
    /// The RemoteIO instance that carries the queue's audio to the device while it runs.
    var output: RemoteIOUnit?
    /// The queue stops its own unit (pause, stop): the unit's stop is not news.
    var stoppingOutput = false
    /// Times the system stopped the queue's output (its timelines report each as a discontinuity).
    private(set) var systemStops = 0
    private var serviceScheduled = false

    /// Numbers an app's queues in the order it makes them (per simulated device, so the trace's
    /// queue names are the same on every run).
    private final class Serial { var count = 0 }

    /// An input queue's recording side (nil for an output queue).
    let capture: AudioQueueCapture?

    init(format: AudioStreamBasicDescription, callback: Callback, userData: UnsafeMutableRawPointer?) {
        self.format = format
        self.callback = callback
        self.userData = userData
        binding = AppContext.current
        let serial = binding.map { $0.server.attachment(for: $0.app, key: "AudioToolbox.AudioQueueSerial") { Serial() } }
        serial?.count += 1
        name = "\(binding?.app.name ?? "app").queue\(serial?.count ?? 0)"
        fifo = AudioQueueFIFO(channels: Int(format.mChannelsPerFrame))
        decoder = format.mFormatID == kAudioFormatLinearPCM ? nil : AudioQueueDecoder(format: format)
        if case .input = callback {
            capture = AudioQueueCapture(format: format, capacity: Self.maximumCycleFrames)
            timePitch = nil
        } else {
            capture = nil
            timePitch = AudioQueueTimePitch(sampleRate: format.mSampleRate, maximumFrames: Self.maximumCycleFrames)
        }
    }

    var isCompressed: Bool { decoder != nil }

    /// The formats a queue plays: 16-bit integer or 32-bit float linear PCM (one or two channels),
    /// MP3, AAC or Apple Lossless.
    static func supports(_ format: AudioStreamBasicDescription) -> OSStatus {
        guard format.mSampleRate > 0, (1...2).contains(format.mChannelsPerFrame) else { return kAudioQueueErr_InvalidParameter }
        switch format.mFormatID {
        case kAudioFormatLinearPCM:
            let float = format.mFormatFlags & kAudioFormatFlagIsFloat != 0
            guard format.mFormatFlags & kAudioFormatFlagIsBigEndian == 0,
                  format.mFormatFlags & kAudioFormatFlagIsNonInterleaved == 0 || format.mChannelsPerFrame == 1,
                  (float && format.mBitsPerChannel == 32) || (!float && format.mBitsPerChannel == 16) else {
                return kAudioFormatUnsupportedDataFormatError
            }
            return 0
        case kAudioFormatMPEGLayer3, kAudioFormatMPEG4AAC, kAudioFormatAppleLossless: return 0
        // Formats iOS has codecs for that no decoder is wired in for here.
        case kAudioFormatAppleIMA4, kAudioFormatFLAC, kAudioFormatOpus: return kAudioQueueErr_CodecNotFound
        default: return kAudioFormatUnsupportedDataFormatError
        }
    }

    // MARK: Buffers

    func allocateBuffer(capacity: UInt32, packetDescriptions: UInt32) -> AudioQueueBufferRef {
        let data = UnsafeMutableRawPointer.allocate(byteCount: max(1, Int(capacity)), alignment: 16)
        let descriptions = packetDescriptions > 0 ? UnsafeMutablePointer<AudioStreamPacketDescription>.allocate(capacity: Int(packetDescriptions)) : nil
        let buffer = AudioQueueBufferRef.allocate(capacity: 1)
        buffer.initialize(to: AudioQueueBuffer(mAudioDataBytesCapacity: capacity, mAudioData: data, mAudioDataByteSize: 0, mUserData: nil,
                                               mPacketDescriptionCapacity: packetDescriptions, mPacketDescriptions: descriptions,
                                               mPacketDescriptionCount: 0))
        buffers.append(buffer)
        capture?.reserve(buffers.count)
        return buffer
    }

    func freeBuffer(_ buffer: AudioQueueBufferRef) -> OSStatus {
        guard let index = buffers.firstIndex(of: buffer) else { return kAudioQueueErr_InvalidBuffer }
        guard !fifo.segments.contains(where: { $0.buffer == buffer }), capture?.contains(buffer) != true else { return kAudioQueueErr_BufferInQueue }
        buffers.remove(at: index)
        release(buffer)
        return 0
    }

    private func release(_ buffer: AudioQueueBufferRef) {
        buffer.pointee.mAudioData.deallocate()
        buffer.pointee.mPacketDescriptions?.deallocate()
        buffer.deallocate()
    }

    /// Decodes the buffer's bytes now and queues its audio.
    func enqueue(_ buffer: AudioQueueBufferRef, descriptions: UnsafeBufferPointer<AudioStreamPacketDescription>) -> OSStatus {
        guard buffers.contains(buffer) else { return kAudioQueueErr_InvalidBuffer }
        guard !isResetting else { return kAudioQueueErr_EnqueueDuringReset }
        if let capture {
            guard !capture.contains(buffer) else { return kAudioQueueErr_BufferInQueue }
            capture.enqueue(buffer)
            return 0
        }
        let size = Int(buffer.pointee.mAudioDataByteSize)
        guard size > 0 else { return kAudioQueueErr_BufferEmpty }
        guard size <= Int(buffer.pointee.mAudioDataBytesCapacity) else { return kAudioQueueErr_InvalidBuffer }
        let bytes = UnsafeRawBufferPointer(start: buffer.pointee.mAudioData, count: size)
        if let decoder {
            do {
                let samples = try decoder.decode(bytes, descriptions: descriptions, cookie: magicCookie)
                fifo.append(matchingChannels(samples, from: decoder.channels ?? fifo.channels), for: buffer)
            } catch {
                return kAudioFormatUnsupportedDataFormatError
            }
        } else {
            fifo.append(PCMBytes.floats(bytes, format: format), for: buffer)
        }
        return 0
    }

    /// Decoded audio with the queue's channel count (a mono stream on a stereo queue doubles).
    private func matchingChannels(_ samples: [Float], from channels: Int) -> [Float] {
        guard channels != fifo.channels, channels > 0 else { return samples }
        let frames = samples.count / channels
        return (0..<frames * fifo.channels).map { index in samples[(index / fifo.channels) * channels + (index % fifo.channels) % channels] }
    }

    // MARK: Running

    func prime() -> OSStatus {
        guard !isTornDown else { return kAudioQueueErr_CannotStart }
        let status = chooseCodec()
        if status == 0 { isPrimed = true }
        return status
    }

    func start() -> OSStatus {
        guard !isTornDown else { return kAudioQueueErr_CannotStart }
        guard runState != .running else { return 0 }
        let status = chooseCodec()
        guard status == 0 else { return status }
        isPrimed = true
        let started = startOutput()
        guard started == 0 else { return started }
        let wasStopped = runState == .stopped
        runState = .running
        stopWhenDrained = false
        if wasStopped { propertyChanged(kAudioQueueProperty_IsRunning) }
        scheduleService()
        return 0
    }

    func pause() -> OSStatus {
        guard runState == .running else { return 0 }
        stopOutput()
        runState = .paused
        loseHardwareCodecIfInterrupted()
        return 0
    }

    func stop(immediate: Bool) -> OSStatus {
        loseHardwareCodecIfInterrupted()
        guard runState != .stopped else { return 0 }
        if !immediate, runState == .running, capture == nil {
            stopWhenDrained = true
            return 0
        }
        finishStopping(discarding: true)
        return 0
    }

    /// Stops the output; with `discarding`, what was not played is handed back (Reset semantics).
    func finishStopping(discarding: Bool) {
        stopOutput()
        runState = .stopped
        isPrimed = false
        stopWhenDrained = false
        if discarding { reset() }
        propertyChanged(kAudioQueueProperty_IsRunning)
    }

    /// Drops what was enqueued and not played, handing each buffer back through the callback
    /// (an input queue hands back what it recorded, and the rest empty).
    func reset() {
        isResetting = true
        if let capture {
            deliver(capture.takeAll())
        } else {
            callBack(fifo.discard())
        }
        isResetting = false
    }

    private func startOutput() -> OSStatus {
        guard let binding else { return kAudioQueueErr_InvalidDevice }
        if capture != nil, !binding.server.configuration(of: binding.app).category.allowsInput { return Self.cannotStartRecording }
        if output == nil {
            guard let status = AppContext.run(as: binding, { makeOutput() }) else { return kAudioQueueErr_InvalidDevice }
            guard status == 0 else { return status }
        }
        return AppContext.run(as: binding) {
            do throws(AUError) {
                try output?.start()
                return 0
            } catch {
                return error.status
            }
        }
    }

    private func makeOutput() -> OSStatus? {
        guard let component = RegisteredComponent.all.first(where: { $0.description.componentSubType == kAudioUnitSubType_RemoteIO }) else { return nil }
        var instance: AudioComponentInstance?
        guard AudioComponentInstanceNew(component.handle, &instance) == 0, let instance,
              let unit = AudioUnitHandle.resolve(instance) as? RemoteIOUnit else { return nil }
        unit.maximumFramesPerSlice = UInt32(Self.maximumCycleFrames)
        if let capture {
            configureInput(unit, capture)
        } else {
            unit.clientOutputFormat = .canonical(sampleRate: format.mSampleRate, channels: 2)
            let fifo = self.fifo, timePitch = self.timePitch
            unit.renderCallback = AURenderCallbackStruct(inputProc: { _, _, _, _, frames, ioData in
                timePitch?.render(fifo, frames: Int(frames), into: ioData!)
                return 0
            }, inputProcRefCon: nil)
        }
        applyChannelAssignments(to: unit)
        unit.addListener(kAudioOutputUnitProperty_IsRunning, { refCon, _, _, _, _ in
            Unmanaged<AudioQueueObject>.fromOpaque(refCon).takeUnretainedValue().outputRunningChanged()
        }, Unmanaged.passUnretained(self).toOpaque())
        do { try unit.initialize() } catch { return error.status }
        output = unit
        return 0
    }

    func stopOutput() {
        stoppingOutput = true
        output?.stop()
        stoppingOutput = false
    }

    /// The output unit stopped without the queue asking: the app was interrupted (or the media
    /// server died). A software-codec queue is simply stopped and can start again; a
    /// hardware-codec queue loses the codec and is torn down.
    private func outputRunningChanged() {
        guard !stoppingOutput, output?.isRunning == false, runState != .stopped else { return }
        systemStops += 1
        if case let .hardware(token) = codec, let binding {
            HardwareCodec.of(binding.server).release(token)
            tearDown()
        } else {
            runState = .stopped
            isPrimed = false
            propertyChanged(kAudioQueueProperty_IsRunning)
        }
    }

    /// Pausing or stopping in an interruption handler does not save a hardware-codec queue: the
    /// codec does not survive the interruption whatever the app does with the queue.
    private func loseHardwareCodecIfInterrupted() {
        guard case let .hardware(token) = codec, let binding, binding.server.isInterrupted(binding.app) else { return }
        HardwareCodec.of(binding.server).release(token)
        tearDown()
    }

    /// The hardware codec is gone: the queue stops for good (`kAudioQueueErr_CannotStart` from now on).
    func tearDown() {
        guard !isTornDown else { return }
        isTornDown = true
        codec = .none
        binding?.server.recordObservation(.audioQueueTornDown, ["queue": .string(name)])
        stopOutput()
        if runState != .stopped {
            runState = .stopped
            propertyChanged(kAudioQueueProperty_IsRunning)
        }
    }

    func dispose() {
        stopOutput()
        if let output, let handle = output.handle { _ = AudioComponentInstanceDispose(handle) }
        output = nil
        if case let .hardware(token) = codec, let binding { HardwareCodec.of(binding.server).release(token) }
        codec = .none
        _ = fifo.discard()
        _ = capture?.takeAll()
        for buffer in buffers { release(buffer) }
        buffers.removeAll()
        runState = .stopped
    }

    // MARK: Callbacks on the scheduler

    /// While the queue runs, once per IO buffer: hand back the buffers that played, finish an
    /// asynchronous stop when everything has played.
    private func scheduleService() {
        guard !serviceScheduled, let binding else { return }
        serviceScheduled = true
        let hardware = binding.server.currentHardware
        let period = HostDuration(nanoseconds: Int64(hardware.ioBufferFrames) * 1_000_000_000 / Int64(max(1, hardware.sampleRate)))
        try? binding.server.schedule("audioQueue.callbacks", at: binding.server.now + period) { [weak self] in self?.service() }
    }

    private func service() {
        serviceScheduled = false
        if let capture { deliver(capture.takeFilled()) }
        callBack(fifo.takeFinished())
        if stopWhenDrained, runState == .running, fifo.availableFrames <= 0, hasPlayedOut() { finishStopping(discarding: false) }
        if runState == .running { scheduleService() }
    }

    /// Everything enqueued has been pulled; what the output chain still holds must play out
    /// before an asynchronous stop completes: the unit's rate converter, and with time-pitch what
    /// Rubber Band holds — its start delay plus the input it read ahead, which is about as much
    /// again (twice the start delay, measured on a steady tone).
    private func hasPlayedOut() -> Bool {
        guard let binding else { return true }
        if playedOutAt == nil {
            playedOutAt = binding.server.now + HostDuration(nanoseconds: Int64(2 * (timePitch?.latency ?? 0) * 1e9))
                + (output?.renderState?.heldOutput ?? .zero)
        }
        return binding.server.now >= playedOutAt!
    }

    private func callBack(_ finished: [AudioQueueBufferRef]) {
        guard let binding, case let .output(callback) = callback else { return }
        for buffer in finished where buffers.contains(buffer) {
            AppContext.run(as: binding) { callback(userData, handle, buffer) }
        }
    }

    func propertyChanged(_ property: AudioQueuePropertyID) {
        for listener in listeners where listener.property == property {
            if let binding {
                AppContext.run(as: binding) { listener.proc(listener.userData, handle, property) }
            } else {
                listener.proc(listener.userData, handle, property)
            }
        }
    }
}
