import AudioGraph
import SimCore
import VirtualDevices

/// Voices, virtual input sources and port sinks: the audio an app makes and what reaches the ports.
extension AudioServer {
    /// Mixer settings (ducked gain, conversion quality, capture, the IO-size test hook). Set them
    /// before the first voice: they are read when IO starts.
    public var audioMixSettings: AudioMixSettings {
        get { io.settings }
        set { io.settings = newValue }
    }

    /// Starts `source` for `app` now. By default it plays to the first two channels of the app's
    /// route; `assignments` (one per source channel) send each source channel to one port channel.
    /// IO starts with the first voice.
    @discardableResult
    public func addVoice(app: AppID, source: AudioSource, assignments: [ChannelAssignment]? = nil,
                         gain: Float = 1, pan: Float = 0) -> VoiceID {
        addVoice(app: app, source: source, role: .output(assignments: assignments), gain: gain, pan: pan)
    }

    /// Stops a voice from now on.
    public func removeVoice(_ voice: VoiceID) {
        guard let engine = io.engine, let entry = io.voices.first(where: { $0.id == voice }) else { return }
        engine.removeVoice(entry.engineVoice, at: controlFrame)
        io.programDirty = true
        record(.audioVoiceRemoved, ["voice": .integer(voice.rawValue)])
    }

    /// Ramps a voice's linear gain to `gain`, starting now, over `ramp` (sample-accurate).
    public func setGain(_ voice: VoiceID, _ gain: Float, ramp: HostDuration = .zero) {
        guard let (engine, record) = engineVoice(voice) else { return }
        engine.setGain(record.engineVoice, to: gain, at: controlFrame, rampFrames: engine.sampleRate.frames(in: ramp))
    }

    /// Ramps a voice's pan (−1 left … +1 right) starting now, over `ramp` (sample-accurate).
    public func setPan(_ voice: VoiceID, _ pan: Float, ramp: HostDuration = .zero) {
        guard let (engine, record) = engineVoice(voice) else { return }
        engine.setPan(record.engineVoice, to: pan, at: controlFrame, rampFrames: engine.sampleRate.frames(in: ramp))
    }

    /// Plays `source` into channel `channel` (1-based) of an input port (a virtual microphone).
    @discardableResult
    public func attachInputSource(portUID: String, channel: Int = 1, source: AudioSource) -> VoiceID {
        addVoice(app: nil, source: source, role: .inputSource(portUID: portUID, channel: channel), gain: 1, pan: 0)
    }

    /// `app` starts reading input (as a recorder does): its tap, `inputSink(app:)`, receives the
    /// first channel of its route's first input, or `assignment`; silence until record permission
    /// is granted or while its session is not running.
    public func startInput(app: AppID, assignment: ChannelAssignment? = nil) {
        io.inputReaders.removeAll { $0.app == app }
        io.inputReaders.append(InputReader(app: app, assignment: assignment))
        if io.engine == nil { startIO() }
        if !io.sinks.contains(where: { $0.portUID == Self.inputTapUID(app) }) {
            io.sinks.append(makeSink(uid: Self.inputTapUID(app), channels: 1, isInputTap: true))
        }
        refreshProgram(resample: true)
    }

    /// Voices still playing or not yet freed, oldest first.
    public var liveVoices: [VoiceID] { io.voices.filter { $0.id != VoiceID(rawValue: 0) }.map(\.id) }

    /// What reached an output port (by UID), or an app's input tap (`inputSink(app:)`).
    /// An AirPlay speaker that a sender streamed to has its own sink (what the speaker played).
    public func sink(portUID: String) -> PortSink? {
        airPlay.receiver(portUID)?.sink ?? io.sinks.first { $0.portUID == portUID }
    }

    /// Every sink, in the order IO first wrote to it: output ports, then apps' input taps.
    public var sinks: [PortSink] { io.sinks }

    /// What an app reading input received.
    public func inputSink(app: AppID) -> PortSink? { sink(portUID: Self.inputTapUID(app)) }

    /// The IO clock's current cycle, for tests: start frame and length.
    public var ioCycle: (start: Int64, frames: Int)? { io.engine.map { _ in (io.cycleStart, io.cycleFrames) } }

    static func inputTapUID(_ app: AppID) -> String { "input:\(app.name)" }

    /// The app whose input tap has this UID (`inputTapUID`'s inverse).
    static func tapApp(_ uid: String) -> AppID { AppID(String(uid.dropFirst("input:".count))) }

    /// The frame a control change made now applies from: the frame playing at this instant.
    var controlFrame: Int64 { io.clock?.frame(at: now) ?? 0 }

    /// The next voice ID: voices and render clients share one counter, so IDs never clash.
    func takeVoiceID() -> VoiceID {
        defer { io.nextVoiceID += 1 }
        return VoiceID(rawValue: io.nextVoiceID)
    }

    private func engineVoice(_ voice: VoiceID) -> (RenderEngine, AudioVoice)? {
        guard let engine = io.engine, let record = io.voices.first(where: { $0.id == voice }) else { return nil }
        return (engine, record)
    }

    private func addVoice(app: AppID?, source: AudioSource, role: AudioVoice.Role, gain: Float, pan: Float) -> VoiceID {
        if io.engine == nil { startIO() }
        let engine = io.engine!
        let id = takeVoiceID()
        let engineVoice = engine.addVoice(source, at: controlFrame, gain: gain, pan: pan)
        io.voices.append(AudioVoice(id: id, app: app, engineVoice: engineVoice, channels: source.channelCount, role: role))
        record(.audioVoiceAdded, ["voice": .integer(id.rawValue), "app": app.map { .string($0.name) } ?? .null,
                                     "channels": .integer(source.channelCount)])
        refreshProgram(resample: app.map { io.mixes[$0] == nil } ?? false)
        return id
    }
}
