import Foundation
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import VirtualDevices

/// Several apps on one device, through Apple's API names.
enum MultiAppChecks {


    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-ACTIVATE-MIXABLE"],
                     "an ambient game mixes with Music; a call interrupts both") { p in
            let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 2)
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            try device.launch("Game") {
                try AVAudioSession.sharedInstance().setCategory(.ambient)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            p.expect(device.session("Game").isActive && device.session(MusicApp.name).isActive, "ambient mixes")
            p.expect(device.run(as: "Game") { AVAudioSession.sharedInstance().isOtherAudioPlaying }, "the game reads isOtherAudioPlaying false while Music plays")
            p.expect(device.run(as: "Game") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint }, "the game reads secondaryAudioShouldBeSilencedHint false while Music plays")
            try device.perform(.incomingCall(caller: "Alice"))
            p.expect(!music.isPlaying, "Music still plays; it should have been interrupted")
            p.expect(device.events("notify.interruption", app: MusicApp.name).first?.fields["type"], equals: "began", "the first interruption notification Music received")
            try device.perform(.declineCall)
            p.expect(music.isPlaying, "Music did not resume after the call was declined")
        },
        BuiltInCheck(["SESSION-ACTIVATE-NONMIXABLE-INTERRUPTS"],
                     "a second playback app interrupts Music") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 3)
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            try device.launch("Radio", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            p.expect(!music.isPlaying, "Music still plays; it should have been interrupted")
            p.expect(!device.session(MusicApp.name).isActive, "Music's session stayed active beside a non-mixable playback app")
            p.expect(device.session(MusicApp.name).isInterrupted, "Music's session is not marked interrupted")
        },
        BuiltInCheck(["SESSION-DUCK-OTHERS"],
                     "a navigation prompt ducks Music while active, then un-ducks it") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 4)
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            // The voice-prompt mode and the spoken-audio option came later (iOS 12 and 9); ducking did not.
            let modern = ![PlatformProfile.ios6, .ios7, .ios8].contains(p.platform)
            try device.launch("Maps", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playback, mode: modern ? .voicePrompt : .default,
                                                                 options: modern ? [.duckOthers, .interruptSpokenAudioAndMixWithOthers] : .duckOthers)
            }
            try device.run(as: "Maps") { try AVAudioSession.sharedInstance().setActive(true) }
            p.expect(device.session(MusicApp.name).isDucked, "Music is not ducked while the prompt's session is active")
            p.expect(music.isPlaying, "ducked, not interrupted")
            device.advance(by: .seconds(2))
            try device.run(as: "Maps") { try AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation) }
            p.expect(!device.session(MusicApp.name).isDucked, "Music is still ducked after the prompt's session deactivated")
        },
        BuiltInCheck(["ROUTING-OVERRIDE"],
                     "a VoIP call on the speaker while headphones come and go") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 5)
            try device.launch("Phone+", backgroundAudio: true) {
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playAndRecord, mode: .voiceChat)
                try session.setPreferredSampleRate(16_000)
                try session.setPreferredIOBufferDuration(0.02)
                try session.setActive(true)
            }
            device.answerRecordPermission("Phone+", granted: true)
            p.expect(device.session("Phone+").outputTypes == [.builtInReceiver], "playAndRecord defaults to the receiver")
            try device.run(as: "Phone+") { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
            p.expect(device.session("Phone+").outputTypes, equals: [.builtInSpeaker], "the call's outputs after overriding to the speaker")
            let headphones = try device.attach("wired-headset")
            p.expect(device.session("Phone+").outputTypes == [.headphones], "a route change ends the override")
            p.expect(device.session("Phone+").inputTypes, equals: [.headsetMic], "the call's inputs with a wired headset")
            try device.detach(headphones)
            p.expect(device.session("Phone+").outputTypes, equals: [.builtInReceiver], "the call's outputs after the headset is unplugged")
            let reasons = device.events("notify.routeChange", app: "Phone+").map { $0.fields["reason"] }
            // Going active moved the device from the idle speaker to the receiver: a category change.
            p.expect(reasons, equals: ["categoryChange", "override", "newDeviceAvailable", "oldDeviceUnavailable"], "the route-change reasons the call was told")
            p.expect(device.run(as: "Phone+") { AVAudioSession.sharedInstance().sampleRate }, equals: 16_000, "the call's sample rate (it prefers 16 kHz)")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE"],
                     "headphones, HDMI and a 2x2 USB interface appear together") { p in
            let device = try SimulatedDevice(profile: "ipad", platform: p.platform, seed: 6)
            try device.attach("wired-headphones")
            try device.attach("hdmi:2")
            try device.attach("usb-interface:2x2")
            try device.launch("DJ", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.multiRoute)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            let outputs = device.run(as: "DJ") { AVAudioSession.sharedInstance().currentRoute.outputs }
            p.expect(outputs.map(\.portType), equals: [.headphones, .usbAudio, .HDMI], "the multiRoute outputs, in route order")
            p.expect(outputs.flatMap { $0.channels ?? [] }.count, equals: 6, "output channels of headphones, USB 2x2 and HDMI together")
            p.expect(device.run(as: "DJ") { AVAudioSession.sharedInstance().outputNumberOfChannels } >= 2, "outputNumberOfChannels is under 2 on a multiRoute route")
            // 2012 talk: activating MultiRoute "will trigger a route change with the reason Category
            // Change", and the inputs are the built-in microphone and the two USB inputs.
            p.expect(device.events("notify.routeChange", app: "DJ").map { $0.fields["reason"] }, equals: ["categoryChange"], "the route-change reasons on activating multiRoute")
            let inputs = device.run(as: "DJ") { AVAudioSession.sharedInstance().currentRoute.inputs }
            p.expect(inputs.map(\.portType), equals: [.builtInMic, .usbAudio], "the multiRoute inputs")
            p.expect(inputs.flatMap { $0.channels ?? [] }.count, equals: 3, "input channels: the built-in mic and the two USB inputs")
        },
    ] }
}
