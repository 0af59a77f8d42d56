import Foundation
import MediaServer
import OpenAVFAudio
import Soundcheck
import Testing

/// Invalid API use returns Apple's documented error, with the rule in the message, and never
/// crashes the bench.
@Suite("API misuse gets the documented error")
struct APIMisuseTests {
    private func code(_ body: () throws -> Void) -> Int? {
        do {
            try body()
            return nil
        } catch {
            return (error as NSError).code
        }
    }

    @Test("SESSION-CONFIG-DEFAULT-TO-SPEAKER: defaultToSpeaker outside playAndRecord is badParam")
    func badOption() throws {
        let device = try SimulatedDevice()
        let code = try device.launch("App") {
            self.code { try AVAudioSession.sharedInstance().setCategory(.playback, options: .defaultToSpeaker) }
        }
        #expect(code == AVAudioSession.ErrorCode.badParam.rawValue)
        #expect(device.events("api.setCategory").last?.fields["result"] == "badParam")
    }

    @Test("ROUTING-OVERRIDE-PLAYANDRECORD-ONLY: overriding the output of a playback session fails")
    func overrideOutsidePlayAndRecord() throws {
        let device = try SimulatedDevice()
        let code = try device.launch("App") {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            return self.code { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
        }
        #expect(code == AVAudioSession.ErrorCode.badParam.rawValue)
    }

    @Test("SESSION-ACTIVATE-BACKGROUND: a non-mixable session cannot start from the background")
    func backgroundActivation() throws {
        let device = try SimulatedDevice()
        try device.launch("App", backgroundAudio: true) { try AVAudioSession.sharedInstance().setCategory(.playback) }
        try device.perform(.background(app: "App"))
        let code = device.run(as: "App") { self.code { try AVAudioSession.sharedInstance().setActive(true) } }
        #expect(code == AVAudioSession.ErrorCode.cannotInterruptOthers.rawValue)
    }

    @Test("SESSION-ACTIVATE-CALL: playAndRecord cannot go active during a call; playback can")
    func duringCall() throws {
        let device = try SimulatedDevice()
        try device.perform(.incomingCall(caller: "Alice"))
        try device.perform(.answerCall)
        let recordCode = try device.launch("Recorder") {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            return self.code { try AVAudioSession.sharedInstance().setActive(true) }
        }
        #expect(recordCode == AVAudioSession.ErrorCode.insufficientPriority.rawValue)
    }

    @Test("the session outside any simulated app fails instead of crashing")
    func outsideApp() {
        let code = code { try AVAudioSession.sharedInstance().setActive(true) }
        #expect(code == AVAudioSession.ErrorCode.expiredSession.rawValue)
    }
}
