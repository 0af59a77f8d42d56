import AudioGraph
import MediaServer
import CoreAudioTypes

/// Starting and stopping: I/O through the session policy, the render client with the server,
/// and what the unit tells its listeners when the hardware or the session changes.
extension RemoteIOUnit {
    /// `AudioOutputUnitStart`: starts the app's I/O (the policy may refuse with a session error,
    /// returned as its code) and attaches the unit to the device's IO cycle.
    func start() throws(AUError) {
        guard isInitialized else { throw .uninitialized }
        guard let binding else { throw AUError(kAudioUnitErr_NoConnection) }
        guard !isRunning else { return }
        if interAppHost != nil { return try startForHost() }
        guard mayStartWithoutHost() else { throw AUError(kInterAppAudioOperationDenied) }
        try attachToIOCycle(binding)
        propertyChanged(kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0)
    }

    /// Starts the app's I/O through the policy (a refusal is its session error's code) and
    /// attaches the unit to the device's IO cycle with a fresh render state.
    func attachToIOCycle(_ binding: AppBinding) throws(AUError) {
        do {
            try AppIOUsers.of(binding).start(binding)
        } catch {
            throw AUError(OSStatus(truncatingIfNeeded: error.code.rawValue))
        }
        reportedHardware = hardware
        renderState = makeRenderState()
        attach(binding)
    }

    /// `AudioOutputUnitStop`: detaches from the IO cycle (the callbacks are not called from the
    /// next cycle on) and stops the app's I/O.
    func stop() {
        if interAppRunning { return stopForHost() }
        guard let binding, let client else { return }
        binding.server.removeRenderClient(client)
        self.client = nil
        AppIOUsers.of(binding).stop(binding)
        propertyChanged(kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0)
    }

    func attach(_ binding: AppBinding) {
        let map = channelMap
        // A node running for its host sends nothing to the hardware: only its input is attached,
        // ahead of every other client (RemoteIOUnit+InterApp.swift, `keepsMicrophone`).
        let playsToHardware = outputEnabled && !interAppRunning
        client = binding.server.addRenderClient(
            app: binding.app, self, outputChannels: playsToHardware ? map?.count ?? clientOutputFormat.channelCount : 1,
            input: inputEnabled, records: inputEnabled, assignments: playsToHardware ? mappedAssignments(binding, map) : [],
            first: interAppRunning, observe: { [weak self] event in self?.serverEvent(event) })
    }

    /// Moves the client to a new channel layout (a new channel map, or a route that changed
    /// under one) without stopping: the sample time goes on.
    func reattach() {
        guard let binding, let client else { return }
        binding.server.removeRenderClient(client)
        attach(binding)
    }

    /// With a channel map, output channel i is hardware channel i: the route's output ports'
    /// channels in order.
    private func mappedAssignments(_ binding: AppBinding, _ map: [Int32]?) -> [ChannelAssignment]? {
        guard let map else { return nil }
        let channels = binding.server.currentRoute(for: binding.app).outputs.flatMap { port in
            (1...max(1, port.channels.count)).map { ChannelAssignment(portUID: port.uid, channelNumber: $0) }
        }
        return Array(channels.prefix(map.count))
    }

    /// The server's news, in the app's context between IO cycles.
    private func serverEvent(_ event: RenderClientEvent) {
        switch event {
        case .detached:
            // mediaserverd died: the IO is gone; the unit is no longer running.
            client = nil
            propertyChanged(kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0)
        case .configurationChanged:
            if let binding, binding.server.isInterrupted(binding.app) {
                stop()
                return
            }
            followHardware()
        }
    }

    /// The hardware format changed: rebuild the conversion for the new rate and buffer size
    /// and tell the listeners of the hardware sides' stream formats.
    private func followHardware() {
        let now = hardware
        guard let before = reportedHardware, now != before else { return }
        reportedHardware = now
        renderState = makeRenderState()
        if channelMap != nil { reattach() }
        if now.sampleRate != before.sampleRate || now.outputChannels != before.outputChannels {
            propertyChanged(kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0)
        }
        if now.sampleRate != before.sampleRate || now.inputChannels != before.inputChannels {
            propertyChanged(kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 1)
        }
    }

    func makeRenderState() -> RemoteIORenderState {
        let hardware = hardware
        let state = RemoteIORenderState(clientOutput: clientOutputFormat, clientInput: clientInputFormat, hardware: hardware,
                                        maximumFramesPerSlice: Int(maximumFramesPerSlice))
        renderStateMade(state, hardware: hardware)
        return state
    }
}

public func AudioOutputUnitStart(_ ci: AudioUnit) -> OSStatus {
    withUnit(ci) { unit throws(AUError) in
        guard let io = unit as? RemoteIOUnit else { throw .paramError }
        try io.start()
    }
}

public func AudioOutputUnitStop(_ ci: AudioUnit) -> OSStatus {
    withUnit(ci) { unit throws(AUError) in
        guard let io = unit as? RemoteIOUnit else { throw .paramError }
        io.stop()
    }
}
