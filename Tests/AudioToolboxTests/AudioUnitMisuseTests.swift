@testable import Conformance
import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import Soundcheck
import Testing

/// Every misuse of the Audio Unit API returns its documented OSStatus; nothing traps (the codes
/// themselves are built-in checks, `AudioUnitChecks`).
@Suite("Audio Unit misuse codes")
struct AudioUnitMisuseTests {
    @Test("a disposed unit's handle answers kAudio_ParamError (−50) instead of crashing")
    func disposedHandle() throws {
        try AudioUnitChecks.withRemoteIO(try SimulatedDevice(seed: 20)) { unit in
            #expect(AudioComponentInstanceDispose(unit) == 0)
            #expect(AudioUnitInitialize(unit) == -50)
            #expect(AudioUnitChecks.formatStatus(unit, kAudioUnitScope_Input, 0) == -50)
            #expect(AudioComponentInstanceDispose(unit) == -50)
            #expect(AudioOutputUnitStart(unit) == -50)
        }
    }
}
