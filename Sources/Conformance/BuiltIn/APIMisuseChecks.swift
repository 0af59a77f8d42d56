import Foundation
import MediaServer
import OpenAVFAudio
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


    static let all: [BuiltInCheck] = [
        BuiltInCheck(["SESSION-CONFIG-DEFAULT-TO-SPEAKER"],
                     "defaultToSpeaker outside playAndRecord is badParam") { p in
            let device = try SimulatedDevice(platform: p.platform)
            let code = try device.launch("App") {
                Self.code { try AVAudioSession.sharedInstance().setCategory(.playback, options: .defaultToSpeaker) }
            }
            p.expect(code == AVAudioSession.ErrorCode.badParam.rawValue, "code == AVAudioSession.ErrorCode.badParam.rawValue")
            p.expect(device.events("api.setCategory").last?.fields["result"] == "badParam", "device.events(\"api.setCategory\").last?.fields[\"result\"] == \"badParam\"")
        },
        BuiltInCheck(["ROUTING-OVERRIDE-PLAYANDRECORD-ONLY"],
                     "overriding the output of a playback session fails") { p in
            let device = try SimulatedDevice(platform: p.platform)
            let code = try device.launch("App") {
                try AVAudioSession.sharedInstance().setCategory(.playback)
                return Self.code { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
            }
            p.expect(code == AVAudioSession.ErrorCode.badParam.rawValue, "code == AVAudioSession.ErrorCode.badParam.rawValue")
        },
        BuiltInCheck(["SESSION-ACTIVATE-BACKGROUND"],
                     "a non-mixable session cannot start from the background") { p in
            let device = try SimulatedDevice(platform: p.platform)
            try device.launch("App", backgroundAudio: true) { try AVAudioSession.sharedInstance().setCategory(.playback) }
            try device.perform(.background(app: "App"))
            let code = device.run(as: "App") { Self.code { try AVAudioSession.sharedInstance().setActive(true) } }
            p.expect(code == AVAudioSession.ErrorCode.cannotInterruptOthers.rawValue, "code == AVAudioSession.ErrorCode.cannotInterruptOthers.rawValue")
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
            p.expect(recordCode == AVAudioSession.ErrorCode.insufficientPriority.rawValue, "recordCode == AVAudioSession.ErrorCode.insufficientPriority.rawValue")
        },
    ]
}
