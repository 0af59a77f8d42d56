import Foundation
import AVFAudio
import OpenAL

/// A game whose sound effects are OpenAL sources: one looping tone as a positional source the
/// player moves (`move-left`, `move-right`: x = −1 or +1, the listener at the origin), so the
/// speaker's left or right channel carries it. Interruptions as Apple advises for OpenAL: no
/// current context at "began"; at "ended" the session is reactivated first, then the context is
/// made current again (ReferenceApp's resume activates, then `startSound` makes it current).
///
/// Mistake `keeps-openal-context`: the context stays current through the interruption; the
/// sources stay silent afterwards and the app rules report it.
public final class OpenALGameApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .soloAmbient }

    private var device: OpaquePointer?
    private var context: OpaquePointer?
    private var source: ALuint = 0
    private var buffer: ALuint = 0

    override public func makeSound() {}

    override public func perform(_ command: String) {
        switch command {
        case "play": play(because: "user")
        case "move-left": move(-1)
        case "move-right": move(1)
        default:
            setPlaying(false, because: "user")
            deactivate()
        }
    }

    override public func startSound() -> Bool {
        if context == nil { makeWorld() }
        _ = alcMakeContextCurrent(context)
        alSourcePlay(source)
        return true
    }

    override public func stopSound() { alSourcePause(source) }

    override public func interruptionBegan() {
        super.interruptionBegan()
        if !makes("keeps-openal-context") { _ = alcMakeContextCurrent(nil) }
    }

    private func move(_ x: ALfloat) {
        alSource3f(source, AL_POSITION, x, 0, 0)
        log("moved", ["x": String(Int(x))])
    }

    private func makeWorld() {
        device = alcOpenDevice(nil)
        context = alcCreateContext(device, nil)
        _ = alcMakeContextCurrent(context)
        alGenBuffers(1, &buffer)
        let rate = 48_000
        let samples = Self.toneSecond(frequency: configuration.tone ?? 1_000, rate: rate)
        samples.withUnsafeBytes { alBufferData(buffer, AL_FORMAT_MONO16, $0.baseAddress, ALsizei($0.count), ALsizei(rate)) }
        alGenSources(1, &source)
        alSourcei(source, AL_BUFFER, ALint(buffer))
        alSourcei(source, AL_LOOPING, AL_TRUE)
        alSource3f(source, AL_POSITION, -1, 0, 0)
        let error = alGetError()
        if error != AL_NO_ERROR { log("error", ["call": "OpenAL", "code": String(error)]) }
    }

    /// One second of the game's tone, computed once per process and frequency: every launch (and
    /// every rebuild after a reset) in a long `soundcheck explore` asked for the same 48,000
    /// sines. OpenAL copies the samples into its buffer, so sharing them changes nothing.
    private static func toneSecond(frequency: Int, rate: Int) -> [Int16] {
        toneLock.lock()
        defer { toneLock.unlock() }
        if let samples = tones[frequency] { return samples }
        let samples = (0..<rate).map { Int16(8_192 * sin(2 * Double.pi * Double(($0 * frequency) % rate) / Double(rate))) }
        tones[frequency] = samples
        return samples
    }

    private static let toneLock = NSLock()
    nonisolated(unsafe) private static var tones: [Int: [Int16]] = [:]
}
