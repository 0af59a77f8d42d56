import Foundation
import MediaServer
import AVFAudio
import Soundcheck

/// The hardware format an app gets for its route and preferences, read through AVAudioSession:
/// the media server's negotiator tests check the rules directly; these check what an app reads.
enum HardwareNegotiationChecks {
    /// The rate, IO duration and channel counts an active session reads with these preferences.
    struct Granted {
        let rate: Double, ioDuration: TimeInterval, outputChannels: Int, maximumOutputChannels: Int
        let inputChannels: Int, outputLatency: TimeInterval
    }

    static func granted(_ p: CheckProbe, profile: String = "iphone", accessories: [String] = [],
                        _ category: AVAudioSession.Category = .playback, options: AVAudioSession.CategoryOptions = [],
                        rate: Double? = nil, ioDuration: TimeInterval? = nil) throws -> Granted {
        let device = try p.device(profile)
        for accessory in accessories { try device.attach(accessory) }
        return try device.launch("App", backgroundAudio: true) {
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(category, options: options)
            if let rate { try session.setPreferredSampleRate(rate) }
            if let ioDuration { try session.setPreferredIOBufferDuration(ioDuration) }
            try session.setActive(true)
            return Granted(rate: session.sampleRate, ioDuration: session.ioBufferDuration, outputChannels: session.outputNumberOfChannels,
                           maximumOutputChannels: session.maximumOutputNumberOfChannels, inputChannels: session.inputNumberOfChannels,
                           outputLatency: session.outputLatency)
        }
    }

    /// Whether `a` and `b` agree to the nanosecond the simulation counts in.
    static func same(_ a: TimeInterval, _ b: TimeInterval) -> Bool { abs(a - b) < 2e-9 }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-HW-RATE-DEFAULT"], "without preferences the phone runs at 48 kHz with 1024-frame IO cycles") { p in
            let hardware = try granted(p)
            p.expect(hardware.rate, equals: 48_000, "sampleRate")
            p.expect(same(hardware.ioDuration, 0.021_333_333), "ioBufferDuration is 1024 frames (\(hardware.ioDuration))")
        },
        BuiltInCheck(["SESSION-HW-RATE-GRANTED", "SESSION-HW-RATE-NEAREST"],
                     "a supported preferred rate is granted; another gives the nearest supported one, ties to the higher") { p in
            for (preferred, expected) in [(44_100.0, 44_100.0), (48_000, 48_000), (46_049, 44_100), (46_050, 48_000),
                                          (96_000, 48_000), (192_000, 48_000)] {
                p.expect(try granted(p, rate: preferred).rate, equals: expected, "rate granted for \(Int(preferred)) Hz")
            }
        },
        BuiltInCheck(["SESSION-HW-RATE-EVERY-PORT"], "on AirPlay, which runs at 44.1 kHz, a preferred 48 kHz is not granted") { p in
            p.expect(try granted(p, accessories: ["airplay:2"], rate: 48_000).rate, equals: 44_100, "rate on AirPlay")
        },
        BuiltInCheck(["SESSION-HW-RATE-HARDWARE-LIMIT"], "a USB interface's 96 kHz is granted on a Mac, not on a phone whose hardware lacks it") { p in
            let usb = ["usb-interface:4x4@44100,48000,96000"]
            p.expect(try granted(p, accessories: usb, .playAndRecord, rate: 96_000).rate, equals: 48_000, "phone")
            p.expect(try granted(p, profile: "mac", accessories: usb, .playAndRecord, rate: 96_000).rate, equals: 96_000, "Mac")
        },
        BuiltInCheck(["SESSION-HW-RATE-HFP-NARROWBAND", "SESSION-HW-IOBUFFER-AT-ROUTE-RATE"],
                     "HFP runs at 16 kHz, or 8 kHz when asked; IO frames are counted at the granted rate") { p in
            let hfp = ["bluetooth-hfp"]
            let wide = try granted(p, accessories: hfp, .playAndRecord, options: .allowBluetoothHFP, rate: 48_000, ioDuration: 0.005)
            p.expect(wide.rate, equals: 16_000, "rate on HFP")
            p.expect(same(wide.ioDuration, 0.004), "5 ms at 16 kHz is 64 frames, 4 ms (\(wide.ioDuration))")
            for preferred in [8_000.0, 11_999] {
                p.expect(try granted(p, accessories: hfp, .playAndRecord, options: .allowBluetoothHFP, rate: preferred).rate, equals: 8_000,
                         "narrowband for \(Int(preferred)) Hz")
            }
        },
        BuiltInCheck(["SESSION-HW-IOBUFFER-3MS-48K", "SESSION-HW-IOBUFFER-5MS-44K", "SESSION-HW-IOBUFFER-NEAREST-POW2"],
                     "IO durations round to the nearest power-of-two frame count: 3 ms at 48 kHz is 128 frames, 5 ms at 44.1 kHz 256") { p in
            p.expect(same(try granted(p, rate: 48_000, ioDuration: 0.003).ioDuration, 128 / 48_000), "3 ms at 48 kHz")
            p.expect(same(try granted(p, rate: 44_100, ioDuration: 0.005).ioDuration, 256 / 44_100), "5 ms at 44.1 kHz")
            for (duration, frames) in [(0.0029, 128.0), (0.004, 256), (0.003999, 128), (0.010, 512), (0.020, 1024), (0.093, 4096)] {
                p.expect(same(try granted(p, rate: 48_000, ioDuration: duration).ioDuration, frames / 48_000), "\(duration) s gives \(Int(frames)) frames")
            }
        },
        BuiltInCheck(["SESSION-HW-IOBUFFER-CLAMP"], "IO durations outside the hardware's range clamp to its ends") { p in
            p.expect(same(try granted(p, ioDuration: 0.0005).ioDuration, 64 / 48_000), "0.5 ms clamps to 64 frames")
            p.expect(same(try granted(p, ioDuration: 1).ioDuration, 4_096 / 48_000), "1 s clamps to 4096 frames")
        },
        BuiltInCheck(["SESSION-HW-IOBUFFER-POSITIVE", "SESSION-HW-RATE-POSITIVE"], "negative preferred rates and durations are badParam and change nothing") { p in
            let device = try p.device()
            let (rateError, durationError, preferred) = try device.launch("App") {
                let session = AVAudioSession.sharedInstance()
                try session.setPreferredSampleRate(44_100)
                let rate = (try? session.setPreferredSampleRate(-48_000)).map { _ in 0 } ?? -50
                let duration = (try? session.setPreferredIOBufferDuration(-0.005)).map { _ in 0 } ?? -50
                return (rate, duration, session.preferredSampleRate)
            }
            p.expect(rateError, equals: -50, "negative rate")
            p.expect(durationError, equals: -50, "negative duration")
            p.expect(preferred, equals: 44_100, "the earlier preference stands")
        },
        BuiltInCheck(["SESSION-HW-PREFERENCE-ECHO"], "preferred values read back as asked even when the hardware grants others") { p in
            let device = try p.device()
            let (preferred, actual, preferredDuration) = try device.launch("App") {
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playback)
                try session.setPreferredSampleRate(96_000)
                try session.setPreferredIOBufferDuration(0.003)
                try session.setActive(true)
                return (session.preferredSampleRate, session.sampleRate, session.preferredIOBufferDuration)
            }
            p.expect(preferred, equals: 96_000, "preferredSampleRate")
            p.expect(actual, equals: 48_000, "sampleRate")
            p.expect(same(preferredDuration, 0.003), "preferredIOBufferDuration (\(preferredDuration))")
        },
        BuiltInCheck(["SESSION-HW-CHANNELS-MAXIMUM", "SESSION-HW-CHANNELS-DEFAULT-STEREO"],
                     "HDMI 5.1 offers six output channels while two are used until the app asks for more") { p in
            let hdmi = try granted(p, accessories: ["hdmi:6"])
            p.expect(hdmi.maximumOutputChannels, equals: 6, "maximumOutputNumberOfChannels")
            p.expect(hdmi.outputChannels, equals: 2, "outputNumberOfChannels")
            let receiver = try granted(p, .playAndRecord)
            p.expect(receiver.outputChannels, equals: 1, "the receiver is mono")
            p.expect(receiver.inputChannels, equals: 1, "the built-in mic")
        },
        BuiltInCheck(["SESSION-HW-LATENCY"], "output latency is the slowest routed port's: Bluetooth is slower than the speaker") { p in
            let speaker = try granted(p).outputLatency
            let bluetooth = try granted(p, accessories: ["bluetooth-a2dp"]).outputLatency
            p.expect(speaker > 0 && speaker < 0.01, "the speaker's latency is a few milliseconds (\(speaker))")
            p.expect(same(bluetooth, 0.160), "A2DP's latency is 160 ms (\(bluetooth))")
        },
        BuiltInCheck(["SESSION-HW-INPUT-GAIN-CLAMP", "SESSION-HW-INPUT-GAIN-ERRORS"],
                     "input gain clamps to 0...1; NaN is badParam; a category without input cannot set it") { p in
            let device = try p.device()
            let (high, low, nan) = try device.launch("Memo") {
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playAndRecord)
                try session.setInputGain(1.5)
                let high = session.inputGain
                try session.setInputGain(-0.5)
                let nan = (try? session.setInputGain(.nan)).map { _ in 0 } ?? -50
                return (high, session.inputGain, nan)
            }
            p.expect(high, equals: 1, "1.5 clamps to 1")
            p.expect(low, equals: 0, "−0.5 clamps to 0")
            p.expect(nan, equals: -50, "NaN")
            let code = try device.launch("Music") { () -> Int in
                try AVAudioSession.sharedInstance().setCategory(.playback)
                do { try AVAudioSession.sharedInstance().setInputGain(0.5); return 0 } catch { return (error as NSError).code }
            }
            p.expect(code, equals: AVAudioSession.ErrorCode.incompatibleCategory.rawValue, "playback cannot set input gain")
        },
    ] }
}
