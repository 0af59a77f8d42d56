import Foundation
import MediaServer
import AVFAudio
import CoreMIDI
import SimCore

/// A synthesizer: it listens to every MIDI source through Core MIDI and plays each note as a sine
/// at the note's pitch, starting on the exact IO frame of the note-on's timestamp and stopping on
/// that of its note-off.
///
/// Its MIDI side is written only against Core MIDI (client with a notify block, an input port in
/// the MIDI 1.0 protocol, connecting sources as they appear). Its sound goes through the media
/// server's voices, standing in for an audio engine's source node.
public class SynthApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .playback }
    override public class var defaultTone: Int? { nil }

    private var client: MIDIClientRef = 0
    private var inputPort: MIDIPortRef = 0
    private var connected: [MIDIEndpointRef] = []
    /// Sounding notes by key (channel << 7 | note): looked up, never iterated.
    private var sounding: [Int: VoiceID] = [:]
    private var binding: AppBinding? { AppContext.current }
    /// The device the client was made on, to dispose it there when the app goes.
    private var clientBinding: AppBinding?

    deinit { Self.dispose(client, on: clientBinding) }

    /// Disposes an app's MIDI client (and its ports) when the app object goes. The client's blocks
    /// reach the media server that holds them, so a client never disposed keeps its whole simulated
    /// device alive for the process's life (`explore` runs thousands of devices in one process).
    /// A client has no virtual endpoints here, so disposing it tells no one and traces nothing.
    static func dispose(_ client: MIDIClientRef, on binding: AppBinding?) {
        guard client != 0, let binding else { return }
        AppContext.run(as: binding) { _ = MIDIClientDispose(client) }
    }
    /// How long after its time stamp a note plays. 0: as soon as it arrives (its stamp is when
    /// it was sent, already past), so the link's connection events and jitter show in the
    /// sound; a synth that plays every note a fixed delay after its sender's time plays them
    /// with the sender's timing (`TimedSynthApp`).
    public class var playoutDelay: HostDuration { .nanoseconds(0) }
    /// The linear peak of a note at velocity 127.
    static let fullVelocityAmplitude: Float = 0.5

    override public func didLaunch() {
        let status = MIDIClientCreateWithBlock("Synth" as CFString, &client) { [weak self] notification in
            self?.setupNotification(notification.pointee.messageID)
        }
        guard status == noErr else { return log("error", ["call": "MIDIClientCreateWithBlock", "code": String(status)]) }
        clientBinding = AppContext.current
        let portStatus = MIDIInputPortCreateWithProtocol(client, "Synth In" as CFString, ._1_0, &inputPort) { [weak self] list, _ in
            self?.receive(list)
        }
        guard portStatus == noErr else { return log("error", ["call": "MIDIInputPortCreateWithProtocol", "code": String(portStatus)]) }
        connectSources()
        play(because: "launch")
    }

    override public func perform(_ command: String) {
        switch command {
        case "play": play(because: "user")
        default:
            setPlaying(false, because: "user")
            deactivate()
        }
    }

    // MARK: Sound

    /// Starting the synth starts the app's I/O with a silent voice, as an engine with a source
    /// node does, so the IO clock runs before the first note and notes land on their frames.
    override public func startSound() -> Bool {
        guard let binding else { return false }
        do { try binding.server.setIORunning(binding.app, true) } catch { return false }
        idleVoice = binding.server.addVoice(app: binding.app, source: .silence(channels: 1))
        return true
    }

    override public func stopSound() {
        guard let binding else { return }
        for voice in [idleVoice].compactMap({ $0 }) + sounding.keys.sorted().compactMap({ sounding[$0] }) {
            binding.server.removeVoice(voice)
        }
        sounding = [:]
        idleVoice = nil
        try? binding.server.setIORunning(binding.app, false)
    }

    private var idleVoice: VoiceID?

    // MARK: MIDI

    private func setupNotification(_ message: MIDINotificationMessageID) {
        // Apps that handle the specific messages ignore msgSetupChanged; this one only needs to
        // know that sources may have come or gone.
        if message == .msgSetupChanged { connectSources() }
    }

    /// Connects every source not yet connected (a new BLE keyboard, a virtual source).
    private func connectSources() {
        for index in 0..<MIDIGetNumberOfSources() {
            let source = MIDIGetSource(index)
            guard source != 0, !connected.contains(source) else { continue }
            guard MIDIPortConnectSource(inputPort, source, nil) == noErr else { continue }
            connected.append(source)
            var name: Unmanaged<CFString>?
            _ = MIDIObjectGetStringProperty(source, kMIDIPropertyName, &name)
            log("connected-source", ["name": name.map { String($0.takeRetainedValue()) } ?? "?"])
        }
    }

    private func receive(_ list: UnsafePointer<MIDIEventList>) {
        for packet in list.unsafeSequence() {
            let time = packet.pointee.timeStamp
            let count = Int(packet.pointee.wordCount)
            let words = withUnsafeBytes(of: packet.pointee.words) { Array($0.bindMemory(to: UInt32.self).prefix(count)) }
            for word in words where word >> 28 == 2 {
                handle(status: UInt8(truncatingIfNeeded: word >> 16), note: UInt8(truncatingIfNeeded: word >> 8) & 0x7F,
                       velocity: UInt8(truncatingIfNeeded: word) & 0x7F, at: time)
            }
        }
    }

    private func handle(status: UInt8, note: UInt8, velocity: UInt8, at time: MIDITimeStamp) {
        let stamp = HostTime(nanoseconds: Int64(clamping: time))
        log("midi-received", ["bytes": String(format: "%02X %02X %02X", status, note, velocity), "timestamp": stamp.description])
        let key = Int(status & 0x0F) << 7 | Int(note)
        let playAt = stamp + Self.playoutDelay
        switch status & 0xF0 {
        case 0x90 where velocity > 0: atFrame(of: playAt) { self.noteOn(key, note: note, velocity: velocity) }
        case 0x80, 0x90: atFrame(of: playAt) { self.noteOff(key) }
        default: break
        }
    }

    /// Runs `body` when the IO frame of `time` plays, so the voice starts or stops on that frame.
    private func atFrame(of time: HostTime, _ body: @escaping () -> Void) {
        guard let binding, let clock = binding.server.ioClock else { return body() }
        let frame = clock.frame(at: time, rounding: .up)
        guard let start = binding.server.hostTime(ofIOFrame: frame), start > binding.server.now else { return body() }
        try? binding.server.schedule("Synth note", at: start) { AppContext.run(as: binding, body) }
    }

    private func noteOn(_ key: Int, note: UInt8, velocity: UInt8) {
        guard let binding, isPlaying else { return }
        noteOff(key)
        let frequency = 440 * pow(2, (Double(note) - 69) / 12)
        let amplitude = Self.fullVelocityAmplitude * Float(velocity) / 127
        sounding[key] = binding.server.addVoice(app: binding.app, source: .sine(frequency: frequency, amplitude: amplitude))
        log("note-started", ["note": String(note), "hz": String(Int(frequency.rounded())), "frame": String(binding.server.ioFrameNow)])
    }

    private func noteOff(_ key: Int) {
        guard let binding, let voice = sounding.removeValue(forKey: key) else { return }
        binding.server.removeVoice(voice)
        log("note-stopped", ["frame": String(binding.server.ioFrameNow)])
    }
}
