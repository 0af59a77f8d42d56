import Foundation
import MediaServer
import AVFAudio
import Soundcheck

/// Invalid API use returns Apple's documented error, with the rule in the message, and never
/// crashes the bench.
enum APIMisuseChecks {
    static func code(_ body: () throws -> Void) -> Int? {
        do {
            try body()
            return nil
        } catch {
            return (error as NSError).code
        }
    }


    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-CONFIG-DEFAULT-TO-SPEAKER"],
                     "defaultToSpeaker outside playAndRecord is badParam") { p in
            let device = try SimulatedDevice(platform: p.platform)
            let code = try device.launch("App") {
                Self.code { try AVAudioSession.sharedInstance().setCategory(.playback, options: .defaultToSpeaker) }
            }
            p.expect(code, equals: AVAudioSession.ErrorCode.badParam.rawValue, "the error code (badParam is −50)")
            p.expect(device.events("api.setCategory").last?.fields["result"], equals: "badParam", "the result the media server traced for setCategory")
        },
        BuiltInCheck(["ROUTING-OVERRIDE-PLAYANDRECORD-ONLY"],
                     "overriding the output of a playback session fails") { p in
            let device = try SimulatedDevice(platform: p.platform)
            let code = try device.launch("App") {
                try AVAudioSession.sharedInstance().setCategory(.playback)
                return Self.code { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
            }
            p.expect(code, equals: AVAudioSession.ErrorCode.badParam.rawValue, "the error code (badParam is −50)")
        },
        BuiltInCheck(["SESSION-ACTIVATE-BACKGROUND"],
                     "a non-mixable session cannot start from the background") { p in
            let device = try SimulatedDevice(platform: p.platform)
            try device.launch("App", backgroundAudio: true) { try AVAudioSession.sharedInstance().setCategory(.playback) }
            try device.perform(.background(app: "App"))
            let code = device.run(as: "App") { Self.code { try AVAudioSession.sharedInstance().setActive(true) } }
            p.expect(code, equals: AVAudioSession.ErrorCode.cannotInterruptOthers.rawValue, "the error code of activating a non-mixable session from the background (cannotInterruptOthers)")
        },
        BuiltInCheck(["SESSION-ACTIVATE-CALL"],
                     "playAndRecord cannot go active during a call; playback can") { p in
            let device = try SimulatedDevice(platform: p.platform)
            try device.perform(.incomingCall(caller: "Alice"))
            try device.perform(.answerCall)
            let recordCode = try device.launch("Recorder") {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
                return Self.code { try AVAudioSession.sharedInstance().setActive(true) }
            }
            p.expect(recordCode, equals: AVAudioSession.ErrorCode.insufficientPriority.rawValue, "the error code of activating playAndRecord during a call (insufficientPriority)")
        },
    ] }
}
