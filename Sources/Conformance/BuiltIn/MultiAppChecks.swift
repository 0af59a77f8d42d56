import Foundation
import MediaServer
import OpenAVFAudio
import SimCore
import Soundcheck
import VirtualDevices

/// Several apps on one device, through Apple's API names.
enum MultiAppChecks {


    static let all: [BuiltInCheck] = [
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
            p.expect(device.run(as: "Game") { AVAudioSession.sharedInstance().isOtherAudioPlaying }, "device.run(as: \"Game\") { AVAudioSession.sharedInstance().isOtherAudioPlaying }")
            p.expect(device.run(as: "Game") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint }, "device.run(as: \"Game\") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint }")
            try device.perform(.incomingCall(caller: "Alice"))
            p.expect(!music.isPlaying, "!music.isPlaying")
            p.expect(device.events("notify.interruption", app: MusicApp.name).first?.fields["type"] == "began", "device.events(\"notify.interruption\", app: MusicApp.name).first?.fields[\"type\"] == \"began\"")
            try device.perform(.declineCall)
            p.expect(music.isPlaying, "music.isPlaying")
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
            p.expect(!music.isPlaying, "!music.isPlaying")
            p.expect(!device.session(MusicApp.name).isActive, "!device.session(MusicApp.name).isActive")
            p.expect(device.session(MusicApp.name).isInterrupted, "device.session(MusicApp.name).isInterrupted")
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
            p.expect(device.session(MusicApp.name).isDucked, "device.session(MusicApp.name).isDucked")
            p.expect(music.isPlaying, "ducked, not interrupted")
            device.advance(by: .seconds(2))
            try device.run(as: "Maps") { try AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation) }
            p.expect(!device.session(MusicApp.name).isDucked, "!device.session(MusicApp.name).isDucked")
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
            p.expect(device.session("Phone+").outputTypes == [.builtInSpeaker], "device.session(\"Phone+\").outputTypes == [.builtInSpeaker]")
            let headphones = try device.attach("wired-headset")
            p.expect(device.session("Phone+").outputTypes == [.headphones], "a route change ends the override")
            p.expect(device.session("Phone+").inputTypes == [.headsetMic], "device.session(\"Phone+\").inputTypes == [.headsetMic]")
            try device.detach(headphones)
            p.expect(device.session("Phone+").outputTypes == [.builtInReceiver], "device.session(\"Phone+\").outputTypes == [.builtInReceiver]")
            let reasons = device.events("notify.routeChange", app: "Phone+").map { $0.fields["reason"] }
            // Going active moved the device from the idle speaker to the receiver: a category change.
            p.expect(reasons == ["categoryChange", "override", "newDeviceAvailable", "oldDeviceUnavailable"], "reasons == [\"categoryChange\", \"override\", \"newDeviceAvailable\", \"oldDeviceUnavailable\"]")
            p.expect(device.run(as: "Phone+") { AVAudioSession.sharedInstance().sampleRate } == 16_000, "device.run(as: \"Phone+\") { AVAudioSession.sharedInstance().sampleRate } == 16_000")
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
            p.expect(outputs.map(\.portType) == [.headphones, .usbAudio, .HDMI], "outputs.map(\\.portType) == [.headphones, .usbAudio, .HDMI]")
            p.expect(outputs.flatMap { $0.channels ?? [] }.count == 6, "outputs.flatMap { $0.channels ?? [] }.count == 6")
            p.expect(device.run(as: "DJ") { AVAudioSession.sharedInstance().outputNumberOfChannels } >= 2, "device.run(as: \"DJ\") { AVAudioSession.sharedInstance().outputNumberOfChannels } >= 2")
            // 2012 talk: activating MultiRoute "will trigger a route change with the reason Category
            // Change", and the inputs are the built-in microphone and the two USB inputs.
            p.expect(device.events("notify.routeChange", app: "DJ").map { $0.fields["reason"] } == ["categoryChange"], "device.events(\"notify.routeChange\", app: \"DJ\").map { $0.fields[\"reason\"] } == [\"categoryChange\"]")
            let inputs = device.run(as: "DJ") { AVAudioSession.sharedInstance().currentRoute.inputs }
            p.expect(inputs.map(\.portType) == [.builtInMic, .usbAudio], "inputs.map(\\.portType) == [.builtInMic, .usbAudio]")
            p.expect(inputs.flatMap { $0.channels ?? [] }.count == 3, "inputs.flatMap { $0.channels ?? [] }.count == 3")
        },
    ]
}
