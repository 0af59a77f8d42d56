import AVFAudio
import Foundation
import MediaServer
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// iOS 26's output mute, checked at the port: a muted app is silent, a volume button tells it
/// the user wants sound (and unmutes a shortFormVideo session), each change is posted; and on
/// iOS 26 a recording session hears when its available inputs change.
@Suite("Session: output mute and available inputs (iOS 26)")
struct SessionOutputMuteTests {
    /// "Player", in `mode`, plays a 440 Hz tone from 0 s; it observes the output mute notifications.
    private func playing(platform: PlatformProfile, mode: AVAudioSession.Mode = .default)
        throws -> (SimulatedDevice, AVAudioPlayer, () -> [Bool?]) {
        let url = try TypedHarnessTests.toneFile(frequency: 440, seconds: 6)
        let device = try SimulatedDevice(profile: "iphone", platform: platform, seed: 17)
        try device.launch("Player", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback, mode: mode)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        nonisolated(unsafe) var posted: [Bool?] = []
        device.run(as: "Player") {
            _ = NotificationCenter.default.addObserver(forName: AVAudioSession.outputMuteStateChangeNotification,
                                                       object: AVAudioSession.sharedInstance(), queue: nil) { note in
                posted.append((note.userInfo?[AVAudioSession.muteStateKey] as? NSNumber)?.boolValue)
            }
        }
        let player = try device.run(as: "Player") { try AVAudioPlayer(contentsOf: url) }
        device.run(as: "Player") { _ = player.play() }
        return (device, player, { posted })
    }

    private func speaker(_ device: SimulatedDevice, _ from: Int, _ to: Int) throws -> PortAudio {
        try device.audio(at: .builtInSpeaker, from: .milliseconds(Int64(from)), to: .milliseconds(Int64(to)))
    }

    @Test("muted, the player is silent at the speaker while it plays on; a volume button tells it the user's intent and leaves it muted; unmuting brings the tone back")
    func mutedAppIsSilent() throws {
        let (device, player, posted) = try playing(platform: .ios26)
        device.advance(to: .seconds(1))
        try device.run(as: "Player") { try AVAudioSession.sharedInstance().setOutputMuted(true) }
        #expect(device.run(as: "Player") { AVAudioSession.sharedInstance().isOutputMuted })
        device.advance(to: .seconds(2))
        try device.perform(.volumeUp)
        device.advance(to: .seconds(3))
        try device.run(as: "Player") { try AVAudioSession.sharedInstance().setOutputMuted(false) }
        device.advance(to: .seconds(4))

        #expect(try speaker(device, 200, 900).contains(tone: 440))
        #expect(try speaker(device, 1100, 2900).isSilent, "muted, and still muted after the volume button")
        #expect(try speaker(device, 3100, 3900).contains(tone: 440))
        #expect(player.isPlaying, "muting is not pausing: the player plays on")
        #expect(posted() == [true, false])
        #expect(device.notifications(for: "Player") == [.outputMuteStateChange(muted: true), .userIntentToUnmuteOutput,
                                                         .outputMuteStateChange(muted: false)])
    }

    @Test("a shortFormVideo session is unmuted by the system at a volume button: the intent, then the new state, and the tone again")
    func shortFormVideoUnmutesOnIntent() throws {
        let (device, player, posted) = try playing(platform: .ios26, mode: .shortFormVideo)
        try device.run(as: "Player") { try AVAudioSession.sharedInstance().setOutputMuted(true) }
        device.advance(to: .seconds(1))
        try device.perform(.volumeDown)
        device.advance(to: .seconds(2))
        #expect(try speaker(device, 100, 900).isSilent)
        #expect(try speaker(device, 1100, 1900).contains(tone: 440))
        #expect(!device.run(as: "Player") { AVAudioSession.sharedInstance().isOutputMuted } && player.isPlaying)
        #expect(posted() == [true, false])
        #expect(device.notifications(for: "Player") == [.outputMuteStateChange(muted: true), .userIntentToUnmuteOutput,
                                                         .outputMuteStateChange(muted: false)])
    }

    @Test("before iOS 26 setOutputMuted(_:) does not exist: it throws badParam and the player stays audible")
    func outputMuteIsIOS26() throws {
        let (device, player, posted) = try playing(platform: .ios17)
        let error = device.run(as: "Player") { () -> NSError? in
            do { try AVAudioSession.sharedInstance().setOutputMuted(true) } catch { return error as NSError }
            return nil
        }
        #expect(error?.code == AVAudioSession.ErrorCode.badParam.rawValue)
        device.advance(to: .seconds(1))
        #expect(try speaker(device, 200, 900).contains(tone: 440) && player.isPlaying)
        #expect(posted().isEmpty && device.notifications(for: "Player").isEmpty)
    }

    @Test("on iOS 26 a recording session is told when a headset's microphone joins its available inputs and when it leaves; iOS 17 says nothing")
    func availableInputsChange() throws {
        for platform in [PlatformProfile.ios26, .ios17] {
            let device = try SimulatedDevice(profile: "iphone", platform: platform, seed: 18)
            try device.launch("Memo", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            device.advance(to: .milliseconds(500))
            let headset = try device.attach("wired-headset")
            device.advance(to: .seconds(1))
            let inputs = device.run(as: "Memo") { AVAudioSession.sharedInstance().availableInputs?.map(\.portType) ?? [] }
            #expect(inputs.contains(.headsetMic))
            try device.detach(headset)
            device.advance(to: .milliseconds(1500))
            let told = device.notifications(for: "Memo").filter { $0 == .availableInputsChange }
            #expect(told.count == (platform == .ios26 ? 2 : 0), "on iOS \(platform.release)")
        }
    }
}
