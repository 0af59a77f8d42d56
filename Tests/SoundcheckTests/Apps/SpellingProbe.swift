// Audio code spelled exactly as Apple's Swift API spells it (types, cases, properties, methods,
// userInfo keys). It builds with AVFAudio and UIKit on a device; here it must build against
// Soundcheck's modules unchanged, so a facade name that drifts from Apple's stops the build.
import AVFAudio
import UIKit
import Foundation

/// Deprecated since iOS 17 but still in the SDK; read through a protocol so the probe itself
/// builds without deprecation warnings.
protocol LegacyRecordPermissionReading {
    var recordPermission: AVAudioSession.RecordPermission { get }
}

extension AVAudioSession: LegacyRecordPermissionReading {}

final class SpellingProbe: @unchecked Sendable {
    private(set) var routeChanges: [(reason: AVAudioSession.RouteChangeReason, previousOutput: AVAudioSession.Port?)] = []
    private(set) var interruptions: [(type: AVAudioSession.InterruptionType, reason: AVAudioSession.InterruptionReason?,
                                      options: AVAudioSession.InterruptionOptions)] = []
    private(set) var lifecycle: [Notification.Name] = []
    private var observers: [NSObjectProtocol] = []

    init() {
        let center = NotificationCenter.default
        let session = AVAudioSession.sharedInstance()
        observers = [
            center.addObserver(forName: AVAudioSession.routeChangeNotification, object: session, queue: nil) { [weak self] in
                self?.routeChanged($0)
            },
            center.addObserver(forName: AVAudioSession.interruptionNotification, object: session, queue: nil) { [weak self] in
                self?.interrupted($0)
            },
            center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil) { [weak self] in
                self?.lifecycle.append($0.name)
            },
        ]
    }

    deinit { observers.forEach(NotificationCenter.default.removeObserver) }

    var recordPermission: AVAudioApplication.recordPermission { AVAudioApplication.shared.recordPermission }

    var legacyRecordPermission: AVAudioSession.RecordPermission {
        (AVAudioSession.sharedInstance() as LegacyRecordPermissionReading).recordPermission
    }

    var applicationState: UIApplication.State { UIApplication.shared.applicationState }

    func askForPermission() {
        AVAudioApplication.requestRecordPermission { _ in }
    }

    /// The async form; built, not run (the simulation answers dialogs synchronously).
    func askForPermissionAsync() async -> Bool {
        await AVAudioApplication.requestRecordPermission()
    }

    /// A voice-memo setup: playAndRecord on the speaker, Bluetooth HFP allowed.
    func configure() throws -> AVAudioSessionRouteDescription {
        let session = AVAudioSession.sharedInstance()
        let category: AVAudioSession.Category = .playAndRecord
        let mode: AVAudioSession.Mode = .default
        let policy: AVAudioSession.RouteSharingPolicy = .default
        let options: AVAudioSession.CategoryOptions = [.defaultToSpeaker, .allowBluetoothHFP]
        try session.setCategory(category, mode: mode, policy: policy, options: options)
        let activation: AVAudioSession.SetActiveOptions = []
        try session.setActive(true, options: activation)
        return session.currentRoute
    }

    /// The data source of the routed microphone facing `orientation`.
    func microphone(facing orientation: AVAudioSession.Orientation) -> (AVAudioSessionPortDescription, AVAudioSessionDataSourceDescription)? {
        guard let port = AVAudioSession.sharedInstance().currentRoute.inputs.first,
              let source = port.dataSources?.first(where: { $0.orientation == orientation }) else { return nil }
        return (port, source)
    }

    func overrideToSpeaker() throws {
        let portOverride: AVAudioSession.PortOverride = .speaker
        try AVAudioSession.sharedInstance().overrideOutputAudioPort(portOverride)
    }

    /// A mono 48 kHz sine as Apple's buffer API builds it.
    static func sine(frequency: Double, frames: AVAudioFrameCount) -> AVAudioPCMBuffer? {
        guard let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1),
              let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: frames),
              let samples = buffer.floatChannelData?[0] else { return nil }
        buffer.frameLength = frames
        for frame in 0..<Int(frames) { samples[frame] = Float(sin(2 * .pi * frequency * Double(frame) / 48_000)) / 2 }
        return buffer
    }

    /// Resamples with the streaming converter, in the usual input-block idiom.
    static func resample(_ input: AVAudioPCMBuffer, to sampleRate: Double) -> (AVAudioPCMBuffer, AVAudioConverterOutputStatus)? {
        guard let format = AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: sampleRate, channels: 1, interleaved: false),
              let converter = AVAudioConverter(from: input.format, to: format),
              let output = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 8_192) else { return nil }
        var supplied = false
        var error: NSError?
        let status = converter.convert(to: output, error: &error) { _, inputStatus in
            if supplied {
                inputStatus.pointee = .endOfStream
                return nil
            }
            supplied = true
            inputStatus.pointee = .haveData
            return input
        }
        return error == nil ? (output, status) : nil
    }

    private func routeChanged(_ notification: Notification) {
        guard let info = notification.userInfo,
              let value = info[AVAudioSessionRouteChangeReasonKey] as? UInt,
              let reason = AVAudioSession.RouteChangeReason(rawValue: value) else { return }
        let previous = info[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription
        routeChanges.append((reason, previous?.outputs.first?.portType))
    }

    private func interrupted(_ notification: Notification) {
        guard let info = notification.userInfo,
              let value = info[AVAudioSessionInterruptionTypeKey] as? UInt,
              let type = AVAudioSession.InterruptionType(rawValue: value) else { return }
        let reason = (info[AVAudioSessionInterruptionReasonKey] as? UInt).flatMap(AVAudioSession.InterruptionReason.init(rawValue:))
        let options = AVAudioSession.InterruptionOptions(rawValue: info[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
        interruptions.append((type, reason, options))
    }
}
