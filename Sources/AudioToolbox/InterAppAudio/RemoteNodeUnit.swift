import AudioGraph
import Foundation
import MediaServer
import CoreAudioTypes
import SimCore

/// The host's side of an Inter-App Audio connection: the unit `AudioComponentInstanceNew` makes
/// for a node app's component (remote generator, instrument, effect or music effect).
///
/// Initializing it connects the node: the node's RemoteIO stops playing to the hardware, becomes
/// inter-app connected (both sides' `IsInterAppConnected` listeners run) and from then on renders
/// when the host pulls this unit (`AudioUnitRender`), in the host's cycle, at the hardware rate.
/// Effects take the host's audio on input element 0 (render callback or connection); instruments
/// take MIDI (`MusicDeviceMIDIEvent`), delivered to the node's MIDI callbacks at the start of the
/// next cycle with its frame offset. Uninitializing disconnects. When the node goes away (killed,
/// removed, the media server reset) the unit becomes a zombie: every call returns
/// `kAudioComponentErr_InstanceInvalidated`, and `kAudioComponentInstanceInvalidationNotification`
/// is posted.
final class RemoteNodeUnit: AudioUnitBase, MusicDeviceMIDIReceiver {
    let publication: InterAppAudio.Publication
    var outputFormat: AudioStreamBasicDescription
    var inputFormat: AudioStreamBasicDescription
    var inputCallback = AURenderCallbackStruct()
    var inputConnection: AudioUnitConnection?
    var hostCallbacks: HostCallbackInfo?
    var remoteControlListener: AudioUnitRemoteControlEventListener?
    private(set) var connection: InterAppConnection?
    private var isGone = false
    /// MIDI from the host (`MusicDeviceMIDIEvent`, `MusicDeviceSysEx`) for the node's next render.
    let midiEvents = MusicDeviceEventQueue()
    private var nodeDied = false
    /// Initializing obliges the host to render the node: one that has not rendered it within
    /// `initializationDeadline` loses the connection, and its renders fail with
    /// `kAudioComponentErr_InitializationTimedOut` until it uninitializes and initializes again.
    /// (Apple documents the error, not the deadline; the simulation allows one second.)
    static let initializationDeadline = HostDuration.seconds(1)
    private var renderedSinceInitialize = false
    private var timedOut = false

    init(component: RegisteredComponent, publication: InterAppAudio.Publication) {
        self.publication = publication
        let rate = Double(AppContext.current?.server.currentHardware.sampleRate ?? 48_000)
        outputFormat = .canonical(sampleRate: rate, channels: 2)
        inputFormat = .canonical(sampleRate: rate, channels: 2)
        super.init(component: component)
    }

    var node: RemoteIOUnit { publication.node }
    var isConnected: Bool { connection != nil && node.interAppHost === self }
    override var isInvalidated: Bool { isGone || super.isInvalidated }

    /// Effects and music effects take audio in; instruments and music effects take MIDI.
    var takesAudio: Bool {
        let type = component.description.componentType
        return type == kAudioUnitType_RemoteEffect || type == kAudioUnitType_RemoteMusicEffect
    }
    var takesMIDI: Bool {
        let type = component.description.componentType
        return type == kAudioUnitType_RemoteInstrument || type == kAudioUnitType_RemoteMusicEffect
    }

    // MARK: Formats

    override func streamFormat(_ scope: AudioUnitScope, _ element: AudioUnitElement) -> AudioStreamBasicDescription {
        scope == kAudioUnitScope_Input ? inputFormat : outputFormat
    }

    override func isStreamFormatWritable(_ scope: AudioUnitScope, _ element: AudioUnitElement) -> Bool {
        scope == kAudioUnitScope_Output || (scope == kAudioUnitScope_Input && takesAudio)
    }

    /// Any PCM layout is converted, but not the rate: a rate other than the hardware's is
    /// `kAudioComponentErr_InvalidFormat`.
    override func setStreamFormat(_ format: AudioStreamBasicDescription, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) {
        guard format.mSampleRate == hardwareRate else { throw AUError(kAudioComponentErr_InvalidFormat) }
        if scope == kAudioUnitScope_Input { inputFormat = format } else { outputFormat = format }
    }

    private var hardwareRate: Double { Double(binding?.server.currentHardware.sampleRate ?? 48_000) }

    // MARK: Properties

    override func unitPropertyAccess(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope) -> (exists: Bool, writable: Bool) {
        switch id {
        case kAudioUnitProperty_IsInterAppConnected, kAudioUnitProperty_PeerURL: (true, false)
        case kAudioUnitProperty_HostCallbacks, kAudioUnitProperty_RemoteControlEventListener: (true, true)
        case kAudioUnitProperty_SetRenderCallback, kAudioUnitProperty_MakeConnection: (takesAudio, true)
        default: (false, false)
        }
    }

    override func unitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> PropertyValue? {
        switch id {
        case kAudioUnitProperty_IsInterAppConnected: return .uint32(isConnected ? 1 : 0)
        case kAudioUnitProperty_PeerURL:
            // Valid only during the life of the connection.
            guard isConnected else { throw AUError(kAudioUnitErr_PropertyNotInUse) }
            return .url(InterAppAudio.peerURL(of: publication.app))
        default: return nil
        }
    }

    override func setUnitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                                  _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
        switch id {
        case kAudioUnitProperty_HostCallbacks:
            hostCallbacks = data == nil ? nil : try readValue(data, size, as: HostCallbackInfo.self)
        case kAudioUnitProperty_RemoteControlEventListener:
            remoteControlListener = data == nil ? nil : try readValue(data, size, as: AudioUnitRemoteControlEventListener.self)
            node.propertyChanged(kAudioOutputUnitProperty_HostReceivesRemoteControlEvents, kAudioUnitScope_Global, 0)
        case kAudioUnitProperty_SetRenderCallback:
            guard scope == kAudioUnitScope_Input else { throw .invalidScope }
            inputCallback = data == nil ? AURenderCallbackStruct() : try readValue(data, size, as: AURenderCallbackStruct.self)
            if inputCallback.inputProc != nil { inputConnection = nil }
        case kAudioUnitProperty_MakeConnection:
            guard scope == kAudioUnitScope_Input else { throw .invalidScope }
            let link = try readValue(data, size, as: AudioUnitConnection.self)
            try adoptFormat(of: link, element: 0)
            inputConnection = link.sourceAudioUnit == nil ? nil : link
            if inputConnection != nil { inputCallback = AURenderCallbackStruct() }
        default: throw .invalidProperty
        }
        propertyChanged(id, scope, element)
    }

    // MARK: Connecting

    /// Initializing connects: the formats must be at the hardware rate, the node's too.
    override func allocateResources() throws(AUError) {
        let rate = hardwareRate
        guard outputFormat.mSampleRate == rate, inputFormat.mSampleRate == rate, node.clientOutputFormat.mSampleRate == rate else {
            throw AUError(kAudioComponentErr_InvalidFormat)
        }
        guard !node.isInvalidated, node.interAppHost == nil || node.interAppHost === self else {
            throw AUError(kAudioComponentErr_TooManyInstances)
        }
        connection = InterAppConnection(nodeOutputFormat: node.clientOutputFormat, nodeInputFormat: node.clientInputFormat,
                                        hostInputFormat: inputFormat, hostOutputFormat: outputFormat,
                                        capacity: Int(max(maximumFramesPerSlice, node.maximumFramesPerSlice)))
        AppContext.run(as: nodeBinding) { node.connect(to: self) }
        binding?.server.recordObservation(.iaaConnected, ["host": .string(binding?.app.name ?? ""), "node": .string(publication.app.name)])
        propertyChanged(kAudioUnitProperty_IsInterAppConnected, kAudioUnitScope_Global, 0)
        renderedSinceInitialize = false
        scheduleInitializationDeadline()
    }

    private func scheduleInitializationDeadline() {
        guard let server = binding?.server, let connection else { return }
        try? server.schedule("IAA initialization deadline", at: server.now + Self.initializationDeadline) { [weak self] in
            guard let self, self.connection === connection, !self.renderedSinceInitialize else { return }
            self.timedOut = true
            self.binding?.server.recordObservation(.iaaInitializationTimedOut, ["host": .string(self.binding?.app.name ?? ""),
                                                                                    "node": .string(self.publication.app.name)])
            self.disconnect()
        }
    }

    /// Uninitializing disconnects: the node's output unit is stopped and uninitialized.
    override func deallocateResources() {
        timedOut = false
        disconnect()
    }

    private func disconnect() {
        guard connection != nil else { return }
        midiEvents.removeAll()
        if node.interAppHost === self {
            // A node that died runs no code: only the host hears of the end.
            if nodeDied {
                node.interAppHost = nil
                node.binding.map { $0.server.setInterAppNode($0.app, connected: false) }
            } else { AppContext.run(as: nodeBinding) { node.disconnectFromHost() } }
        }
        connection = nil
        binding?.server.recordObservation(.iaaDisconnected, ["host": .string(binding?.app.name ?? ""), "node": .string(publication.app.name)])
        propertyChanged(kAudioUnitProperty_IsInterAppConnected, kAudioUnitScope_Global, 0)
    }

    private var nodeBinding: AppBinding { AppBinding(server: publication.node.binding!.server, app: publication.app) }

    override func willDispose() {
        if publication.hostUnit === self { publication.hostUnit = nil }
    }

    /// The node is gone: disconnect (the host's listeners hear it, and the node's if it still
    /// runs), then every call fails and the host is told.
    func invalidate(reason: String, nodeDied: Bool) {
        guard !isGone else { return }
        self.nodeDied = nodeDied
        uninitialize()
        isGone = true
        if publication.hostUnit === self { publication.hostUnit = nil }
        guard let binding else { return }
        binding.server.recordObservation(.iaaInvalidated, ["host": .string(binding.app.name), "node": .string(publication.app.name),
                                                             "reason": .string(reason)])
        // `NSValue(pointer:)` on Apple platforms; Linux Foundation has neither that initializer
        // nor the "^v" encoding, so the pointer's bytes are stored as a 64-bit value:
        // `getValue(&pointer)` reads the unit back on both.
        var pointer = handle.map { UnsafeRawPointer($0) }
        let value = NSValue(bytes: &pointer, objCType: "Q")
        AppContext.run(as: binding) {
            NotificationCenter.default.post(name: Notification.Name(kAudioComponentInstanceInvalidationNotification as String), object: nil,
                                            userInfo: ["audioUnit": value])
        }
    }

    // MARK: MIDI and remote control

    /// `MusicDeviceMIDIEvent` on the node unit: delivered to the node's MIDI callbacks at the
    /// start of the next cycle, with its offset. Generators and effects take no MIDI.
    func midiEvent(status: UInt8, data1: UInt8, data2: UInt8, offsetSampleFrame: UInt32) -> OSStatus {
        guard takesMIDI else { return badComponentSelector }
        guard connection != nil else { return kAudioUnitErr_Uninitialized }
        return midiEvents.enqueue(status: status, data1: data1, data2: data2, offsetSampleFrame: offsetSampleFrame)
            ? 0 : kAudioUnitErr_CannotDoInCurrentContext
    }

    func sysEx(_ bytes: UnsafeBufferPointer<UInt8>) -> OSStatus {
        guard takesMIDI else { return badComponentSelector }
        guard connection != nil else { return kAudioUnitErr_Uninitialized }
        return midiEvents.enqueueSysEx(bytes) ? 0 : kAudioUnitErr_CannotDoInCurrentContext
    }

    /// Render side: the queued MIDI goes to the node's callbacks, in offset order (dropped while
    /// the node has set none).
    private func deliverMIDI(_ frames: UInt32) {
        let callbacks = node.midiCallbacks
        midiEvents.render(frames: frames, segment: { _, _ in }, event: { event in
            guard let callbacks else { return }
            if let sysEx = event.sysEx {
                if let base = sysEx.baseAddress { callbacks.MIDISysExProc(callbacks.userData, base, UInt32(sysEx.count)) }
            } else {
                callbacks.MIDIEventProc(callbacks.userData, UInt32(event.status), UInt32(event.data1), UInt32(event.data2), event.offsetSampleFrame)
            }
        })
    }

    /// A node's remote control event, handed to the host's listener block in the host's code.
    func remoteControl(_ event: AudioUnitRemoteControlEvent) {
        guard let listener = remoteControlListener, let binding else { return }
        binding.server.recordObservation(.iaaRemoteControl, ["host": .string(binding.app.name), "event": .integer(Int64(event.rawValue))])
        AppContext.run(as: binding) { listener(event) }
    }

    // MARK: Rendering

    override func renderBus(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                            _ bus: UInt32, _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        guard bus == 0 else { return kAudioUnitErr_InvalidElement }
        guard !timedOut else { return kAudioComponentErr_InitializationTimedOut }
        guard let connection, node.interAppHost === self else { return kAudioUnitErr_Uninitialized }
        renderedSinceInitialize = true
        let count = Int(frames)
        guard count <= connection.capacity else { return kAudioUnitErr_TooManyFramesToProcess }
        InterAppConnection.fillMissing(ioData, from: connection.hostOutput, frames: count)
        if let hostCallbacks { followTimeline(connection, hostCallbacks) }
        deliverMIDI(frames)
        if takesAudio {
            let status = pullInput(connection, flags, timeStamp, frames)
            guard status == 0 else { return status }
            connection.inputFrames = count
            node.hostInputArrived(timeStamp, frames)
        }
        guard node.interAppRunning else {
            silence(ioData, flags)
            return 0
        }
        connection.nodeOutput.prepare(frames: count)
        connection.flags.pointee = []
        let status = node.render(connection.flags, timeStamp, 0, frames, connection.nodeOutput.list.unsafeMutablePointer)
        guard status == 0 else { return status }
        connection.transfer(count, from: connection.nodeOutput.list.unsafeMutablePointer, node.clientOutputFormat,
                            to: ioData, outputFormat)
        return 0
    }

    /// The host's audio for an effect node: its render callback or the connected unit.
    private func pullInput(_ connection: InterAppConnection, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                           _ timeStamp: UnsafePointer<AudioTimeStamp>, _ frames: UInt32) -> OSStatus {
        connection.hostInput.prepare(frames: Int(frames))
        let list = connection.hostInput.list.unsafeMutablePointer
        if let link = inputConnection, let source = link.sourceAudioUnit {
            return AudioUnitRender(source, flags, timeStamp, link.sourceOutputNumber, frames, list)
        }
        guard let proc = inputCallback.inputProc else {
            connection.hostInput.clear()
            return 0
        }
        return proc(inputCallback.inputProcRefCon ?? noUserData, flags, timeStamp, 0, frames, list)
    }

    /// Calls the host's callbacks for this cycle; a transport change reaches the node's
    /// HostTransportState listeners on the control side, after the cycle.
    private func followTimeline(_ connection: InterAppConnection, _ callbacks: HostCallbackInfo) {
        connection.timeline.pointee.refresh(from: callbacks)
        let timeline = connection.timeline.pointee
        let now = (timeline.isPlaying, timeline.isRecording)
        guard now != connection.reportedTransport || timeline.transportStateChanged else { return }
        connection.reportedTransport = now
        guard let server = binding?.server else { return }
        let node = node
        let nodeBinding = nodeBinding
        try? server.schedule("IAA host transport", at: server.now) {
            AppContext.run(as: nodeBinding) { node.propertyChanged(kAudioOutputUnitProperty_HostTransportState, kAudioUnitScope_Global, 0) }
        }
    }

    private func silence(_ ioData: UnsafeMutablePointer<AudioBufferList>, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>) {
        let buffers = UnsafeMutableAudioBufferListPointer(ioData)
        for index in 0..<buffers.count {   // indexed: see InterAppConnection.fillMissing
            buffers[index].mData?.initializeMemory(as: UInt8.self, repeating: 0, count: Int(buffers[index].mDataByteSize))
        }
        flags.pointee.insert(.unitRenderAction_OutputIsSilence)
    }
}
