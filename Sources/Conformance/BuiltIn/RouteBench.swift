import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import VirtualDevices

/// One app's route on a simulated device, read through AVAudioSession. The media server's own
/// tests ask its route selector directly; the built-in checks ask the same questions as an app
/// does: set a category, mode and options, activate, and read `currentRoute` and `availableInputs`.
final class RouteBench {
    let device: SimulatedDevice
    static let app = "Router"

    init(_ profile: String = "iphone", platform: PlatformProfile) throws {
        device = try SimulatedDevice(profile: profile, platform: platform, seed: 1)
        try device.launch(Self.app, backgroundAudio: true) {}
        device.answerRecordPermission(Self.app, granted: true)
    }

    /// Attaches `kind` and returns the accessory's id (`wired-headphones#1`).
    @discardableResult
    func attach(_ kind: AccessoryKind) throws -> String { try device.attach(kind.spec) }

    func detach(_ id: String) throws { try device.detach(id) }

    /// The route the app's session gets with this configuration, active.
    func route(_ category: AVAudioSession.Category, mode: AVAudioSession.Mode = .default,
               options: AVAudioSession.CategoryOptions = []) throws -> AVAudioSessionRouteDescription {
        try configure(category, mode: mode, options: options)
        return device.run(as: Self.app) { AVAudioSession.sharedInstance().currentRoute }
    }

    /// The inputs the app's session may choose among with this configuration.
    func availableInputs(_ category: AVAudioSession.Category, mode: AVAudioSession.Mode = .default,
                         options: AVAudioSession.CategoryOptions = []) throws -> [AVAudioSessionPortDescription] {
        try configure(category, mode: mode, options: options)
        return device.run(as: Self.app) { AVAudioSession.sharedInstance().availableInputs ?? [] }
    }

    private func configure(_ category: AVAudioSession.Category, mode: AVAudioSession.Mode,
                           options: AVAudioSession.CategoryOptions) throws {
        try device.run(as: Self.app) {
            let session = AVAudioSession.sharedInstance()
            try session.setActive(false)
            try session.setCategory(category, mode: mode, options: options)
            try session.setActive(true)
        }
    }
}

extension AVAudioSessionRouteDescription {
    var outputTypes: [AVAudioSession.Port] { outputs.map(\.portType) }
    var inputTypes: [AVAudioSession.Port] { inputs.map(\.portType) }
    var outputUIDs: [String] { outputs.map(\.uid) }
    var inputUIDs: [String] { inputs.map(\.uid) }
    /// Every output channel name in the route's order.
    var outputChannelNames: [String] { outputs.flatMap { ($0.channels ?? []).map(\.channelName) } }
    var inputChannelNames: [String] { inputs.flatMap { ($0.channels ?? []).map(\.channelName) } }
}
