// Written only against Apple's API: on iOS the imports are `import OpenAL` and
// `import AVFoundation`; nothing else changes.
import Foundation
import AVFAudio
import OpenAL

/// A game's OpenAL audio: one looping 16-bit mono tone as a positional source, and the
/// interruption handling Apple teaches — no current context at "began"; at "ended" reactivate the
/// session, then make the context current again. `keepsContextThroughInterruption` is the
/// mistake: it never releases the context, and at "ended" just makes it current again.
final class PositionalGame: @unchecked Sendable {
    var keepsContextThroughInterruption = false
    private(set) var device: OpaquePointer?
    private(set) var context: OpaquePointer?
    private(set) var source: ALuint = 0
    private var buffer: ALuint = 0
    private var observer: NSObjectProtocol?

    func start(frequency: Int, at x: ALfloat) -> ALenum {
        device = alcOpenDevice(nil)
        context = alcCreateContext(device, nil)
        _ = alcMakeContextCurrent(context)
        alGenBuffers(1, &buffer)
        let rate = 48_000
        let samples = (0..<rate).map { frame in Int16(8_192 * sin(2 * Double.pi * Double((frame * frequency) % rate) / Double(rate))) }
        samples.withUnsafeBytes { alBufferData(buffer, AL_FORMAT_MONO16, $0.baseAddress, ALsizei($0.count), ALsizei(rate)) }
        alGenSources(1, &source)
        alSourcei(source, AL_BUFFER, ALint(buffer))
        alSourcei(source, AL_LOOPING, AL_TRUE)
        alSourcef(source, AL_GAIN, 1)
        alSource3f(source, AL_POSITION, x, 0, 0)
        alSourcePlay(source)
        return alGetError()
    }

    func move(to x: ALfloat) {
        alSource3f(source, AL_POSITION, x, 0, 0)
    }

    var isPlaying: Bool {
        var state: ALint = 0
        alGetSourcei(source, AL_SOURCE_STATE, &state)
        return state == AL_PLAYING
    }

    func observeInterruptions() {
        observer = NotificationCenter.default.addObserver(forName: AVAudioSession.interruptionNotification,
                                                          object: AVAudioSession.sharedInstance(), queue: nil) { [unowned self] note in
            guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
                  let type = AVAudioSession.InterruptionType(rawValue: raw) else { return }
            switch type {
            case .began:
                if !keepsContextThroughInterruption { _ = alcMakeContextCurrent(nil) }
            case .ended:
                try? AVAudioSession.sharedInstance().setActive(true)
                _ = alcMakeContextCurrent(context)
            @unknown default:
                break
            }
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }
}
