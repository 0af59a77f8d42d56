import Foundation
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import VirtualDevices

/// Choosing inputs: a port, a built-in microphone, a polar pattern, USB channels — and which
/// channel a recording takes by default, read from what the app receives.
enum InputChecks {
    static var all: [BuiltInCheck] { [
        BuiltInCheck(["ROUTING-INPUT-SELECTION"], "a VoIP app keeps the built-in mic while a wired headset is plugged in") { p in
            let device = try p.device()
            try device.attach("wired-headset")
            try device.launchApp("Phone", .playAndRecord)
            device.answerRecordPermission("Phone", granted: true)
            p.expect(device.session("Phone").inputTypes, equals: [.headsetMic], "the headset mic by default")
            try device.run(as: "Phone") {
                let session = AVAudioSession.sharedInstance()
                try session.setPreferredInput(session.availableInputs?.first { $0.portType == .builtInMic })
            }
            p.expect(device.session("Phone").inputTypes, equals: [.builtInMic], "the built-in mic once preferred")
            p.expect(device.inputPeak("Phone") > -12, "the app hears the built-in mic")
        },
        BuiltInCheck(["ROUTING-MIC-SELECTION", "ROUTING-POLAR-PATTERN"], "an app picks the back microphone and a cardioid pattern on it") { p in
            let device = try p.device()
            try device.launchApp("Camera", .playAndRecord)
            device.answerRecordPermission("Camera", granted: true)
            let selected = try device.run(as: "Camera") { () throws -> AVAudioSessionDataSourceDescription? in
                let session = AVAudioSession.sharedInstance()
                guard let back = session.inputDataSources?.first(where: { $0.orientation == .back }) else { return nil }
                try back.setPreferredPolarPattern(.cardioid)
                try session.setInputDataSource(back)
                return session.inputDataSource
            }
            p.expect(selected?.orientation, equals: .back, "the selected data source")
            p.expect(selected?.selectedPolarPattern, equals: .cardioid, "its polar pattern")
        },
        BuiltInCheck(["MULTICHANNEL-USB-INPUT-IOS5"], "a USB interface on an iPad gives a recording app more than two input channels") { p in
            let device = try p.device("ipad")
            try device.attach("usb-interface:4x2")
            try device.launchApp("Recorder", .record)
            device.answerRecordPermission("Recorder", granted: true)
            let maximum = device.run(as: "Recorder") { AVAudioSession.sharedInstance().maximumInputNumberOfChannels }
            p.expect(maximum, equals: 4, "maximumInputNumberOfChannels")
        },
        BuiltInCheck(["MULTICHANNEL-DEFAULT-RECORD-FIRST"], "recording from a four-channel USB input takes its first channel only") { p in
            func heard(onChannel channel: Int) throws -> Double {
                let device = try p.device("ipad")
                try device.attach("usb-interface:4x2")
                try device.launchApp("Recorder", .record)
                device.answerRecordPermission("Recorder", granted: true)
                let uid = device.session("Recorder").route.inputs.first?.uid ?? ""
                return device.inputPeak("Recorder", port: uid, channel: channel)
            }
            p.expect(try heard(onChannel: 1) > -12, "a tone on input channel 1 is recorded")
            p.expect(try heard(onChannel: 2) < -90, "a tone on input channel 2 is not")
        },
        BuiltInCheck(["SESSION-ERROR-DOMAIN"], "a refused call throws an NSError in NSOSStatusErrorDomain with the numeric code") { p in
            let device = try p.device()
            let error = try device.launch("App") { () -> NSError? in
                do { try AVAudioSession.sharedInstance().setCategory(.playback, options: .defaultToSpeaker) } catch { return error as NSError }
                return nil
            }
            p.expect(error?.domain, equals: "NSOSStatusErrorDomain", "domain")
            p.expect(error?.code, equals: AVAudioSession.ErrorCode.badParam.rawValue, "code")
        },
    ] }
}
