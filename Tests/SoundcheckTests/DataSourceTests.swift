import Foundation
import MediaServer
import OpenAVFAudio
import Soundcheck
import Testing

/// Choosing one of the phone's microphones (a data source of the built-in mic) or its polar
/// pattern reaches the media server: the route shows it, a routeConfigurationChange is posted,
/// and a recorder hears that microphone.
@Suite("Data sources and polar patterns reach the device")
struct DataSourceTests {
    static let mic = "Built-In Microphone"
    static let front = 1_835_216_946
    static let back = 1_835_216_947

    final class RouteChanges: @unchecked Sendable {
        var reasons: [AVAudioSession.RouteChangeReason] = []
        var observer: NSObjectProtocol?
    }

    /// A voice-memo app, active in playAndRecord with permission, watching route changes; the
    /// front microphone hears 440 Hz and the back one 880 Hz.
    static func memo(_ device: SimulatedDevice) throws -> RouteChanges {
        let changes = RouteChanges()
        try device.launch("Memo", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
            changes.observer = NotificationCenter.default.addObserver(
                forName: AVAudioSession.routeChangeNotification, object: AVAudioSession.sharedInstance(), queue: nil
            ) { note in
                if let raw = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt,
                   let reason = AVAudioSession.RouteChangeReason(rawValue: raw) { changes.reasons.append(reason) }
            }
        }
        device.answerRecordPermission("Memo", granted: true)
        device.server.attachInputSource(portUID: mic, dataSourceID: front, source: .sine(frequency: 440, amplitude: 0.5))
        device.server.attachInputSource(portUID: mic, dataSourceID: back, source: .sine(frequency: 880, amplitude: 0.5))
        return changes
    }

    /// The routed microphone's data source with `name`, read by the app now.
    static func source(_ device: SimulatedDevice, _ name: String) throws -> (AVAudioSessionPortDescription, AVAudioSessionDataSourceDescription) {
        let port = try #require(device.run(as: "Memo") { AVAudioSession.sharedInstance().currentRoute.inputs.first })
        return (port, try #require(port.dataSources?.first { $0.dataSourceName == name }))
    }

    @Test("ROUTING-REASON-CONFIGURATION: a recorder on the front mic records 440 Hz; after the back mic is chosen it records 880 Hz")
    func recorderFollowsDataSource() throws {
        let device = try SimulatedDevice(seed: 51)
        let changes = try Self.memo(device)
        let (port, front) = try Self.source(device, "Front")
        try device.run(as: "Memo") { try port.setPreferredDataSource(front) }
        let chosen = try #require(device.run(as: "Memo") { AVAudioSession.sharedInstance().currentRoute.inputs.first })
        #expect(chosen.selectedDataSource?.dataSourceName == "Front")
        #expect(chosen.preferredDataSource?.dataSourceName == "Front")
        #expect(changes.reasons == [.routeConfigurationChange])

        let url = try RecorderTests.recordingURL("data-source")
        let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: RecorderTests.settings()) }
        #expect(device.run(as: "Memo") { recorder.record() })
        device.advance(to: .seconds(1))
        let (_, back) = try Self.source(device, "Back")
        try device.run(as: "Memo") { try port.setPreferredDataSource(back) }
        #expect(device.run(as: "Memo") { AVAudioSession.sharedInstance().inputDataSource?.dataSourceName } == "Back")
        #expect(changes.reasons == [.routeConfigurationChange, .routeConfigurationChange])
        device.advance(to: .seconds(2))
        device.run(as: "Memo") { recorder.stop() }
        device.advance(to: .milliseconds(2100))

        let (samples, _, _) = try RecorderTests.readBack(url)
        try #require(samples.count >= 90_000)
        let first = samples[4_800..<43_200], second = samples[52_800..<91_200]
        #expect(abs(RecorderTests.toneAmplitude(first, frequency: 440, rate: 48_000) - 0.5) < 0.01)
        #expect(RecorderTests.toneAmplitude(first, frequency: 880, rate: 48_000) < 0.01)
        #expect(abs(RecorderTests.toneAmplitude(second, frequency: 880, rate: 48_000) - 0.5) < 0.01)
        #expect(RecorderTests.toneAmplitude(second, frequency: 440, rate: 48_000) < 0.01)
    }

    @Test("ROUTING-REASON-CONFIGURATION: a polar pattern chosen on the front mic is selected in the route and posts routeConfigurationChange")
    func polarPattern() throws {
        let device = try SimulatedDevice(seed: 52)
        let changes = try Self.memo(device)
        let (_, front) = try Self.source(device, "Front")
        #expect(front.selectedPolarPattern == .omnidirectional && front.preferredPolarPattern == nil)
        try device.run(as: "Memo") { try front.setPreferredPolarPattern(.cardioid) }
        #expect(front.preferredPolarPattern == .cardioid)
        let (_, reread) = try Self.source(device, "Front")
        #expect(reread.selectedPolarPattern == .cardioid && reread.preferredPolarPattern == .cardioid)
        #expect(changes.reasons == [.routeConfigurationChange])
        try device.run(as: "Memo") { try front.setPreferredPolarPattern(.cardioid) }
        #expect(changes.reasons.count == 1, "choosing the same pattern again changes nothing")
        try device.run(as: "Memo") { try front.setPreferredPolarPattern(nil) }
        #expect(try Self.source(device, "Front").1.selectedPolarPattern == .omnidirectional)
    }

    @Test("a polar pattern the source does not support and a data source of another port are badParam; nothing changes")
    func badParameters() throws {
        let device = try SimulatedDevice(seed: 53)
        try device.attach("usb-interface:2x2")
        let changes = try Self.memo(device)
        let inputs = try #require(device.run(as: "Memo") { AVAudioSession.sharedInstance().availableInputs })
        let port = try #require(inputs.first { $0.portType == .builtInMic })
        let usb = try #require(inputs.first { $0.portType == .usbAudio })
        let bottom = try #require(port.dataSources?.first { $0.dataSourceName == "Bottom" })
        func code(_ body: () throws -> Void) -> Int? {
            do { try body(); return nil } catch { return (error as NSError).code }
        }
        #expect(device.run(as: "Memo") { code { try bottom.setPreferredPolarPattern(.cardioid) } } == -50)
        #expect(device.run(as: "Memo") { code { try usb.setPreferredDataSource(bottom) } } == -50)
        #expect(port.preferredDataSource == nil && usb.preferredDataSource == nil)
        #expect(changes.reasons.isEmpty)
        #expect(device.events("api.setPreferredPolarPattern").last?.fields["result"] == "badParam")
    }
}
