import Foundation
import MediaServer
import OpenAVFAudio
import Soundcheck
import SimCore
import VirtualDevices

/// Record permission: one dialog, remembered, and silence until the user says yes.
enum PermissionChecks {
    static let all: [BuiltInCheck] = [
        BuiltInCheck(["SESSION-PERMISSION-REQUEST-API", "SESSION-PERMISSION-MODAL-DIALOG", "SESSION-PERMISSION-ONCE",
                      "SESSION-PERMISSION-IMMEDIATE-ANSWER", "SESSION-PERMISSION-PURPOSE"],
                     "a request shows one dialog; input is silence until the user grants; a later request is answered at once") { p in
            let device = try p.device()
            try device.launchApp("Memo", .playAndRecord)
            nonisolated(unsafe) var answers: [Bool] = []
            device.run(as: "Memo") { AVAudioSession.sharedInstance().requestRecordPermission { answers.append($0) } }
            p.expect(device.events("permission.dialog", app: "Memo").count, equals: 1, "dialogs after the request")
            p.expect(answers.isEmpty, "no answer while the dialog is up")
            p.expect(device.inputPeak("Memo") < -90, "the app hears silence before the user answers")
            device.answerRecordPermission("Memo", granted: true)
            p.expect(answers, equals: [true], "answers after the user grants")
            p.expect(device.inputPeak("Memo") > -12, "the app hears the microphone once granted")
            device.run(as: "Memo") { AVAudioSession.sharedInstance().requestRecordPermission { answers.append($0) } }
            p.expect(answers, equals: [true, true], "a second request is answered at once")
            p.expect(device.events("permission.dialog", app: "Memo").count, equals: 1, "still one dialog")
        },
        BuiltInCheck(["SESSION-PERMISSION-AVAUDIOAPPLICATION", "SESSION-AVAUDIOAPPLICATION"], "AVAudioApplication reads and requests record permission") { p in
            let device = try p.device()
            try device.launchApp("Memo", .playAndRecord)
            p.expect(device.run(as: "Memo") { AVAudioApplication.shared.recordPermission }, equals: .undetermined, "before asking")
            nonisolated(unsafe) var answer: Bool?
            device.run(as: "Memo") { AVAudioApplication.requestRecordPermission { answer = $0 } }
            device.answerRecordPermission("Memo", granted: false)
            p.expect(answer, equals: false, "the answer")
            p.expect(device.run(as: "Memo") { AVAudioApplication.shared.recordPermission }, equals: .denied, "after denying")
        },
        BuiltInCheck(["SESSION-PERMISSION-BEFORE-IOS7"], "before iOS 7 input needs no permission") { p in
            let device = try p.device()
            try device.launchApp("Memo", .playAndRecord)
            p.expect(device.inputPeak("Memo") > -12, "the microphone is heard without any dialog")
            p.expect(device.events("permission.dialog", app: "Memo").isEmpty, "no dialog")
        },
        BuiltInCheck(["SESSION-INPUT-MUTE"], "muting input through AVAudioApplication gives the app silence") { p in
            let device = try p.device()
            try device.launchApp("Memo", .playAndRecord)
            device.answerRecordPermission("Memo", granted: true)
            p.expect(device.inputPeak("Memo") > -12, "input before muting")
            try device.run(as: "Memo") { try AVAudioApplication.shared.setInputMuted(true) }
            p.expect(device.run(as: "Memo") { AVAudioApplication.shared.isInputMuted }, "isInputMuted")
            p.expect(device.inputPeak("Memo") < -90, "silence while muted")
        },
    ]
}
