import AudioGraph
import SimCore

/// The device hook: apps that render their own audio (an audio unit's render callback) are
/// pulled by the IO cycle, once per IO buffer, and mixed like voices.
extension AudioServer {
    /// Attaches `client` for `app` from the next IO buffer on: it is called once per IO cycle,
    /// with the whole IO buffer, to fill `outputChannels` channels at the hardware rate. Its
    /// output is mixed as `addVoice` mixes a voice: the policy gain (silent while inactive,
    /// interrupted or silenced; ducked), the app's route outputs by the default channel map or
    /// `assignments`. With `input`, it reads the first channel of the route's first input port
    /// (as `startInput` does, silence without record permission) rendered in the same cycle.
    /// With `records` too, what the client leaves in that input (`RenderClientCycle.input`,
    /// e.g. the voice-processed microphone) is the app's recording, `inputSink(app:)`, unless
    /// the app reads input as a recorder (`startInput`) or an earlier client records it.
    /// `observe` hears about changes, in the app's context. IO starts if it was not running.
    /// With `first`, the client runs before every other client of the cycle: an Inter-App Audio
    /// node that keeps the microphone gets this cycle's input before its host pulls its output
    /// in the same cycle (WWDC 2013 session 602: "this doesn't add any extra latency").
    @discardableResult
    public func addRenderClient(app: AppID, _ client: RenderClient, outputChannels: Int, input: Bool = false,
                                records: Bool = false, assignments: [ChannelAssignment]? = nil, first: Bool = false,
                                observe: @escaping (RenderClientEvent) -> Void = { _ in }) -> VoiceID {
        if io.engine == nil { startIO() }
        let engine = io.engine!
        let id = takeVoiceID()
        let channels = max(1, outputChannels)
        // The cycle playing now was rendered before this call on a device: the first buffer the
        // client renders is the next one.
        let start = controlFrame > io.cycleStart ? io.cycleStart + Int64(io.cycleFrames) : io.cycleStart
        let engineVoice = engine.addClientVoice(client, channels: channels, at: start)
        let voice = AudioVoice(id: id, app: app, engineVoice: engineVoice, channels: channels,
                               role: .renderClient(assignments: assignments, input: input, records: records))
        // The program runs clients in this order (after every ordinary voice).
        let firstClient = io.voices.firstIndex { if case .renderClient = $0.role { true } else { false } }
        io.voices.insert(voice, at: first ? firstClient ?? io.voices.count : io.voices.count)
        io.clientObservers.append((id, app, observe))
        record(.audioClientAdded, ["voice": .integer(id.rawValue), "app": .string(app.name),
                                      "channels": .integer(channels), "input": .bool(input)])
        refreshProgram(resample: true)
        return id
    }

    /// Detaches a render client: it is not called again (not even for the cycle playing now,
    /// which stays silent), as no render callback comes after `AudioOutputUnitStop` returns.
    public func removeRenderClient(_ id: VoiceID) {
        guard let engine = io.engine, let entry = io.voices.first(where: { $0.id == id }),
              case .renderClient = entry.role else { return }
        engine.removeVoice(entry.engineVoice, at: engine.position)
        io.clientObservers.removeAll { $0.voice == id }
        record(.audioClientRemoved, ["voice": .integer(id.rawValue)])
        refreshProgram(resample: true)
    }

    /// The render clients attached now, oldest first.
    public var renderClients: [VoiceID] { io.clientObservers.map(\.voice) }

    /// Tells every client's owner that the configuration changed (control side, between cycles).
    func notifyRenderClients() {
        for observer in io.clientObservers {
            AppContext.run(as: AppBinding(server: self, app: observer.app)) { observer.observe(.configurationChanged) }
        }
    }

    /// mediaserverd died: every render client is detached and its owner told.
    func detachRenderClients() {
        let observers = io.clientObservers
        for observer in observers {
            removeRenderClient(observer.voice)
            AppContext.run(as: AppBinding(server: self, app: observer.app)) { observer.observe(.detached) }
        }
    }

    /// The largest IO buffer this device can run: the engine renders a whole cycle per call.
    public var renderSliceFrames: Int {
        max(AudioIO.maxRenderFrames, device.profile.hardware.ioBufferFrames.upperBound, io.settings.ioBufferFramesOverride ?? 0)
    }
}
