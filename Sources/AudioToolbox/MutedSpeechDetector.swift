import CoreAudioTypes

/// Speech while the unit's output is muted (`kAUVoiceIOProperty_MutedSpeechActivityEventListener`,
/// iOS 17): a VoIP app muted by its user hears that the user started talking, to show "you are
/// muted". Speech starts when a cycle's microphone level (RMS, before voice processing) reaches
/// −40 dBFS and ends after 0.5 s below it, the hangover a talker's pauses between words need. Both
/// figures are settings of the simulation: Apple documents the events, not the detector.
struct MutedSpeechDetector {
    static let threshold: Float = 0.01 // −40 dBFS
    static let hangoverSeconds = 0.5

    let listener: AUVoiceIOMutedSpeechActivityEventListener
    private(set) var speaking = false
    private var quietFrames = 0

    init(listener: @escaping AUVoiceIOMutedSpeechActivityEventListener) { self.listener = listener }

    /// One IO cycle of the microphone, while the output is muted.
    mutating func hear(_ samples: UnsafePointer<Float>, frames: Int, sampleRate: Int) {
        var energy: Float = 0
        for index in 0..<frames { energy += samples[index] * samples[index] }
        let loud = frames > 0 && (energy / Float(frames)).squareRoot() >= Self.threshold
        if loud {
            quietFrames = 0
            if !speaking { speaking = true; listener(.hasStarted) }
        } else if speaking {
            quietFrames += frames
            if Double(quietFrames) >= Self.hangoverSeconds * Double(sampleRate) { speaking = false; listener(.hasEnded) }
        }
    }
}
