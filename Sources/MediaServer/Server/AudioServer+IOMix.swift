import AudioGraph
import SimCore
import VirtualDevices

/// Turning policy and routing state into a render program (control side, once per cycle).
extension AudioServer {
    /// Recompiles the program from the voices and, when `resample`, from the policy and route
    /// state as it is now; installs it if it changed (the engine switches at its next cycle).
    func refreshProgram(resample: Bool) {
        guard let engine = io.engine else { return }
        if resample { sampleMixState() }
        // A voice that has ended drops out of the program, so the engine can free it next cycle;
        // one that will end later keeps the program dirty until it has.
        var endsLater = false
        let plans = io.voices.filter { voice in
            let end = engine.endFrame(ofVoice: voice.engineVoice) ?? .min
            if end != .max && end > engine.position { endsLater = true }
            return end > engine.position
        }.map(plan(for:))
        io.programDirty = endsLater
        let program = RenderProgram.compile(plans, outputChannels: io.outputChannelCount)
        if program != engine.currentProgram { engine.install(program) }
    }

    /// Takes this cycle's snapshot: the output layout, each app's gain and route, each reader's input.
    func sampleMixState() {
        var layout: [OutputSlot] = []
        var next = 0
        for port in device.ports(.output) {
            layout.append(OutputSlot(uid: port.uid, firstChannel: next, channels: port.channels.count))
            next += port.channels.count
        }
        var taps: [ReaderTap] = []
        for reader in io.inputReaders {
            layout.append(OutputSlot(uid: Self.inputTapUID(reader.app), firstChannel: next, channels: 1, isInputTap: true))
            if let input = readerInput(reader) {
                taps.append(readerTap(next, input, app: reader.app))
            }
            next += 1
        }
        var clientInputs: [VoiceID: Int] = [:]
        var recorded = io.inputReaders.map(\.app)
        for voice in io.voices {
            guard case .renderClient(_, input: true, let records) = voice.role, let app = voice.app else { continue }
            let recording = records && !recorded.contains(app)
            if recording { recorded.append(app) }
            layout.append(OutputSlot(uid: recording ? Self.inputTapUID(app) : "client-input:\(voice.id.rawValue)",
                                     firstChannel: next, channels: 1, isInputTap: recording, isClientInput: true))
            if let input = readerInput(InputReader(app: app)) {
                taps.append(readerTap(next, input, app: app))
            }
            clientInputs[voice.id] = next
            next += 1
        }
        io.layout = layout
        io.readerTaps = taps
        io.clientInputChannels = clientInputs
        configureAcousticPath()
        // Apps in registration order, so the trace lines below come out in a stable order.
        let playing = Set(io.voices.compactMap(\.app))
        var mixes: [AppID: AppMix] = [:]
        for app in registeredApps + playing.filter({ !policy.isRegistered($0) }).sorted() where playing.contains(app) {
            let mix = mix(for: app, layout: layout)
            if io.mixes[app]?.gain != mix.gain {
                record(.appGain(app: app.name, perMille: Int64((mix.gain * 1000).rounded())))
            }
            mixes[app] = mix
        }
        io.mixes = mixes
    }

    private func mix(for app: AppID, layout: [OutputSlot]) -> AppMix {
        var ports: [String: (first: Int, count: Int)] = [:]
        var channels: [Int] = []
        for port in currentRoute(for: app).outputs {
            guard let slot = layout.first(where: { $0.uid == port.uid }) else { continue }
            ports[port.uid] = (slot.firstChannel, slot.channels)
            channels += (slot.firstChannel..<(slot.firstChannel + slot.channels))
        }
        return AppMix(gain: policyGain(app), outputChannels: channels, ports: ports)
    }

    /// The policy's audibility of the app as a gain: the server executes the mix, it does not
    /// decide it (Policy/MediaPolicy+Mix.swift).
    private func policyGain(_ app: AppID) -> Float {
        switch policy.audibility(of: app) {
        case .audible: 1
        case .ducked: io.settings.duckedGain
        case .silenced: 0
        }
    }

    private func readerTap(_ channel: Int, _ input: (uid: String, channel: Int), app: AppID) -> ReaderTap {
        let gain: Float = policy.hearsInput(app) ? 1 : 0
        return ReaderTap(tapChannel: channel, portUID: input.uid, channel: input.channel, gain: gain,
                         echoGain: policy.isEchoCancelledInputEnabled(for: app) ? 0 : gain)
    }

    /// Apps reading input now, in the order they started: recorders and render clients with input.
    var inputApps: [AppID] {
        var apps = io.inputReaders.map(\.app)
        for voice in io.voices {
            guard case .renderClient(_, input: true, _) = voice.role, let app = voice.app, !apps.contains(app) else { continue }
            apps.append(app)
        }
        return apps
    }

    private func readerInput(_ reader: InputReader) -> (uid: String, channel: Int)? {
        let inputs = currentRoute(for: reader.app).inputs
        if let assignment = reader.assignment, let port = inputs.first(where: { $0.uid == assignment.portUID }) {
            return (inputSourceUID(of: port, channel: assignment.channelNumber), assignment.channelNumber)
        }
        return inputs.first.map { (inputSourceUID(of: $0, channel: 1), 1) }
    }

    private func plan(for voice: AudioVoice) -> RenderProgram.VoicePlan {
        switch voice.role {
        case let .output(assignments):
            return outputPlan(voice, assignments: assignments, clientInput: nil)
        case let .renderClient(assignments, input, _):
            return outputPlan(voice, assignments: assignments, clientInput: input ? io.clientInputChannels[voice.id] ?? -1 : -1)
        case .acousticEcho:
            return .init(voice: voice.engineVoice, channels: 1, routes: acousticEchoRoutes(), clientInput: -1)
        case let .inputSource(portUID, channel):
            return .init(voice: voice.engineVoice, channels: voice.channels, routes: inputRoutes(portUID: portUID, channel: channel))
        case let .hardwareInput(portUID, channel):
            // A client voice (it renders itself) that reads no input, heard like an input source.
            return .init(voice: voice.engineVoice, channels: 1, routes: inputRoutes(portUID: portUID, channel: channel), clientInput: -1)
        }
    }

    /// Routes from an input port channel's source to the taps of the apps reading it, at their gain.
    private func inputRoutes(portUID: String, channel: Int) -> [ChannelRoute] {
        io.readerTaps.filter { $0.portUID == portUID && $0.channel == channel && $0.gain != 0 }
            .map { ChannelRoute(sourceChannel: 0, outputChannel: $0.tapChannel, gain: $0.gain) }
    }

    private func outputPlan(_ voice: AudioVoice, assignments: [ChannelAssignment]?, clientInput: Int?) -> RenderProgram.VoicePlan {
        guard let app = voice.app, let mix = io.mixes[app] else {
            return .init(voice: voice.engineVoice, channels: voice.channels, routes: [], gain: 0, clientInput: clientInput)
        }
        return .init(voice: voice.engineVoice, channels: voice.channels,
                     routes: outputRoutes(voice, assignments: assignments, mix: mix), gain: mix.gain, clientInput: clientInput)
    }

    private func outputRoutes(_ voice: AudioVoice, assignments: [ChannelAssignment]?, mix: AppMix) -> [ChannelRoute] {
        if let assignments {
            let targets: [Int?] = assignments.map { assignment in
                guard let port = mix.ports[assignment.portUID], (1...port.count).contains(assignment.channelNumber) else { return nil }
                return port.first + assignment.channelNumber - 1
            }
            return ChannelMap.routes(sourceChannels: voice.channels, outputChannels: io.outputChannelCount, assignments: targets)
        }
        return ChannelMap.routes(sourceChannels: voice.channels, outputChannels: mix.outputChannels.count).map { route in
            var global = route
            global.outputChannel = mix.outputChannels[route.outputChannel]
            return global
        }
    }
}
