import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import SimCore
import VirtualDevices

/// Record permission: one dialog, remembered, and silence until the user says yes.
enum PermissionChecks {
    static var all: [BuiltInCheck] { [
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
        BuiltInCheck(["SESSION-PERMISSION-RAW-VALUES"], "record permissions are Apple's FourCCs 'undt', 'deny' and 'grnt', as an app reads them") { p in
            p.expect(AVAudioSession.RecordPermission.undetermined.rawValue, equals: 0x756E_6474, "undetermined ('undt')")
            p.expect(AVAudioSession.RecordPermission.denied.rawValue, equals: 0x6465_6E79, "denied ('deny')")
            p.expect(AVAudioSession.RecordPermission.granted.rawValue, equals: 0x6772_6E74, "granted ('grnt')")
            for (granted, fourCC) in [(false, 0x6465_6E79), (true, 0x6772_6E74)] {
                let device = try p.device()
                try device.launchApp("Memo", .playAndRecord, activate: false)
                let read = { device.run(as: "Memo") { (AVAudioSession.sharedInstance().recordPermission.rawValue, AVAudioApplication.shared.recordPermission.rawValue) } }
                p.expect(read().0 == 0x756E_6474 && read().1 == 0x756E_6474, "before asking both read 'undt' (\(read()))")
                device.run(as: "Memo") { AVAudioApplication.requestRecordPermission { _ in } }
                device.answerRecordPermission("Memo", granted: granted)
                p.expect(read().0 == UInt(fourCC) && read().1 == fourCC, "after the user \(granted ? "granted" : "denied") both read \(fourCC) (\(read()))")
            }
        },
        BuiltInCheck(["SESSION-PERMISSION-REQUIRED"], "from iOS 7 input is silence until the user approves: the request waits on the dialog") { p in
            let device = try p.device()
            try device.launchApp("Memo", .playAndRecord)
            p.expect(device.session("Memo").recordPermission, equals: .undetermined, "permission before the user answered")
            nonisolated(unsafe) var answers: [Bool] = []
            device.run(as: "Memo") { AVAudioApplication.requestRecordPermission { answers.append($0) } }
            p.expect(answers.isEmpty, "the request is pending")
            p.expect(device.events("permission.dialog", app: "Memo").count, equals: 1, "the dialog is shown")
            p.expect(device.inputPeak("Memo") < -90, "the microphone gives silence meanwhile")
        },
        BuiltInCheck(["SESSION-PERMISSION-SETTINGS"], "the user revokes the permission in Settings and gives it back: input follows, no dialog again") { p in
            let device = try p.device()
            try device.launchApp("Memo", .playAndRecord)
            device.run(as: "Memo") { AVAudioApplication.requestRecordPermission { _ in } }
            device.answerRecordPermission("Memo", granted: true)
            p.expect(device.inputPeak("Memo") > -12, "input once granted")
            device.server.answerRecordPermission(AppID("Memo"), granted: false, fromSettings: true)
            p.expect(device.inputPeak("Memo") < -90, "silence once revoked in Settings")
            nonisolated(unsafe) var answers: [Bool] = []
            device.run(as: "Memo") { AVAudioApplication.requestRecordPermission { answers.append($0) } }
            p.expect(answers, equals: [false], "a request is answered at once with the Settings decision")
            device.server.answerRecordPermission(AppID("Memo"), granted: true, fromSettings: true)
            p.expect(device.run(as: "Memo") { AVAudioApplication.shared.recordPermission }, equals: .granted, "permission after granting in Settings")
            p.expect(device.inputPeak("Memo") > -12, "input is back")
            p.expect(device.events("permission.dialog", app: "Memo").count, equals: 1, "the dialog was shown once")
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
    ] }
}
