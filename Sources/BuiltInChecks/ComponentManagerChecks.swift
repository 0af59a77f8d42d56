import Conformance
import Foundation
import MediaServer
@_spi(Soundcheck) import AudioToolbox
import AVFAudio
import Soundcheck

/// `AVAudioUnitComponentManager` over the system's units and the apps installed on the device,
/// driven through the plain Apple-API component browser (`ComponentBrowser`).
enum ComponentManagerChecks {
    static let synth = AppAudioComponent(type: kAudioUnitType_RemoteInstrument, subtype: AudioToolbox.FourCC.code("sine")!,
                                         manufacturer: AudioToolbox.FourCC.code("Demo")!, name: "Demo: Sine Synth", version: 0x0001_0203,
                                         tags: ["Synthesizer", "Chiptune"])

    /// A device with the browser app running; the Mac's requirements run on the Mac profile.
    static func device(_ p: CheckProbe, profile: String = "iphone") throws -> SimulatedDevice {
        let device = try SimulatedDevice(profile: profile, platform: p.platform, seed: 5)
        try device.launch("Browser", backgroundAudio: true) {}
        return device
    }

    static func apple(_ type: OSType, _ subtype: OSType) -> AudioComponentDescription {
        AudioComponentDescription(componentType: type, componentSubType: subtype, componentManufacturer: kAudioUnitManufacturer_Apple,
                                  componentFlags: 0, componentFlagsMask: 0)
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["COMPONENT-SEARCH-DESCRIPTION", "COMPONENT-SEARCH-RESULTS", "COMPONENT-TYPE-NAME-EFFECT", "COMPONENT-SANDBOX-SAFE-IOS"],
                     "a description with zero wildcards finds Apple's effects in search order, as AVAudioUnitComponents whose typeName is AVAudioUnitTypeEffect, sandbox-safe on iOS") { p in
            let device = try device(p)
            let browser = device.run(as: "Browser") { ComponentBrowser() }
            // The registry's order (docs/effect-units.md); the talk's four come first.
            p.expect(browser.effectNames, equals: ["AUNBandEQ", "AUDelay", "AUReverb2", "AUDistortion", "AUPeakLimiter", "AUDynamicsProcessor",
                                                   "AULowpass", "AUHipass", "AUBandpass", "AUHighShelfFilter", "AULowShelfFilter",
                                                   "AUParametricEQ", "AUSampleDelay", "AUiPodEQ"], "effects by description")
            let effects = device.run(as: "Browser") { browser.allEffects() }
            p.expect(effects.map(\.name), equals: browser.effectNames, "effects by typeName == AVAudioUnitTypeEffect")
            let eq = try p.require(effects.first, "the first effect")
            p.expect(eq.manufacturerName, equals: AVAudioUnitManufacturerNameApple, "its manufacturer")
            p.expect(eq.audioComponentDescription.componentSubType, equals: kAudioUnitSubType_NBandEQ, "its subtype")
            p.expect(eq.isSandboxSafe, "sandbox-safe on iOS")
            p.expect(!eq.hasMIDIInput && !eq.hasMIDIOutput, "an EQ has no MIDI")
        },
        BuiltInCheck(["COMPONENT-SEARCH-BLOCK", "COMPONENT-VERSION-ENCODING"],
                     "the test block's stop flag ends the search at the first instrument; an installed node app's instrument is described from its declaration (version 0x00010203 is 1.2.3)") { p in
            let device = try device(p)
            InterAppAudio.of(device.server).install(AppID("Synth"), components: [synth])
            var visited = 0
            let sampler = try p.require(device.run(as: "Browser") { ComponentBrowser().firstInstrument(visited: &visited) }, "the first instrument")
            p.expect(sampler.name == "AUSampler" && sampler.typeName == AVAudioUnitTypeMusicDevice, "the first instrument is AUSampler: \(sampler.name)")
            let all = device.run(as: "Browser") { AVAudioUnitComponentManager.shared().components(matching: AudioComponentDescription()) }
            p.expect(visited, equals: (all.firstIndex { $0.name == "AUSampler" } ?? -1) + 1, "components tested (nothing after the sampler)")
            var remote = AudioComponentDescription()
            remote.componentType = kAudioUnitType_RemoteInstrument
            let found = try p.require(device.run(as: "Browser") { AVAudioUnitComponentManager.shared().components(matching: remote).first },
                                      "the node app's instrument")
            p.expect(found.name, equals: "Sine Synth", "its name")
            p.expect(found.manufacturerName, equals: "Demo", "its manufacturer")
            p.expect(found.typeName, equals: AVAudioUnitTypeMusicDevice, "its typeName")
            p.expect(found.hasMIDIInput, "it takes MIDI")
            p.expect(found.version, equals: 0x0001_0203, "its version")
            p.expect(found.versionString, equals: "1.2.3", "its versionString")
            p.expect(all.last?.name, equals: "Sine Synth", "apps' components come after the system's")
        },
        BuiltInCheck(["COMPONENT-SEARCH-PREDICATE", "COMPONENT-PLIST-TAGS"],
                     "a predicate over allTagNames finds the units tagged Pitch (AUNewTimePitch and AUVarispeed) and an app's custom Info.plist tag") { p in
            let device = try device(p)
            InterAppAudio.of(device.server).install(AppID("Synth"), components: [synth])
            let browser = device.run(as: "Browser") { ComponentBrowser() }
            p.expect(device.run(as: "Browser") { browser.tagged("Pitch") }, equals: ["AUNewTimePitch", "AUVarispeed"], "tagged Pitch")
            p.expect(device.run(as: "Browser") { browser.tagged("Chiptune") }, equals: ["Sine Synth"], "tagged Chiptune")
        },
        BuiltInCheck(["COMPONENT-TIME-PITCH-TAGS", "COMPONENT-SYSTEM-TAGS", "COMPONENT-STANDARD-TAGS", "COMPONENT-STANDARD-TAG-LIST"],
                     "AUNewTimePitch carries the standard tags Time Effect and Pitch; the 23 standard tags run Equalizer … MIDI, and every system tag is one of them") { p in
            let device = try device(p)
            let (timePitch, tags, standard) = device.run(as: "Browser") { () -> ([String], [String], [String]) in
                var d = AudioComponentDescription()
                d.componentSubType = kAudioUnitSubType_NewTimePitch
                let browser = ComponentBrowser()
                return (AVAudioUnitComponentManager.shared().components(matching: d).first?.allTagNames ?? [], browser.tags, browser.standardTags)
            }
            p.expect(timePitch, equals: ["Time Effect", "Pitch"], "AUNewTimePitch's tags")
            p.expect(standard.count == 23 && standard.first == "Equalizer" && standard.last == "MIDI", "the standard tags: \(standard)")
            p.expect(tags.allSatisfy(standard.contains), "Apple tags its units with standard tags: \(tags)")
        },
        BuiltInCheck(["COMPONENT-ALL-TAG-NAMES", "COMPONENT-USER-TAGS", "COMPONENT-USER-TAGS-READ-WRITE", "COMPONENT-ALL-USER-TAGS"],
                     "on the Mac a user tag written to AUDelay's userTagNames reads back first in allTagNames, before its system tags, and tagNames lists it among the tags in use") { p in
            let device = try device(p, profile: "mac")
            let (all, names) = device.run(as: "Browser") { () -> ([String], [String]) in
                let delay = AVAudioUnitComponentManager.shared().components(matching: apple(kAudioUnitType_Effect, kAudioUnitSubType_Delay))[0]
                delay.userTagNames = ["Dub"]
                let again = AVAudioUnitComponentManager.shared().components(matching: apple(kAudioUnitType_Effect, kAudioUnitSubType_Delay))[0]
                return (again.allTagNames, AVAudioUnitComponentManager.shared().tagNames)
            }
            p.expect(all, equals: ["Dub", "Delay", "Effects"], "AUDelay's allTagNames")
            p.expect(names.contains("Dub"), "tagNames holds the user's tag: \(names)")
        },
        BuiltInCheck(["IAA-REGISTRATIONS-CHANGED"],
                     "installing and removing a node app posts registrationsChangedNotification; the browser rescans and sees its component come and go") { p in
            let device = try device(p)
            let browser = device.run(as: "Browser") { ComponentBrowser() }
            let count = { device.run(as: "Browser") { AVAudioUnitComponentManager.shared().components(matching: AudioComponentDescription()).count } }
            let before = count()
            InterAppAudio.of(device.server).install(AppID("Synth"), components: [synth])
            p.expect(browser.rescans, equals: 2, "scans after the install")
            p.expect(count(), equals: before + 1, "components after the install")
            InterAppAudio.of(device.server).remove(AppID("Synth"))
            p.expect(browser.rescans, equals: 3, "scans after the removal")
            p.expect(count(), equals: before, "components after the removal")
        },
        BuiltInCheck(["COMPONENT-SHARED-MANAGER", "COMPONENT-SHARED-CACHE"],
                     "every host on a Mac shares one component manager, so a user tag one host sets is what another host reads; another device has its own") { p in
            let device = try device(p, profile: "mac")
            try device.launch("Other", backgroundAudio: true) {}
            let delay = apple(kAudioUnitType_Effect, kAudioUnitSubType_Delay)
            let first = device.run(as: "Browser") { () -> AVAudioUnitComponentManager in
                AVAudioUnitComponentManager.shared().components(matching: delay)[0].userTagNames = ["Tape"]
                return AVAudioUnitComponentManager.shared()
            }
            let (second, tags) = device.run(as: "Other") {
                (AVAudioUnitComponentManager.shared(), AVAudioUnitComponentManager.shared().components(matching: delay)[0].userTagNames)
            }
            p.expect(first === second, "both hosts get the same manager")
            p.expect(tags, equals: ["Tape"], "the other host reads the first host's tag")
            let elsewhere = try Self.device(p, profile: "mac")
            p.expect(elsewhere.run(as: "Browser") { AVAudioUnitComponentManager.shared() } !== first, "another device has its own manager")
        },
        BuiltInCheck(["COMPONENT-STEREO-QUERY"],
                     "on the Mac a host asks whether a unit supports stereo in and out: AUDelay does; the sampler, which takes no audio in, supports stereo out only") { p in
            let device = try device(p, profile: "mac")
            let answers = device.run(as: "Browser") { () -> [Bool?] in
                let manager = AVAudioUnitComponentManager.shared()
                let delay = manager.components(matching: apple(kAudioUnitType_Effect, kAudioUnitSubType_Delay)).first
                let sampler = manager.components(matching: apple(kAudioUnitType_MusicDevice, kAudioUnitSubType_Sampler)).first
                return [delay?.supportsNumberInputChannels(2, outputChannels: 2), sampler?.supportsNumberInputChannels(2, outputChannels: 2),
                        sampler?.supportsNumberInputChannels(0, outputChannels: 2), delay?.supportsNumberInputChannels(0, outputChannels: 0)]
            }
            p.expect(answers, equals: [true, false, true, false], "stereo in/out, sampler 2/2, sampler 0/2, delay 0/0")
        },
    ] }
}
