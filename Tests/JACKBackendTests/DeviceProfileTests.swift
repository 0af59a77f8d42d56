import Foundation
import JACKBackend
import Scenario
import Testing
import VirtualDevices

extension JACKServerTests {
    /// `devices --from-jack`: the server's physical ports become a device a scenario can run on.
    @Suite("device from JACK")
    struct DeviceProfileTests {
        @Test("an 18-in, 20-out server reads as one 20-channel output and one 18-channel input, and a scenario plays on it")
        func eighteenByTwenty() throws {
            let server = try DummyJACKServer(rate: 48000, period: 64, ports: "18x20")
            let client = try JACKClient(name: "profile-reader", server: server.name)
            let profile = JACKDeviceProfile(client: client)
            client.close()
            #expect(profile.outputs.map(\.ports.count) == [20])
            #expect(profile.inputs.map(\.ports.count) == [18])

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-jack-profile-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(profile.yaml.utf8).write(to: folder.appendingPathComponent("interface.yaml"))
            let device = VirtualDevice(profile: try DeviceProfile.load(file: folder.appendingPathComponent("interface.yaml").path))
            #expect(device.ports.first { $0.direction == .output }?.portType == .lineOut)
            #expect(device.ports.first { $0.direction == .output }?.channels.count == 20)
            #expect(device.ports.first { $0.direction == .input }?.channels.count == 18)

            let scenario = """
                scenario: tone-on-a-jack-device
                requirements: [SESSION-INTERRUPT-BEGIN]
                device: interface.yaml
                duration: 1s
                apps:
                  Music: { model: media-player }
                steps:
                  - { at: 0s, do: launch, app: Music }
                  - { at: 100ms, do: play, app: Music }
                expect:
                  - { from: 200ms, to: 1s, port: LineOut, audio: { tone: 1000, above: -15 }, channels: [1, 2] }
                  - { from: 200ms, to: 1s, port: LineOut, audio: silent, channels: [3, 20] }
                """
            let file = folder.appendingPathComponent("scenario.yaml")
            try Data(scenario.utf8).write(to: file)
            let result = try ScenarioRunner().run(try Scenario.load(file: file.path))
            #expect(result.passed, "\(result.failureReport)")
        }
    }
}
