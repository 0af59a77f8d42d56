import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import VirtualDevices

/// Hardware values and preferences as the session reports and grants them.
enum HardwareChecks {
    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-HW-MAX-CHANNELS", "SESSION-HW-PREFERRED-CHANNELS"], "the maximum channel count follows the route, and a preferred count is granted") { p in
            let device = try p.device()
            try device.launchApp("Movie", .playback)
            p.expect(device.run(as: "Movie") { AVAudioSession.sharedInstance().maximumOutputNumberOfChannels }, equals: 2, "maximum on the speaker")
            try device.attach("hdmi:8")
            p.expect(device.run(as: "Movie") { AVAudioSession.sharedInstance().maximumOutputNumberOfChannels }, equals: 8, "maximum on 8-channel HDMI")
            try device.run(as: "Movie") { try AVAudioSession.sharedInstance().setPreferredOutputNumberOfChannels(6) }
            let (preferred, granted) = device.run(as: "Movie") {
                (AVAudioSession.sharedInstance().preferredOutputNumberOfChannels, AVAudioSession.sharedInstance().outputNumberOfChannels)
            }
            p.expect(preferred, equals: 6, "preferredOutputNumberOfChannels")
            p.expect(granted, equals: 6, "outputNumberOfChannels")
        },
        BuiltInCheck(["SESSION-HW-IOBUFFER-SECONDS", "SESSION-HW-READ-AFTER-ACTIVATE"], "a VoIP app asks for 16 kHz and 20 ms in seconds, and reads them after activating") { p in
            let device = try p.device()
            let before = try device.launch("Phone", backgroundAudio: true) { () throws -> Double in
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playAndRecord, mode: .voiceChat)
                try session.setPreferredSampleRate(16_000)
                try session.setPreferredIOBufferDuration(0.02)
                return session.sampleRate
            }
            p.expect(before, equals: 48_000, "the rate read before activation is the device's, not the preference")
            try device.run(as: "Phone") { try AVAudioSession.sharedInstance().setActive(true) }
            let (rate, duration, preferred) = device.run(as: "Phone") {
                (AVAudioSession.sharedInstance().sampleRate, AVAudioSession.sharedInstance().ioBufferDuration,
                 AVAudioSession.sharedInstance().preferredIOBufferDuration)
            }
            p.expect(rate, equals: 16_000, "sampleRate after activation")
            p.expect(preferred, equals: 0.02, "preferredIOBufferDuration in seconds")
            p.expect(duration > 0.01 && duration <= 0.0201, "ioBufferDuration near 20 ms (\(duration) s)")
        },
        BuiltInCheck(["SESSION-HW-IOBUFFER-RANGE"], "the IO buffer can go below 2 ms and up to 40 ms or more") { p in
            func granted(_ seconds: Double) throws -> Double {
                let device = try p.device()
                return try device.launch("Synth", backgroundAudio: true) {
                    let session = AVAudioSession.sharedInstance()
                    try session.setCategory(.playback)
                    try session.setPreferredIOBufferDuration(seconds)
                    try session.setActive(true)
                    return session.ioBufferDuration
                }
            }
            let short = try granted(0.001)
            let long = try granted(0.08)
            p.expect(short < 0.002, "1 ms asked gives under 2 ms (\(short) s)")
            p.expect(long >= 0.04, "80 ms asked gives at least 40 ms (\(long) s)")
        },
        BuiltInCheck(["SESSION-HW-PREFERENCES-ARE-REQUESTS"], "a non-mixable session gets its preferred rate; a mixable one under Music does not") { p in
            func rate(mixable: Bool) throws -> Double {
                let device = try p.device()
                let music = try device.launchMusic()
                device.run(as: MusicApp.name) { music.play() }
                return try device.launch("Voice", backgroundAudio: true) {
                    let session = AVAudioSession.sharedInstance()
                    try session.setCategory(.playAndRecord, options: mixable ? .mixWithOthers : [])
                    try session.setPreferredSampleRate(16_000)
                    try session.setActive(true)
                    return session.sampleRate
                }
            }
            p.expect(try rate(mixable: false), equals: 16_000, "non-mixable")
            p.expect(try rate(mixable: true) != 16_000, "a mixable session while Music controls the hardware")
        },
        BuiltInCheck(["SESSION-HW-UNSUPPORTED-QUERY-ZERO"], "input values read as zero in an output-only category") { p in
            let device = try p.device()
            try device.launchApp("Player", .playback)
            let (channels, latency) = device.run(as: "Player") {
                (AVAudioSession.sharedInstance().inputNumberOfChannels, AVAudioSession.sharedInstance().inputLatency)
            }
            p.expect(channels, equals: 0, "inputNumberOfChannels")
            p.expect(latency, equals: 0, "inputLatency")
        },
    ] }
}
