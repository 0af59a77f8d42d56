import AudioGraph
import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import CoreAudioTypes
import SimCore
import Soundcheck
import VirtualDevices

/// Multichannel routes: where stereo and mono land by default, channel labels, and sending a
/// stream to chosen channels — checked by the level on each port channel.
enum MultichannelChecks {
    /// A stereo tone: 500 Hz on the left, 700 Hz on the right, one second, looping.
    static let stereoTone: AudioSource = {
        let rate = 48_000
        func tone(_ hz: Double) -> [Float] { (0..<rate).map { Float(0.5 * sin(2 * .pi * hz * Double($0) / Double(rate))) } }
        return .buffer(PCMBuffer(sampleRate: .hz48000, channels: [tone(500), tone(700)]), looping: true)
    }()

    /// Which channels of `port` (1-based) carried sound over the last 200 ms.
    static func soundingChannels(_ device: SimulatedDevice, _ port: String, channels: Int) -> [Int] {
        (1...channels).filter { device.peakDBFS(port, channel: $0) > -40 }
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["MULTICHANNEL-DEFAULT-STEREO-FIRST-TWO", "MULTICHANNEL-DEFAULT-MONO-FIRST-TWO"],
                     "stereo and mono content play on the first two channels of a six-channel HDMI route") { p in
            for (source, what) in [(stereoTone, "stereo"), (AudioSource.sine(frequency: 1_000, amplitude: 0.5), "mono")] {
                let device = try p.device()
                try device.attach("hdmi:6")
                try device.launchApp("Movie", .playback)
                let voice = device.play(source, as: "Movie")
                _ = device.advance(by: .milliseconds(400))
                p.expect(soundingChannels(device, "HDMIOutput-1", channels: 6), equals: [1, 2], "\(what): HDMI channels with sound")
                device.stop(voice)
            }
        },
        BuiltInCheck(["MULTICHANNEL-HDMI-LABELS"], "HDMI channels carry speaker-position labels: left, right, center, LFE, surrounds") { p in
            let device = try p.device()
            try device.attach("hdmi:6")
            try device.launchApp("Movie", .playback)
            let labels = device.run(as: "Movie") { AVAudioSession.sharedInstance().currentRoute.outputs.first?.channels?.map(\.channelLabel) ?? [] }
            p.expect(labels, equals: [kAudioChannelLabel_Left, kAudioChannelLabel_Right, kAudioChannelLabel_Center,
                                      kAudioChannelLabel_LFEScreen, kAudioChannelLabel_LeftSurround, kAudioChannelLabel_RightSurround],
                     "5.1 HDMI channel labels")
        },
        BuiltInCheck(["MULTICHANNEL-ORDER-MATCHES-DESCRIPTIONS", "MULTICHANNEL-GLOBAL-CHANNEL-SPACE", "MULTICHANNEL-CHANNEL-SELECTION",
                      "MULTICHANNEL-DEMO-PER-PLAYER-CHANNEL"],
                     "under MultiRoute the route lists headphone then HDMI channels, and two streams go where their channel maps say") { p in
            let device = try p.device()
            try device.attach("wired-headphones")
            try device.attach("hdmi:2")
            try device.launchApp("DJ", .multiRoute)
            let channels = device.run(as: "DJ") { AVAudioSession.sharedInstance().currentRoute.outputs.flatMap { $0.channels ?? [] } }
            p.expect(channels.map(\.owningPortUID), equals: ["Wired Headphones", "Wired Headphones", "HDMIOutput-1", "HDMIOutput-1"],
                     "the channel space in port order")
            let cue = device.play(.sine(frequency: 500, amplitude: 0.5), as: "DJ",
                                  assignments: [ChannelAssignment(portUID: "Wired Headphones", channelNumber: 1)])
            let house = device.play(stereoTone, as: "DJ", assignments: [ChannelAssignment(portUID: "HDMIOutput-1", channelNumber: 1),
                                                                        ChannelAssignment(portUID: "HDMIOutput-1", channelNumber: 2)])
            _ = device.advance(by: .milliseconds(400))
            p.expect(soundingChannels(device, "Wired Headphones", channels: 2), equals: [1], "the cue on headphone left only")
            p.expect(soundingChannels(device, "HDMIOutput-1", channels: 2), equals: [1, 2], "the house mix on HDMI 1 and 2")
            device.stop(cue)
            device.stop(house)
        },
        BuiltInCheck(["MULTICHANNEL-SELECT-MONO-CHANNEL", "MULTICHANNEL-CHANNEL-ASSIGNMENTS-COUNT"],
                     "a mono player with a one-element channelAssignments plays on that channel alone") { p in
            let device = try p.device()
            try device.attach("hdmi:6")
            let folder = try FileChecks.scratch("mono-\(p.platform.description)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("tone.wav")
            try writeTone(to: url, seconds: 2)
            let player = try device.launch("Movie", backgroundAudio: true) { () throws -> AVAudioPlayer in
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
                return try AVAudioPlayer(contentsOf: url)
            }
            p.expect(player.channelAssignments == nil, "nil until set")
            let channels = device.run(as: "Movie") { AVAudioSession.sharedInstance().currentRoute.outputs.first?.channels ?? [] }
            guard channels.count == 6 else { p.expect(false, "HDMI has six channels"); return }
            player.channelAssignments = [channels[0], channels[1]]
            p.expect(player.channelAssignments == nil, "a two-element array is refused for a mono player")
            player.channelAssignments = [channels[2]]
            p.expect(player.channelAssignments?.map(\.channelNumber) == [3], "the one-element array is kept")
            device.run(as: "Movie") { _ = player.play() }
            _ = device.advance(by: .milliseconds(400))
            p.expect(soundingChannels(device, "HDMIOutput-1", channels: 6), equals: [3], "HDMI channels with sound")
        },
        BuiltInCheck(["MULTICHANNEL-AUDIOQUEUE-ONE-BASED"],
                     "an Audio Queue assigned to HDMI channel number 2 plays on HDMI's second channel alone; channel number 0 is refused") { p in
            let device = try p.device()
            try device.attach("wired-headphones")
            try device.attach("hdmi:2")
            try device.launchApp("DJ", .multiRoute)
            let (refused, assigned, started) = try device.run(as: "DJ") { () throws -> (OSStatus, OSStatus, OSStatus) in
                try AudioQueueChecks.loopingToneQueue(frequency: 1_000) { queue in
                    let uid = Unmanaged.passRetained("HDMIOutput-1" as CFString)
                    defer { uid.release() }
                    func assign(_ number: UInt32) -> OSStatus {
                        var assignment = AudioQueueChannelAssignment(mDeviceUID: uid, mChannelNumber: number)
                        return AudioQueueSetProperty(queue, kAudioQueueProperty_ChannelAssignments, &assignment,
                                                     UInt32(MemoryLayout<AudioQueueChannelAssignment>.stride))
                    }
                    return (assign(0), assign(2))
                }
            }
            p.expect(refused, equals: kAudioQueueErr_InvalidPropertyValue, "mChannelNumber 0 names no channel")
            p.expect(assigned, equals: noErr, "mChannelNumber 2")
            p.expect(started, equals: noErr, "the queue starts")
            _ = device.advance(by: .milliseconds(400))
            p.expect(soundingChannels(device, "HDMIOutput-1", channels: 2), equals: [2], "HDMI channels with sound")
            p.expect(soundingChannels(device, "Wired Headphones", channels: 2), equals: [], "headphone channels with sound")
        },
    ] }

    /// A mono 1 kHz tone file, 16-bit WAV at 48 kHz.
    static func writeTone(to url: URL, seconds: Int) throws {
        let settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 48_000.0, AVNumberOfChannelsKey: 1,
                                       AVLinearPCMBitDepthKey: 16]
        let file = try AVAudioFile(forWriting: url, settings: settings)
        guard let buffer = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: AVAudioFrameCount(48_000 * seconds)),
              let samples = buffer.floatChannelData?[0] else { return }
        for frame in 0..<(48_000 * seconds) { samples[frame] = Float(0.5 * sin(2 * .pi * 1_000 * Double(frame) / 48_000)) }
        buffer.frameLength = buffer.frameCapacity
        try file.write(from: buffer)
    }
}
