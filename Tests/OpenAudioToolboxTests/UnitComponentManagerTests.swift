import Foundation
import MediaServer
import OpenAudioToolbox
import OpenAVFAudio
import Soundcheck
import Testing

/// `AVAudioUnitComponentManager` over the system's units and the apps installed on the device,
/// driven through the component-browser fixture.
@Suite("AVAudioUnitComponentManager")
struct UnitComponentManagerTests {
    static let synth = AppAudioComponent(type: kAudioUnitType_RemoteInstrument, subtype: FourCC.code("sine")!,
                                         manufacturer: FourCC.code("Demo")!, name: "Demo: Sine Synth", version: 0x0001_0203,
                                         tags: ["Synthesizer", "Chiptune"])

    static func device() throws -> SimulatedDevice {
        let device = try SimulatedDevice(seed: 5)
        try device.launch("Browser", backgroundAudio: true) {}
        return device
    }

    @Test("COMPONENT-SEARCH-DESCRIPTION, COMPONENT-SEARCH-RESULTS, COMPONENT-TYPE-NAME-EFFECT, COMPONENT-SANDBOX-SAFE-IOS: a description with zero wildcards finds Apple's effects, in search order, as AVAudioUnitComponents")
    func byDescription() throws {
        let device = try Self.device()
        let browser = device.run(as: "Browser") { ComponentBrowser() }
        #expect(browser.effectNames == ["AUNBandEQ", "AUDelay", "AUReverb2", "AUDistortion"])
        let effects = device.run(as: "Browser") { browser.allEffects() }
        #expect(effects.map(\.name) == browser.effectNames, "COMPONENT-TYPE-NAME-EFFECT: typeName is AVAudioUnitTypeEffect")
        let eq = try #require(effects.first)
        #expect(eq.manufacturerName == AVAudioUnitManufacturerNameApple)
        #expect(eq.audioComponentDescription.componentSubType == kAudioUnitSubType_NBandEQ)
        #expect(eq.isSandboxSafe, "COMPONENT-SANDBOX-SAFE-IOS")
        #expect(!eq.hasMIDIInput && !eq.hasMIDIOutput)
    }

    @Test("COMPONENT-SEARCH-BLOCK, COMPONENT-VERSION-ENCODING: the test block's stop flag ends the search at the first instrument; an installed node app's instrument is described from its declaration")
    func byBlockWithStop() throws {
        let device = try Self.device()
        InterAppAudio.of(device.server).install(AppID("Synth"), components: [Self.synth])
        var visited = 0
        let found = device.run(as: "Browser") { ComponentBrowser().firstInstrument(visited: &visited) }
        let sampler = try #require(found)
        #expect(sampler.name == "AUSampler" && sampler.typeName == AVAudioUnitTypeMusicDevice)
        let all = device.run(as: "Browser") { AVAudioUnitComponentManager.shared().components(matching: AudioComponentDescription()) }
        #expect(visited == (all.firstIndex { $0.name == "AUSampler" } ?? -1) + 1, "nothing after the sampler was tested")
        var remote = AudioComponentDescription()
        remote.componentType = kAudioUnitType_RemoteInstrument
        let synth = try #require(device.run(as: "Browser") { AVAudioUnitComponentManager.shared().components(matching: remote).first })
        #expect(synth.name == "Sine Synth")
        #expect(synth.manufacturerName == "Demo")
        #expect(synth.typeName == AVAudioUnitTypeMusicDevice)
        #expect(synth.hasMIDIInput)
        #expect(synth.version == 0x0001_0203 && synth.versionString == "1.2.3")
        #expect(all.last?.name == "Sine Synth", "apps' components come after the system's")
    }

    @Test("COMPONENT-SEARCH-PREDICATE, COMPONENT-PLIST-TAGS: a predicate over allTagNames finds the units tagged Pitch (AUNewTimePitch and AUVarispeed) and an app's custom tag")
    func byPredicate() throws {
        let device = try Self.device()
        InterAppAudio.of(device.server).install(AppID("Synth"), components: [Self.synth])
        let browser = device.run(as: "Browser") { ComponentBrowser() }
        #expect(device.run(as: "Browser") { browser.tagged("Pitch") } == ["AUNewTimePitch", "AUVarispeed"])
        #expect(device.run(as: "Browser") { browser.tagged("Chiptune") } == ["Sine Synth"], "COMPONENT-PLIST-TAGS")
    }

    @Test("COMPONENT-TIME-PITCH-TAGS, COMPONENT-SYSTEM-TAGS, COMPONENT-STANDARD-TAGS, COMPONENT-STANDARD-TAG-LIST: AUNewTimePitch carries the standard tags Time Effect and Pitch; every system tag is a standard one")
    func systemTags() throws {
        let device = try Self.device()
        let (timePitch, tags, standard) = device.run(as: "Browser") { () -> ([String], [String], [String]) in
            var d = AudioComponentDescription()
            d.componentSubType = kAudioUnitSubType_NewTimePitch
            let browser = ComponentBrowser()
            return (AVAudioUnitComponentManager.shared().components(matching: d).first?.allTagNames ?? [], browser.tags, browser.standardTags)
        }
        #expect(timePitch == ["Time Effect", "Pitch"])
        #expect(standard.count == 23 && standard.first == "Equalizer" && standard.last == "MIDI", "COMPONENT-STANDARD-TAG-LIST")
        #expect(tags.allSatisfy(standard.contains), "COMPONENT-SYSTEM-TAGS: Apple tags its units with standard tags")
    }

    @Test("COMPONENT-ALL-TAG-NAMES, COMPONENT-USER-TAGS, COMPONENT-USER-TAGS-READ-WRITE, COMPONENT-ALL-USER-TAGS: allTagNames is the user's tags then the system tags; tagNames lists every tag in use")
    func userTags() throws {
        let device = try Self.device()
        let (all, names) = device.run(as: "Browser") { () -> ([String], [String]) in
            var d = AudioComponentDescription()
            d.componentSubType = kAudioUnitSubType_Delay
            let delay = AVAudioUnitComponentManager.shared().components(matching: d)[0]
            delay.userTagNames = ["Dub"]
            return (AVAudioUnitComponentManager.shared().components(matching: d)[0].allTagNames, AVAudioUnitComponentManager.shared().tagNames)
        }
        #expect(all == ["Dub", "Delay", "Effects"])
        #expect(names.contains("Dub"))
    }

    @Test("IAA-REGISTRATIONS-CHANGED: installing and removing a node app posts registrationsChangedNotification; the browser rescans and sees it come and go")
    func registrationsChanged() throws {
        let device = try Self.device()
        let browser = device.run(as: "Browser") { ComponentBrowser() }
        let count = { device.run(as: "Browser") { AVAudioUnitComponentManager.shared().components(matching: AudioComponentDescription()).count } }
        let before = count()
        InterAppAudio.of(device.server).install(AppID("Synth"), components: [Self.synth])
        #expect(browser.rescans == 2)
        #expect(count() == before + 1)
        InterAppAudio.of(device.server).remove(AppID("Synth"))
        #expect(browser.rescans == 3)
        #expect(count() == before)
    }

    @Test("COMPONENT-SHARED-MANAGER, COMPONENT-SHARED-CACHE: every host on a device shares one manager, so a user tag one host sets is what another host reads")
    func sharedAcrossHosts() throws {
        let device = try Self.device()
        try device.launch("Other", backgroundAudio: true) {}
        var delay = AudioComponentDescription()
        delay.componentSubType = kAudioUnitSubType_Delay
        let first = device.run(as: "Browser") { () -> AVAudioUnitComponentManager in
            AVAudioUnitComponentManager.shared().components(matching: delay)[0].userTagNames = ["Tape"]
            return AVAudioUnitComponentManager.shared()
        }
        let (second, tags) = device.run(as: "Other") {
            (AVAudioUnitComponentManager.shared(), AVAudioUnitComponentManager.shared().components(matching: delay)[0].userTagNames)
        }
        #expect(first === second)
        #expect(tags == ["Tape"])
        let elsewhere = try SimulatedDevice(seed: 6)
        try elsewhere.launch("Browser", backgroundAudio: true) {}
        #expect(elsewhere.run(as: "Browser") { AVAudioUnitComponentManager.shared() } !== first, "another device has its own")
    }
}

/// The Mac-only channel-configuration query the 2014 talk shows a host making.
@Suite("AVAudioUnitComponent channel configurations")
struct ComponentChannelConfigurationTests {
    static func apple(_ type: OSType, _ subtype: OSType) -> AudioComponentDescription {
        AudioComponentDescription(componentType: type, componentSubType: subtype, componentManufacturer: kAudioUnitManufacturer_Apple,
                                  componentFlags: 0, componentFlagsMask: 0)
    }

    @Test("COMPONENT-STEREO-QUERY: on the Mac a host asks whether a unit supports stereo in and out: AUDelay does; the sampler, which takes no audio in, supports stereo out only")
    func stereoQuery() throws {
        let device = try SimulatedDevice(profile: "mac", seed: 5)
        try device.launch("Browser", backgroundAudio: true) {}
        let answers = device.run(as: "Browser") { () -> [Bool?] in
            let manager = AVAudioUnitComponentManager.shared()
            let delay = manager.components(matching: Self.apple(kAudioUnitType_Effect, kAudioUnitSubType_Delay)).first
            let sampler = manager.components(matching: Self.apple(kAudioUnitType_MusicDevice, kAudioUnitSubType_Sampler)).first
            return [delay?.supportsNumberInputChannels(2, outputChannels: 2), sampler?.supportsNumberInputChannels(2, outputChannels: 2),
                    sampler?.supportsNumberInputChannels(0, outputChannels: 2), delay?.supportsNumberInputChannels(0, outputChannels: 0)]
        }
        #expect(answers == [true, false, true, false])
    }
}
