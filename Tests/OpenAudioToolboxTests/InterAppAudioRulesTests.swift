import Foundation
import MediaServer
import OpenAudioToolbox
import OpenUIKit
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// The Inter-App Audio rules around a connection: the entitlement, the icons hosts and nodes show
/// each other, the obligation to render after initializing, and format conversion between the
/// node's and the host's formats.
@Suite("Inter-App Audio rules")
struct InterAppAudioRulesTests {
    typealias Stage = InterAppAudioTests.Stage

    static func icon(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios/inter-app-audio/icons/\(name)")
        return try #require(FileManager.default.contents(atPath: url.path))
    }

    @Test("IAA-ENTITLEMENT, IAA-NOT-PERMITTED: a node built without the inter-app-audio entitlement cannot publish (−66748), so hosts cannot instantiate it; a host without it cannot instantiate a published node (−66748)")
    func entitlement() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), InterAppAudioTests.drone)])
        let registry = InterAppAudio.of(stage.device.server)
        registry.setEntitlement(AppID("Drone"), interAppAudio: false)
        try stage.launchHost()
        #expect(stage.connect("Test: Drone") == kAudioComponentErr_InstanceInvalidated)
        #expect(stage.nodes["Drone"]?.publishStatus == kAudioComponentErr_NotPermitted)

        let second = try Stage(installs: [("Drone", .generator(frequency: 660), InterAppAudioTests.drone)])
        InterAppAudio.of(second.device.server).setEntitlement(AppID("Host"), interAppAudio: false)
        try second.launchHost()
        #expect(second.connect("Test: Drone") == kAudioComponentErr_NotPermitted)
        #expect(second.device.device.lifecycle(of: "Drone") == .notRunning, "refused before the node is launched")
    }

    @Test("IAA-ICON, IAA-HOST-ICON: a host reads each node's icon at the point size it asks for; a connected node reads its host's; no icon without one shipped or without a connection")
    func icons() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), InterAppAudioTests.drone),
                                         ("Keys", .instrument, InterAppAudioTests.keys)])
        let registry = InterAppAudio.of(stage.device.server)
        registry.setIcon(try Self.icon("sine-synth.png"), for: AppID("Drone"))
        registry.setIcon(try Self.icon("studio.png"), for: AppID("Host"))
        try stage.launchHost()
        let found = stage.device.run(as: "Host") { stage.host.discover() }
        let drone = try #require(found.first { $0.name == "Test: Drone" }?.icon)
        #expect(drone.size == CGSize(width: 60, height: 60))
        #expect(drone.scale == 2, "a 120-pixel icon shown at 60 points")
        #expect(drone.pngData() == (try Self.icon("sine-synth.png")))
        #expect(found.first { $0.name == "Test: Keys" }?.icon == nil, "Keys ships no icon")
        #expect(stage.connect("Test: Drone") == noErr)
        let hostIcon = try #require(stage.nodes["Drone"]?.hostIcon)
        #expect(hostIcon.size == CGSize(width: 40, height: 40))
        #expect(hostIcon.scale == 4.5)
        let nodeOutput = try #require(stage.nodes["Drone"]?.unit)
        stage.device.run(as: "Host") { stage.host.disconnect(stage.host.nodes[0]) }
        #expect(stage.device.run(as: "Drone") { AudioOutputUnitGetHostIcon(nodeOutput, 40) } == nil, "no host icon once disconnected")
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
    }

    @Test("IAA-INITIALIZATION-TIMEOUT, IAA-INITIALIZE-COMMITS: a host that initializes a node and does not render it loses the connection; its renders fail with −66747 until it uninitializes and initializes again")
    func initializationTimeout() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), InterAppAudioTests.drone)])
        try stage.launchHost()
        let output = try #require(stage.host.output)
        #expect(stage.device.run(as: "Host") { AudioOutputUnitStop(output) } == noErr)
        #expect(stage.connect("Test: Drone") == noErr)
        let unit = try #require(stage.host.nodes.first)
        stage.device.advance(to: .milliseconds(1500))
        let node = try #require(stage.nodes["Drone"])
        #expect(node.connectedChanges == [true, false], "the node hears the connection end")
        #expect(stage.host.connectedChanges == [true, false])
        var buffer = [Float](repeating: 0, count: 2048)
        let status = buffer.withUnsafeMutableBufferPointer { samples in
            stage.device.run(as: "Host") { Self.pull(unit, into: samples, frames: 1024) }
        }
        #expect(status == kAudioComponentErr_InitializationTimedOut)
        // Uninitialize, initialize again, and render this time: the tone comes back.
        #expect(stage.device.run(as: "Host") { AudioUnitUninitialize(unit) } == noErr)
        #expect(stage.device.run(as: "Host") { AudioUnitInitialize(unit) } == noErr)
        #expect(stage.device.run(as: "Host") { AudioOutputUnitStart(output) } == noErr)
        stage.device.advance(to: .seconds(3))
        #expect(node.connectedChanges == [true, false, true])
        let frequency = try #require(stage.device.sink("Speaker")?.dominantFrequency(channel: 1, from: .milliseconds(2000), to: .milliseconds(2900)))
        #expect(abs(frequency - 660) < 1)
    }

    @Test("IAA-FORMAT-CONVERSION-NOT-RATE, IAA-OUTPUT-FORMAT: a host may take the node's float stereo as interleaved 16-bit mono at the hardware rate; another rate is −66746")
    func formatConversion() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 750), InterAppAudioTests.drone)])
        try stage.launchHost()
        let frames = 960
        var samples = [Int16](repeating: 0, count: frames)
        let (rateStatus, status) = stage.device.run(as: "Host") { () -> (OSStatus, OSStatus) in
            guard let found = stage.host.discover().first else { return (-1, -1) }
            var instance: AudioComponentInstance?
            guard AudioComponentInstanceNew(found.component, &instance) == noErr, let unit = instance else { return (-1, -1) }
            var format = ConverterTests.format(rate: 44_100, channels: 1, int16Interleaved: true)
            let size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
            let rateStatus = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &format, size)
            format.mSampleRate = 48_000
            guard AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &format, size) == noErr,
                  AudioUnitInitialize(unit) == noErr else { return (rateStatus, -1) }
            return (rateStatus, samples.withUnsafeMutableBytes { bytes in
                var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(frames * 2),
                                                                                    mData: bytes.baseAddress))
                var flags = AudioUnitRenderActionFlags()
                var timeStamp = AudioTimeStamp()
                timeStamp.mFlags = .sampleTimeValid
                return AudioUnitRender(unit, &flags, &timeStamp, 0, UInt32(frames), &list)
            })
        }
        #expect(rateStatus == kAudioComponentErr_InvalidFormat)
        #expect(status == noErr)
        // The drone's sine at 0.25 full scale, as 16-bit integers: peak 8,192; 750 Hz over 960
        // frames at 48 kHz is 15 cycles: about 30 sign changes.
        #expect(abs(Int(samples.map { abs(Int($0)) }.max() ?? 0) - 8_192) <= 2)
        let crossings = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect((29...31).contains(crossings))
    }

    @Test("IAA-NOT-IPHONE4: on an iPhone 4 with iOS 7 a node's AudioOutputUnitPublish succeeds but the system ignores it, and hosts see no nodes")
    func iPhone4() throws {
        var phone = try DeviceProfile.load("iphone")
        phone.name = "iPhone 4"
        phone.supportsInterAppAudio = false
        let stage = try Stage(platform: .ios7, deviceProfile: phone, installs: [("Drone", .generator(frequency: 660), InterAppAudioTests.drone)])
        try stage.launchHost()
        #expect(stage.device.run(as: "Host") { stage.host.discover() }.isEmpty, "declared, but no node is offered")
        let node = InterAppNode(kind: .generator(frequency: 660))
        try stage.device.launch("Drone", backgroundAudio: true) {
            let d = InterAppAudioTests.drone.description
            node.launch(type: d.componentType, subType: d.componentSubType, manufacturer: d.componentManufacturer,
                        name: InterAppAudioTests.drone.name, version: InterAppAudioTests.drone.version, sampleRate: 48_000)
        }
        #expect(node.publishStatus == noErr, "the call fails silently")
        #expect(stage.device.run(as: "Host") { stage.host.discover() }.isEmpty, "still no node after publishing")
        #expect(stage.device.run(as: "Drone") { node.publishedDescription } == nil, "nothing was published")
    }

    static func pull(_ unit: AudioUnit, into samples: UnsafeMutableBufferPointer<Float>, frames: Int) -> OSStatus {
        let list = AudioBufferList.allocate(maximumBuffers: 2)
        defer { free(list.unsafeMutablePointer) }
        list[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(frames * 4), mData: samples.baseAddress)
        list[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(frames * 4), mData: samples.baseAddress! + frames)
        var flags = AudioUnitRenderActionFlags()
        var timeStamp = AudioTimeStamp()
        timeStamp.mFlags = .sampleTimeValid
        return AudioUnitRender(unit, &flags, &timeStamp, 0, UInt32(frames), list.unsafeMutablePointer)
    }
}
