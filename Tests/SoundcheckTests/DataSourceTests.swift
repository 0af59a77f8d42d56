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
