import Foundation
import MediaServer
import AVFAudio
import Soundcheck

/// Choosing one of the phone's microphones (a data source of the built-in mic) or its polar
/// pattern reaches the media server: the route shows it, a routeConfigurationChange is posted,
/// and a recorder hears that microphone.
enum DataSourceChecks {
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
        let port = try CheckProbe.required(device.run(as: "Memo") { AVAudioSession.sharedInstance().currentRoute.inputs.first })
        return (port, try CheckProbe.required(port.dataSources?.first { $0.dataSourceName == name }))
    }


    static var all: [BuiltInCheck] { [
        BuiltInCheck(["ROUTING-REASON-CONFIGURATION"],
                     "a recorder on the front mic records 440 Hz; after the back mic is chosen it records 880 Hz") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 51)
            let changes = try Self.memo(device)
            let (port, front) = try Self.source(device, "Front")
            try device.run(as: "Memo") { try port.setPreferredDataSource(front) }
            let chosen = try p.require(device.run(as: "Memo") { AVAudioSession.sharedInstance().currentRoute.inputs.first }, "the route's input")
            p.expect(chosen.selectedDataSource?.dataSourceName, equals: "Front", "the selected data source after preferring Front")
            p.expect(chosen.preferredDataSource?.dataSourceName, equals: "Front", "the preferred data source after preferring Front")
            p.expect(changes.reasons, equals: [.routeConfigurationChange], "the route-change reasons the app was told")

            let url = try AudioRecorderChecks.recordingURL("data-source")
            let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: AudioRecorderChecks.settings()) }
            p.expect(device.run(as: "Memo") { recorder.record() }, "record() returned false")
            device.advance(to: .seconds(1))
            let (_, back) = try Self.source(device, "Back")
            try device.run(as: "Memo") { try port.setPreferredDataSource(back) }
            p.expect(device.run(as: "Memo") { AVAudioSession.sharedInstance().inputDataSource?.dataSourceName }, equals: "Back", "the session's inputDataSource after preferring Back")
            p.expect(changes.reasons, equals: [.routeConfigurationChange, .routeConfigurationChange], "the route-change reasons the app was told after both choices")
            device.advance(to: .seconds(2))
            device.run(as: "Memo") { recorder.stop() }
            device.advance(to: .milliseconds(2100))

            let (samples, _, _) = try AudioRecorderChecks.readBack(url)
            try p.require(samples.count >= 90_000, "the recording has \(samples.count) frames, expected at least 90,000")
            let first = samples[4_800..<43_200], second = samples[52_800..<91_200]
            p.expect(abs(AudioRecorderChecks.toneAmplitude(first, frequency: 440, rate: 48_000) - 0.5) < 0.01, "on the front mic the 440 Hz tone was recorded at amplitude \(AudioRecorderChecks.toneAmplitude(first, frequency: 440, rate: 48_000)), expected 0.5")
            p.expect(AudioRecorderChecks.toneAmplitude(first, frequency: 880, rate: 48_000) < 0.01, "the back mic's 880 Hz tone was recorded while the front mic was chosen (amplitude \(AudioRecorderChecks.toneAmplitude(first, frequency: 880, rate: 48_000)))")
            p.expect(abs(AudioRecorderChecks.toneAmplitude(second, frequency: 880, rate: 48_000) - 0.5) < 0.01, "on the back mic the 880 Hz tone was recorded at amplitude \(AudioRecorderChecks.toneAmplitude(second, frequency: 880, rate: 48_000)), expected 0.5")
            p.expect(AudioRecorderChecks.toneAmplitude(second, frequency: 440, rate: 48_000) < 0.01, "the front mic's 440 Hz tone was still recorded after the back mic was chosen (amplitude \(AudioRecorderChecks.toneAmplitude(second, frequency: 440, rate: 48_000)))")
        },
        BuiltInCheck(["ROUTING-REASON-CONFIGURATION"],
                     "a polar pattern chosen on the front mic is selected in the route and posts routeConfigurationChange") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 52)
            let changes = try Self.memo(device)
            let (_, front) = try Self.source(device, "Front")
            p.expect(front.selectedPolarPattern == .omnidirectional && front.preferredPolarPattern == nil, "the front mic starts with pattern \(String(describing: front.selectedPolarPattern)), preferred \(String(describing: front.preferredPolarPattern)); expected omnidirectional, none preferred")
            try device.run(as: "Memo") { try front.setPreferredPolarPattern(.cardioid) }
            p.expect(front.preferredPolarPattern, equals: .cardioid, "the front mic's preferred polar pattern after choosing cardioid")
            let (_, reread) = try Self.source(device, "Front")
            p.expect(reread.selectedPolarPattern == .cardioid && reread.preferredPolarPattern == .cardioid, "read again from the route the front mic has pattern \(String(describing: reread.selectedPolarPattern)), preferred \(String(describing: reread.preferredPolarPattern)); expected cardioid for both")
            p.expect(changes.reasons, equals: [.routeConfigurationChange], "the route-change reasons the app was told")
            try device.run(as: "Memo") { try front.setPreferredPolarPattern(.cardioid) }
            p.expect(changes.reasons.count == 1, "choosing the same pattern again changes nothing")
            try device.run(as: "Memo") { try front.setPreferredPolarPattern(nil) }
            p.expect(try Self.source(device, "Front").1.selectedPolarPattern, equals: .omnidirectional, "the front mic's pattern after clearing the preference")
        },
    ] }
}
