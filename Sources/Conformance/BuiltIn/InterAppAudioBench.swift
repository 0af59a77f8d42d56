import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
@_spi(Soundcheck) import UIKit
import SimCore
import Soundcheck
import VirtualDevices

/// A device with Inter-App Audio node apps installed and a host app, both made of the plain
/// Apple-API apps (`InterAppHost`, `InterAppNode`): when the system launches a node app for the
/// host, the node's code makes and publishes its RemoteIO as its declaration says. The built-in
/// checks and the tests that stay beside them share it.
final class InterAppAudioStage {
    static let drone = AppAudioComponent(type: kAudioUnitType_RemoteGenerator, subtype: AudioToolbox.FourCC.code("dron")!,
                                         manufacturer: AudioToolbox.FourCC.code("Test")!, name: "Test: Drone", version: 0x0001_0000)
    static let keys = AppAudioComponent(type: kAudioUnitType_RemoteInstrument, subtype: AudioToolbox.FourCC.code("keys")!,
                                        manufacturer: AudioToolbox.FourCC.code("Test")!, name: "Test: Keys", version: 0x0001_0000)
    static let halver = AppAudioComponent(type: kAudioUnitType_RemoteEffect, subtype: AudioToolbox.FourCC.code("half")!,
                                          manufacturer: AudioToolbox.FourCC.code("Test")!, name: "Test: Halver", version: 0x0001_0000)
    /// A guitar amp simulator published as a generator: it keeps the microphone.
    static let amp = AppAudioComponent(type: kAudioUnitType_RemoteGenerator, subtype: AudioToolbox.FourCC.code("gamp")!,
                                       manufacturer: AudioToolbox.FourCC.code("Test")!, name: "Test: Amp", version: 0x0001_0000)

    let device: SimulatedDevice
    var nodes: [String: InterAppNode] = [:]
    var host: InterAppHost!
    /// Set on each node the system launches before its code runs (e.g. an amp that does not mix).
    var configureNode: (InterAppNode) -> Void = { _ in }

    init(platform: PlatformProfile = .ios17, profile: String = "iphone", deviceProfile: DeviceProfile? = nil, seed: UInt64 = 1,
         installs: [(String, InterAppNode.Kind, AppAudioComponent)]) throws {
        device = try deviceProfile.map { SimulatedDevice(profile: $0, platform: platform, seed: seed) }
            ?? SimulatedDevice(profile: profile, platform: platform, seed: seed)
        let registry = InterAppAudio.of(device.server)
        for (app, _, component) in installs {
            SimulatedApp.register(AppID(app), on: device.server, hasAudioBackgroundMode: true)
            registry.install(AppID(app), components: [component])
        }
        registry.launcher = { [unowned self] app in
            guard let (_, kind, component) = installs.first(where: { $0.0 == app.name }) else { return }
            let node = InterAppNode(kind: kind)
            configureNode(node)
            let d = component.description
            node.launch(type: d.componentType, subType: d.componentSubType, manufacturer: d.componentManufacturer,
                        name: component.name, version: component.version, sampleRate: 48_000)
            nodes[app.name] = node
        }
    }

    /// Launches the host with an active session (mixable playback unless told) and its RemoteIO running.
    func launchHost(backgroundAudio: Bool = true, category: AVAudioSession.Category = .playback,
                    options: AVAudioSession.CategoryOptions = .mixWithOthers) throws {
        let host = InterAppHost()
        self.host = host
        try device.launch("Host", backgroundAudio: backgroundAudio) { try start(host, category: category, options: options) }
    }

    /// After a reset the host rebuilds its session and RemoteIO from scratch.
    func launchHostAgain() throws {
        let host = InterAppHost()
        self.host = host
        try device.run(as: "Host") { try start(host, category: .playback, options: .mixWithOthers) }
    }

    private func start(_ host: InterAppHost, category: AVAudioSession.Category, options: AVAudioSession.CategoryOptions) throws {
        try AVAudioSession.sharedInstance().setCategory(category, options: options)
        try AVAudioSession.sharedInstance().setActive(true)
        let status = host.makeOutput()
        guard status == noErr else { throw CheckAbort(message: "the host's RemoteIO did not start: \(status)") }
    }

    /// The host finds the node named `name` and connects it.
    func connect(_ name: String, rate: Double? = nil, feedsFrom source: AudioUnit? = nil) -> OSStatus {
        device.run(as: "Host") {
            guard let node = host.discover().first(where: { $0.name == name }) else { return OSStatus(-1) }
            return host.connect(node, rate: rate, feedsFrom: source)
        }
    }

    /// The speaker's RMS on its first channel between two instants (nil if nothing was written).
    func speakerRMS(from start: HostTime, to end: HostTime) -> Double? {
        device.sink("Speaker")?.level(channel: 1, from: start, to: end).map { Double($0.rms) }
    }

    /// The speaker's strongest frequency on its first channel between two instants.
    func speakerFrequency(from start: HostTime, to end: HostTime) -> Double? {
        device.sink("Speaker")?.dominantFrequency(channel: 1, from: start, to: end)
    }

    /// Renders `frames` of the host's node unit into `samples` (two channels, one after the other).
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
