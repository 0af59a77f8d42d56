@testable import BuiltInChecks
@testable import Conformance
import Foundation
import AudioToolbox
import SimCore
import Testing
import VirtualDevices

/// Every Audio Queue time-pitch algorithm at play rate 1.5 (and pitch +300 cents, which only the
/// spectral one honours), heard at the speaker: the tone's frequency, how long the one-second tone
/// sounds, and its level. Each algorithm renders through its own engine (docs/time-pitch.md).
@Suite("Audio Queue time-pitch algorithms")
struct AudioQueueTimePitchTests {
    @Test("PLAYER-AUDIOQUEUE-TIME-PITCH: at rate 1.5 each algorithm plays the second in 2/3 s; Spectral shifts +300 cents, TimeDomain and LowQualityZeroLatency keep 440 Hz, Varispeed plays at 660 Hz",
          arguments: [kAudioQueueTimePitchAlgorithm_Spectral, kAudioQueueTimePitchAlgorithm_TimeDomain,
                       kAudioQueueTimePitchAlgorithm_LowQualityZeroLatency, kAudioQueueTimePitchAlgorithm_Varispeed])
    func algorithmAtRate(algorithm: UInt32) throws {
        let expected = switch algorithm {
        case kAudioQueueTimePitchAlgorithm_Spectral: 440 * pow(2, 300.0 / 1200)
        case kAudioQueueTimePitchAlgorithm_Varispeed: 660.0
        default: 440.0
        }
        let reference = try AudioQueueChecks.reference(.ios17)
        let played = try AudioQueueChecks.play(timePitch: true, algorithm: algorithm, rate: 1.5, pitch: 300, seed: 36, platform: .ios17)
        #expect(abs(played.frequency / expected - 1) < 0.002, "\(played)")
        // The same edges (start, the asynchronous stop) as the reference, so the difference is the third of a second saved.
        #expect(abs(reference.sounding - played.sounding - 1.0 / 3) < 0.03, "\(played) against \(reference)")
        #expect(abs(20 * log10(played.amplitude / 0.5)) < 1, "\(played)")
    }
}
