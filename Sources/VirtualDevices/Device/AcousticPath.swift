import Foundation

/// Sound leaking from a built-in output to the built-in microphone through the device's body and
/// the air: what the speaker (or, much quieter, the receiver) plays reaches the microphone after
/// `delayMilliseconds` and `attenuationDecibels` down. This is the echo a voice-processing unit
/// cancels; headphones, headsets and other accessories have no such path.
///
/// Profiles set it per output port (`acoustic-path: { delay-ms: 2, attenuation-db: 25 }`, or
/// `acoustic-path: none`); a built-in speaker or receiver that does not say gets the defaults
/// below. Apple publishes no figures: a speaker a few centimetres from the microphone in the
/// same case arrives within a few milliseconds (sound travels 34 cm per ms, plus the codec's
/// converters) and some 20–30 dB down; the receiver, pointed at the ear and driven far quieter,
/// leaks about 15 dB less.
public struct AcousticPath: Hashable, Sendable {
    /// The output port (UID) whose sound travels the path.
    public var outputUID: String
    public var delayMilliseconds: Int
    public var attenuationDecibels: Int

    public init(outputUID: String, delayMilliseconds: Int, attenuationDecibels: Int) {
        self.outputUID = outputUID
        self.delayMilliseconds = delayMilliseconds
        self.attenuationDecibels = attenuationDecibels
    }

    /// The linear gain of the path.
    public var gain: Float { Float(pow(10, -Double(attenuationDecibels) / 20)) }

    /// The delay in frames at `sampleRate` (rounded down).
    public func delayFrames(sampleRate: Int) -> Int { delayMilliseconds * sampleRate / 1_000 }

    /// The path a built-in output of `type` has when its profile entry does not set one.
    public static func defaultPath(for type: PortType, outputUID: String) -> AcousticPath? {
        switch type {
        case .builtInSpeaker: AcousticPath(outputUID: outputUID, delayMilliseconds: 2, attenuationDecibels: 25)
        case .builtInReceiver: AcousticPath(outputUID: outputUID, delayMilliseconds: 1, attenuationDecibels: 40)
        default: nil
        }
    }
}
