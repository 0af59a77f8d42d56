@testable import Conformance
import Foundation
import MediaServer
import AudioToolbox
import UIKit
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// The Inter-App Audio rules around a connection: the entitlement and the icons hosts and nodes
/// show each other (the render deadline, format conversion and the iPhone 4 are built-in checks,
/// InterAppAudioChecks).
@Suite("Inter-App Audio rules")
struct InterAppAudioRulesTests {
    typealias Stage = InterAppAudioStage

    static func icon(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios/inter-app-audio/icons/\(name)")
        return try #require(FileManager.default.contents(atPath: url.path))
    }

    @Test("IAA-ENTITLEMENT, IAA-NOT-PERMITTED: a node built without the inter-app-audio entitlement cannot publish (−66748), so hosts cannot instantiate it; a host without it cannot instantiate a published node (−66748)")
    func entitlement() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone)])
        let registry = InterAppAudio.of(stage.device.server)
        registry.setEntitlement(AppID("Drone"), interAppAudio: false)
        try stage.launchHost()
        #expect(stage.connect("Test: Drone") == kAudioComponentErr_InstanceInvalidated)
        #expect(stage.nodes["Drone"]?.publishStatus == kAudioComponentErr_NotPermitted)

        let second = try Stage(installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone)])
        InterAppAudio.of(second.device.server).setEntitlement(AppID("Host"), interAppAudio: false)
        try second.launchHost()
        #expect(second.connect("Test: Drone") == kAudioComponentErr_NotPermitted)
        #expect(second.device.device.lifecycle(of: "Drone") == .notRunning, "refused before the node is launched")
    }

    @Test("IAA-ICON, IAA-HOST-ICON: a host reads each node's icon at the point size it asks for; a connected node reads its host's; no icon without one shipped or without a connection")
    func icons() throws {
        let stage = try Stage(installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone),
                                         ("Keys", .instrument, InterAppAudioStage.keys)])
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
}
