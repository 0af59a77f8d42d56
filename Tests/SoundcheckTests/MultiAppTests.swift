import Foundation
import MediaServer
import OpenAVFAudio
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// Several apps on one device, through Apple's API names.
@Suite("Several apps on one device")
struct MultiAppTests {
    @Test("SESSION-ACTIVATE-MIXABLE: an ambient game mixes with Music; a call interrupts both")
    func gameMusicAndCall() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 2)
        let music = try device.launchMusic()
        device.run(as: MusicApp.name) { music.play() }
        try device.launch("Game") {
            try AVAudioSession.sharedInstance().setCategory(.ambient)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        #expect(device.session("Game").isActive && device.session(MusicApp.name).isActive, "ambient mixes")
        #expect(device.run(as: "Game") { AVAudioSession.sharedInstance().isOtherAudioPlaying })
        #expect(device.run(as: "Game") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint })
        try device.perform(.incomingCall(caller: "Alice"))
        #expect(!music.isPlaying)
        #expect(device.events("notify.interruption", app: MusicApp.name).first?.fields["type"] == "began")
        try device.perform(.declineCall)
        #expect(music.isPlaying)
    }

    @Test("SESSION-ACTIVATE-NONMIXABLE-INTERRUPTS: a second playback app interrupts Music")
    func nonMixableInterrupts() throws {
        let device = try SimulatedDevice(seed: 3)
        let music = try device.launchMusic()
        device.run(as: MusicApp.name) { music.play() }
        try device.launch("Radio", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        #expect(!music.isPlaying)
        #expect(!device.session(MusicApp.name).isActive)
        #expect(device.session(MusicApp.name).isInterrupted)
    }

    @Test("SESSION-DUCK-OTHERS: a navigation prompt ducks Music while active, then un-ducks it")
    func navigationDucksMusic() throws {
        let device = try SimulatedDevice(seed: 4)
        let music = try device.launchMusic()
        device.run(as: MusicApp.name) { music.play() }
        try device.launch("Maps", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback, mode: .voicePrompt,
                                                             options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers])
        }
        try device.run(as: "Maps") { try AVAudioSession.sharedInstance().setActive(true) }
        #expect(device.session(MusicApp.name).isDucked)
        #expect(music.isPlaying, "ducked, not interrupted")
        device.advance(by: .seconds(2))
        try device.run(as: "Maps") { try AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation) }
        #expect(!device.session(MusicApp.name).isDucked)
    }

    @Test("ROUTING-OVERRIDE: a VoIP call on the speaker while headphones come and go")
    func voipSpeakerOverride() throws {
        let device = try SimulatedDevice(seed: 5)
        try device.launch("Phone+", backgroundAudio: true) {
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playAndRecord, mode: .voiceChat)
            try session.setPreferredSampleRate(16_000)
            try session.setPreferredIOBufferDuration(0.02)
            try session.setActive(true)
        }
        device.answerRecordPermission("Phone+", granted: true)
        #expect(device.session("Phone+").outputTypes == [.builtInReceiver], "playAndRecord defaults to the receiver")
        try device.run(as: "Phone+") { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
        #expect(device.session("Phone+").outputTypes == [.builtInSpeaker])
        let headphones = try device.attach("wired-headset")
        #expect(device.session("Phone+").outputTypes == [.headphones], "a route change ends the override")
        #expect(device.session("Phone+").inputTypes == [.headsetMic])
        try device.detach(headphones)
        #expect(device.session("Phone+").outputTypes == [.builtInReceiver])
        let reasons = device.events("notify.routeChange", app: "Phone+").map { $0.fields["reason"] }
        // Going active moved the device from the idle speaker to the receiver: a category change.
        #expect(reasons == ["categoryChange", "override", "newDeviceAvailable", "oldDeviceUnavailable"])
        #expect(device.run(as: "Phone+") { AVAudioSession.sharedInstance().sampleRate } == 16_000)
    }

    @Test("ROUTING-MULTIROUTE: headphones, HDMI and a 2x2 USB interface appear together")
    func multiRoute() throws {
        let device = try SimulatedDevice(profile: "ipad", seed: 6)
        try device.attach("wired-headphones")
        try device.attach("hdmi:2")
        try device.attach("usb-interface:2x2")
        try device.launch("DJ", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.multiRoute)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        let outputs = device.run(as: "DJ") { AVAudioSession.sharedInstance().currentRoute.outputs }
        #expect(outputs.map(\.portType) == [.headphones, .usbAudio, .HDMI])
        #expect(outputs.flatMap { $0.channels ?? [] }.count == 6)
        #expect(device.run(as: "DJ") { AVAudioSession.sharedInstance().outputNumberOfChannels } >= 2)
        // 2012 talk: activating MultiRoute "will trigger a route change with the reason Category
        // Change", and the inputs are the built-in microphone and the two USB inputs.
        #expect(device.events("notify.routeChange", app: "DJ").map { $0.fields["reason"] } == ["categoryChange"])
        let inputs = device.run(as: "DJ") { AVAudioSession.sharedInstance().currentRoute.inputs }
        #expect(inputs.map(\.portType) == [.builtInMic, .usbAudio])
        #expect(inputs.flatMap { $0.channels ?? [] }.count == 3)
    }
}
