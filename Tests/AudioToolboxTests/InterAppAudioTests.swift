import CRealtimeProbe
@testable import Conformance
import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
@_spi(Soundcheck) import UIKit
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// Inter-App Audio across two simulated apps: a node declares and publishes a component, a host
/// finds it, instantiates it (launching the node into the background), connects it and plays it
/// through its own RemoteIO; disconnection, invalidation and the documented errors.
@Suite("Inter-App Audio")
struct InterAppAudioTests {
    typealias Stage = InterAppAudioStage
    static let drone = InterAppAudioStage.drone
    static let keys = InterAppAudioStage.keys
    static let halver = InterAppAudioStage.halver

    static func rms(_ stage: Stage, from: HostTime, to: HostTime) throws -> Double {
        try #require(stage.speakerRMS(from: from, to: to))
    }

    @Test("IAA-CONNECT-LAUNCHES-NODE, IAA-NODE-IO-REDIRECTED, IAA-DISCOVER-NOT-RUNNING, IAA-FOUR-TYPES: instantiating a node launches its app into the background; connected, it starts and its tone is heard through the host")
    func generatorHeardThroughHost() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), Self.drone)])
        try stage.launchHost()
        #expect(stage.device.device.lifecycle(of: "Drone") == .notRunning)
        let found = stage.device.run(as: "Host") { stage.host.discover() }
        #expect(found.map(\.name) == ["Test: Drone"], "IAA-DISCOVER-NOT-RUNNING: found before the node ever ran")
        #expect(stage.connect("Test: Drone") == noErr)
        #expect(stage.device.device.lifecycle(of: "Drone") == .background)
        #expect(stage.device.device.lifecycle(of: "Host") == .foreground)
        let node = try #require(stage.nodes["Drone"])
        #expect(node.publishStatus == noErr)
        #expect(node.connectedChanges == [true], "IAA-IS-CONNECTED-LISTENER on the node")
        #expect(stage.host.connectedChanges == [true], "and on the host")
        #expect(node.startStatuses == [noErr], "IAA-NODE-CONNECTED-START: a connected node starts from the background")
        stage.device.advance(to: .seconds(1))
        let speaker = try #require(stage.device.sink("Speaker"))
        let frequency = try #require(speaker.dominantFrequency(channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        #expect(abs(frequency - 660) < 1)
        #expect(abs(try Self.rms(stage, from: .milliseconds(100), to: .milliseconds(900)) - 0.25 / 2.0.squareRoot()) < 0.005)
        #expect(node.rendered > 40_000, "rendered in the host's cycle, not its own")
    }

    @Test("IAA-MIDI-SAMPLE-ACCURATE, IAA-MIDI-OFFSET-ZERO, IAA-NODE-MIDI-CALLBACKS: a note-on 412 frames into the next cycle sounds from exactly that frame at the speaker; a note-off at offset 0 from the start of the cycle after it")
    func midiOnTheFrame() throws {
        let stage = try Stage(installs: [("Keys", .instrument, Self.keys)])
        try stage.launchHost()
        #expect(stage.connect("Test: Keys") == noErr)
        let unit = try #require(stage.host.nodes.first)
        try stage.device.schedule(at: .seconds(1), as: "Host") { #expect(stage.host.send(0x90, 69, 127, offset: 412, to: unit) == noErr) }
        try stage.device.schedule(at: .seconds(2), as: "Host") { #expect(stage.host.send(0x80, 69, 0, offset: 0, to: unit) == noErr) }
        stage.device.advance(to: .seconds(3))
        let node = try #require(stage.nodes["Keys"])
        #expect(node.midi.map { [$0.0, $0.1, $0.2, $0.3] } == [[0x90, 69, 127, 412], [0x80, 69, 0, 0]])
        let samples = try #require(stage.device.sink("Speaker")?.samples(channel: 1))
        // The device renders a 1,024-frame cycle when its last frame is due: the first cycle
        // rendered after 1 s (frame 48,000) is frames 47,104…48,127, so the note starts at
        // 47,104 + 412; the note-off at 2 s (frame 96,000) ends it where the cycle rendered next
        // (frames 95,232…96,255) begins.
        let onset = try #require(samples.firstIndex { $0 != 0 }) - 1
        #expect(onset == 47_104 + 412)
        let release = try #require(samples.lastIndex { $0 != 0 }) + 1
        #expect(release == 95_232)
        let frequency = try #require(stage.device.sink("Speaker")?.dominantFrequency(channel: 1, from: .milliseconds(1100), to: .milliseconds(1900)))
        #expect(abs(frequency - 440) < 1)
    }

    @Test("IAA-REALTIME-STREAMING: pulling a connected node (host callbacks, MIDI, the node's render, format transfer) streams without failures, allocating nothing and taking no lock")
    func renderAllocatesNothing() throws {
        let stage = try Stage(installs: [("Keys", .instrument, Self.keys)])
        try stage.launchHost()
        #expect(stage.connect("Test: Keys") == noErr)
        stage.device.advance(to: .milliseconds(200))
        let unit = try #require(stage.host.nodes.first)
        let frames = 1024
        let left = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        defer { left.deallocate(); right.deallocate() }
        let list = AudioBufferList.allocate(maximumBuffers: 2)
        defer { free(list.unsafeMutablePointer) }
        var timeStamp = AudioTimeStamp()
        timeStamp.mFlags = .sampleTimeValid
        var flags = AudioUnitRenderActionFlags()
        func pull() -> OSStatus {
            list[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(frames * 4), mData: left)
            list[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(frames * 4), mData: right)
            timeStamp.mSampleTime += Float64(frames)
            return AudioUnitRender(unit, &flags, &timeStamp, 0, UInt32(frames), list.unsafeMutablePointer)
        }
        var failures = 0
        stage.device.run(as: "Host") {
            _ = MusicDeviceMIDIEvent(unit, 0x90, 69, 127, 100)
            for _ in 0..<50 { failures += pull() == noErr ? 0 : 1 }
            rt_probe_watch(pthread_self())
            for _ in 0..<400 { failures += pull() == noErr ? 0 : 1 }
        }
        let counts = rt_probe_stop()
        // In a debug build too: generic collection code over an AudioBufferList (contains(where:),
        // for-in) reads through a coroutine that allocates there, so the render path indexes.
        #expect(counts.allocations == 0)
        #expect(counts.locks == 0)
        #expect(counts.writes == 0)
        #expect(failures == 0)
        #expect((0..<frames).contains { abs(left[$0]) > 0.1 }, "the node's note is in what the host pulled")
    }

    @Test("a generator node takes no MIDI: MusicDeviceMIDIEvent answers badComponentSelector")
    func generatorTakesNoMIDI() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), Self.drone)])
        try stage.launchHost()
        #expect(stage.connect("Test: Drone") == noErr)
        let unit = try #require(stage.host.nodes.first)
        #expect(stage.device.run(as: "Host") { MusicDeviceMIDIEvent(unit, 0x90, 60, 100, 0) } == badComponentSelector)
    }

    @Test("IAA-EFFECT-NO-HARDWARE: an effect node takes the host's audio (another node's output) and returns it processed")
    func effectChain() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 440), Self.drone), ("Halver", .effect, Self.halver)])
        try stage.launchHost()
        #expect(stage.connect("Test: Drone") == noErr)
        let generator = try #require(stage.host.nodes.first)
        #expect(stage.connect("Test: Halver", feedsFrom: generator) == noErr)
        stage.device.advance(to: .seconds(1))
        #expect(abs(try Self.rms(stage, from: .milliseconds(100), to: .milliseconds(900)) - 0.125 / 2.0.squareRoot()) < 0.005)
    }

    @Test("IAA-NODE-LAUNCHED-BACKGROUND: a node in the background without a host cannot start (12985, operation denied); in the foreground it can")
    func backgroundStartDenied() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), Self.drone)])
        try stage.device.server.launchInBackground(AppID("Drone"))
        stage.device.run(as: "Drone") { InterAppAudio.of(stage.device.server).launcher?(AppID("Drone")) }
        let node = try #require(stage.nodes["Drone"])
        stage.device.run(as: "Drone") { node.start() }
        #expect(node.startStatuses == [12985])
        try stage.device.perform(.foreground(app: "Drone"))
        stage.device.run(as: "Drone") {
            try? AVAudioSession.sharedInstance().setCategory(.playback, options: .mixWithOthers)
            try? AVAudioSession.sharedInstance().setActive(true)
            node.start()
        }
        #expect(node.startStatuses.last == noErr)
    }

    @Test("IAA-TOO-MANY-INSTANCES, IAA-ONE-HOST-PER-NODE: a second instance of a published component fails with −66750, from another host too")
    func oneInstance() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), Self.drone)])
        try stage.launchHost()
        #expect(stage.connect("Test: Drone") == noErr)
        #expect(stage.connect("Test: Drone") == kAudioComponentErr_TooManyInstances)
        let other = InterAppHost()
        try stage.device.launch("Other", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback, options: .mixWithOthers)
            let node = try #require(other.discover().first)
            #expect(other.connect(node) == kAudioComponentErr_TooManyInstances)
        }
    }

    @Test("IAA-DISCONNECTED-ZOMBIE: killing the node invalidates the host's unit (notification, −66749, silence); the host connects again and is heard")
    func nodeKilledAndRecovered() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), Self.drone)])
        try stage.launchHost()
        #expect(stage.connect("Test: Drone") == noErr)
        let stale = try #require(stage.host.nodes.first)
        stage.device.advance(to: .seconds(1))
        try stage.device.perform(.terminate(app: "Drone"))
        #expect(stage.host.invalidations == 1)
        #expect(stage.host.connectedChanges == [true, false])
        #expect(stage.device.events("iaa.invalidated").count == 1)
        stage.device.advance(to: .seconds(2))
        #expect(try Self.rms(stage, from: .milliseconds(1100), to: .milliseconds(1900)) < 1e-6)
        #expect(stage.connect("Test: Drone") == noErr, "relaunches the node and connects again")
        #expect(stage.device.events("device.launch").filter { $0.fields["app"] == .string("Drone") }.count == 2)
        stage.device.advance(to: .seconds(3))
        #expect(try Self.rms(stage, from: .milliseconds(2100), to: .milliseconds(2900)) > 0.1)
        _ = stale
    }

    @Test("IAA-INTERRUPTION-UNINITIALIZES: a call interrupts the host; the system uninitializes its node unit and the node hears the disconnection")
    func hostInterrupted() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), Self.drone)])
        try stage.launchHost()
        #expect(stage.connect("Test: Drone") == noErr)
        stage.device.advance(to: .seconds(1))
        try stage.device.perform(.incomingCall(caller: "Alice"))
        stage.device.advance(to: .milliseconds(1100))
        let node = try #require(stage.nodes["Drone"])
        #expect(node.connectedChanges == [true, false])
        #expect(stage.host.connectedChanges == [true, false])
    }

    @Test("SESSION-RESET-ZOMBIES: a media-services reset breaks the connection; both apps rebuild and the node is heard again")
    func mediaServicesReset() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), Self.drone)])
        try stage.launchHost()
        #expect(stage.connect("Test: Drone") == noErr)
        stage.device.advance(to: .seconds(1))
        try stage.device.perform(.mediaServerCrash(restartDelay: .milliseconds(200)))
        stage.device.advance(to: .milliseconds(1500))
        #expect(stage.host.invalidations == 1)
        // The node rebuilds and publishes again; the host rebuilds and reconnects.
        stage.device.run(as: "Drone") { InterAppAudio.of(stage.device.server).launcher?(AppID("Drone")) }
        try stage.launchHostAgain()
        #expect(stage.connect("Test: Drone") == noErr)
        stage.device.advance(to: .seconds(3))
        #expect(try Self.rms(stage, from: .milliseconds(2000), to: .milliseconds(2900)) > 0.1)
    }

    @Test("IAA-NOT-PERMITTED: publishing what the Info.plist does not declare is −66748; twice is −66752; a non-remote type −66751")
    func publishErrors() throws {
        let device = try SimulatedDevice(seed: 3)
        InterAppAudio.of(device.server).install(AppID("Drone"), components: [Self.drone])
        try device.launch("Drone", backgroundAudio: true) {
            let node = InterAppNode(kind: .generator(frequency: 440))
            let d = Self.drone.description
            node.launch(type: d.componentType, subType: d.componentSubType, manufacturer: d.componentManufacturer,
                        name: "Test: Other Name", version: 0x0001_0000, sampleRate: 48_000)
            #expect(node.publishStatus == kAudioComponentErr_NotPermitted)
            node.launch(type: d.componentType, subType: d.componentSubType, manufacturer: d.componentManufacturer,
                        name: Self.drone.name, version: Self.drone.version, sampleRate: 48_000)
            #expect(node.publishStatus == noErr)
            let twice = InterAppNode(kind: .generator(frequency: 440))
            twice.launch(type: d.componentType, subType: d.componentSubType, manufacturer: d.componentManufacturer,
                         name: Self.drone.name, version: Self.drone.version, sampleRate: 48_000)
            #expect(twice.publishStatus == kAudioComponentErr_DuplicateDescription)
            let wrongType = InterAppNode(kind: .generator(frequency: 440))
            wrongType.launch(type: kAudioUnitType_Effect, subType: d.componentSubType, manufacturer: d.componentManufacturer,
                             name: Self.drone.name, version: Self.drone.version, sampleRate: 48_000)
            #expect(wrongType.publishStatus == kAudioComponentErr_UnsupportedType)
        }
    }

    @Test("before iOS 7 and on the Mac there is no Inter-App Audio: no remote components, publishing is unimplemented")
    func unavailable() throws {
        for (platform, profile) in [(PlatformProfile.ios6, "iphone"), (.ios17, "mac")] {
            let stage = try Stage(platform: platform, profile: profile, installs: [("Drone", .generator(frequency: 660), Self.drone)])
            try stage.launchHost()
            #expect(stage.device.run(as: "Host") { stage.host.discover() }.isEmpty)
            try stage.device.launch("Drone", backgroundAudio: true) {
                let node = InterAppNode(kind: .generator(frequency: 440))
                let d = Self.drone.description
                node.launch(type: d.componentType, subType: d.componentSubType, manufacturer: d.componentManufacturer,
                            name: Self.drone.name, version: Self.drone.version, sampleRate: 48_000)
                #expect(node.publishStatus == -4)
            }
        }
    }
}
