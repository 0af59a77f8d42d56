import Foundation
import MediaServer
import AVFAudio
import Soundcheck

/// Preferred channel counts and cleared preferences, asked as an app asks: the media server's
/// hardware-preference tests check its rules directly; these read what the session grants.
enum HardwareChannelChecks {
    /// The error `body` throws in the app "App" of `device`, or nil.
    static func error(_ device: SimulatedDevice, _ body: (AVAudioSession) throws -> Void) -> NSError? {
        device.run(as: "App") {
            do { try body(AVAudioSession.sharedInstance()); return nil } catch { return error as NSError }
        }
    }

    /// A fresh device with `accessories`, and "App" active in `category`.
    static func device(_ p: CheckProbe, _ accessories: [String], _ category: AVAudioSession.Category,
                       options: AVAudioSession.CategoryOptions = []) throws -> SimulatedDevice {
        let device = try p.device()
        for accessory in accessories { try device.attach(accessory) }
        try device.launchApp("App", category, options: options)
        device.answerRecordPermission("App", granted: true)
        return device
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-HW-CHANNELS-RANGE"], "channel counts below 1 or above the route's maximum are badParam and change nothing") { p in
            let device = try device(p, ["usb-interface:2x2@48000"], .playAndRecord)
            for count in [0, -2, 3, 9] {
                let input = error(device) { try $0.setPreferredInputNumberOfChannels(count) }
                p.expect(input?.code, equals: -50, "\(count) input channels")
                p.expect(input?.localizedDescription, equals: "preferred input channel count must be between 1 and the route maximum 2, got \(count)", "the message")
                p.expect(error(device) { try $0.setPreferredOutputNumberOfChannels(count) }?.code, equals: -50, "\(count) output channels")
            }
            let kept = device.run(as: "App") { (AVAudioSession.sharedInstance().preferredInputNumberOfChannels, AVAudioSession.sharedInstance().preferredOutputNumberOfChannels) }
            p.expect(kept.0 == 0 && kept.1 == 0, "no preference was recorded (\(kept))")
        },
        BuiltInCheck(["SESSION-HW-CHANNELS-ACCEPTED"], "counts within the route's maximum are kept and granted") { p in
            let device = try device(p, ["usb-interface:4x6@48000"], .playAndRecord)
            p.expect(error(device) { try $0.setPreferredInputNumberOfChannels(2) } == nil, "2 of 4 inputs")
            p.expect(error(device) { try $0.setPreferredOutputNumberOfChannels(6) } == nil, "6 of 6 outputs")
            let read = device.run(as: "App") {
                let session = AVAudioSession.sharedInstance()
                return [session.preferredInputNumberOfChannels, session.preferredOutputNumberOfChannels, session.inputNumberOfChannels, session.outputNumberOfChannels]
            }
            p.expect(read, equals: [2, 6, 2, 6], "preferred input and output, granted input and output")
        },
        BuiltInCheck(["SESSION-HW-CHANNELS-CLAMP"], "a preferred output count granted up to what HDMI 5.1 offers: 1, 2 and 6 as asked, 8 becomes 6") { p in
            for (preferred, granted) in [(1, 1), (2, 2), (6, 6), (8, 6)] {
                let device = try p.device()
                let hdmi = try device.attach("hdmi:8")
                try device.launchApp("App", .playback)
                p.expect(error(device) { try $0.setPreferredOutputNumberOfChannels(preferred) } == nil, "\(preferred) channels on HDMI 7.1")
                try device.detach(hdmi)
                try device.attach("hdmi:6")
                p.expect(device.run(as: "App") { AVAudioSession.sharedInstance().outputNumberOfChannels }, equals: granted, "\(preferred) preferred, on HDMI 5.1")
            }
        },
        BuiltInCheck(["SESSION-HW-CHANNELS-ROUTE-SHRINKS"], "four preferred input channels fall to the HFP headset's one when it takes the route") { p in
            let device = try device(p, ["usb-interface:4x4@48000"], .playAndRecord, options: .allowBluetoothHFP)
            p.expect(error(device) { try $0.setPreferredInputNumberOfChannels(4) } == nil, "4 inputs on the USB interface")
            p.expect(device.run(as: "App") { AVAudioSession.sharedInstance().inputNumberOfChannels }, equals: 4, "input channels on USB")
            try device.attach("bluetooth-hfp")
            p.expect(device.run(as: "App") { AVAudioSession.sharedInstance().currentRoute.inputs.map(\.portType) }, equals: [.bluetoothHFP], "the inputs")
            p.expect(device.run(as: "App") { AVAudioSession.sharedInstance().inputNumberOfChannels }, equals: 1, "input channels on HFP")
        },
        BuiltInCheck(["SESSION-HW-INPUT-CHANNELS-INCOMPATIBLE-CATEGORY"], "input channels in ambient, soloAmbient or playback fail with incompatibleCategory ('!cat')") { p in
            for category in [AVAudioSession.Category.ambient, .soloAmbient, .playback] {
                let device = try device(p, [], category)
                let failure = error(device) { try $0.setPreferredInputNumberOfChannels(1) }
                p.expect(failure?.code, equals: 560_161_140, "\(category.rawValue): the code")
                p.expect(failure?.code, equals: AVAudioSession.ErrorCode.incompatibleCategory.rawValue, "\(category.rawValue): incompatibleCategory")
                let name = device.session("App").configuration.category.name
                p.expect(failure?.localizedDescription, equals: "setPreferredInputNumberOfChannels needs a category with input, not \(name)", "the message")
                p.expect(device.run(as: "App") { AVAudioSession.sharedInstance().preferredInputNumberOfChannels }, equals: 0, "no preference recorded")
            }
        },
        BuiltInCheck(["SESSION-HW-OUTPUT-CHANNELS-INCOMPATIBLE-CATEGORY"], "output channels in record fail with incompatibleCategory") { p in
            let device = try device(p, [], .record)
            p.expect(error(device) { try $0.setPreferredOutputNumberOfChannels(2) }?.code, equals: AVAudioSession.ErrorCode.incompatibleCategory.rawValue, "the code")
        },
        BuiltInCheck(["SESSION-HW-PREFERENCE-CLEAR"], "a preferred rate or IO duration set back to 0 is cleared: the default hardware returns") { p in
            let device = try device(p, [], .playback)
            p.expect(error(device) { try $0.setPreferredSampleRate(44_100); try $0.setPreferredIOBufferDuration(0.005) } == nil, "setting 44.1 kHz and 5 ms")
            p.expect(device.run(as: "App") { AVAudioSession.sharedInstance().sampleRate }, equals: 44_100, "the granted rate")
            p.expect(error(device) { try $0.setPreferredSampleRate(0); try $0.setPreferredIOBufferDuration(0) } == nil, "setting both back to 0")
            let read = device.run(as: "App") {
                let session = AVAudioSession.sharedInstance()
                return (session.preferredSampleRate, session.preferredIOBufferDuration, session.sampleRate, session.ioBufferDuration)
            }
            p.expect(read.0 == 0 && read.1 == 0, "no preference is left (\(read.0), \(read.1))")
            p.expect(read.2, equals: 48_000, "the phone's own rate is back")
            p.expect(HardwareNegotiationChecks.same(read.3, 0.021_333_333), "the phone's own 1024-frame cycle is back (\(read.3))")
        },
        BuiltInCheck(["SESSION-HW-RATE-NO-ROUTE"], "with nothing routed (audioProcessing, or an app not yet active) the hardware alone decides the rate") { p in
            if !p.platform.since(10) {
                // audioProcessing, where it exists, routes nothing.
                for (preferred, expected) in [(44_100.0, 44_100.0), (0, 48_000)] {
                    let device = try p.device()
                    let rate = try device.launch("App") {
                        let session = AVAudioSession.sharedInstance()
                        try session.setCategory(.audioProcessing)
                        try session.setPreferredSampleRate(preferred)
                        try session.setActive(true)
                        return session.sampleRate
                    }
                    p.expect(rate, equals: expected, "audioProcessing with \(Int(preferred)) Hz preferred")
                }
            }
            // On every release the negotiator is asked with no port routed.
            let preferences = try { () throws(SessionError) -> HardwarePreferences in
                var preferences = HardwarePreferences()
                try preferences.setPreferredSampleRate(44_100)
                return preferences
            }()
            let device = try p.device()
            let hardware = device.device.profile.hardware
            p.expect(HardwareNegotiator.resolve(preferences: preferences, hardware: hardware, outputs: [], inputs: []).sampleRate, equals: 44_100,
                     "44.1 kHz preferred, nothing routed")
            p.expect(HardwareNegotiator.resolve(preferences: HardwarePreferences(), hardware: hardware, outputs: [], inputs: []).sampleRate, equals: 48_000,
                     "no preference, nothing routed")
        },
    ] }
}
