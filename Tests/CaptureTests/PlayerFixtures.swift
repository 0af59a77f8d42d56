import AVFoundation
import Foundation
import MediaServer
import SimCore
import Soundcheck
import VirtualDevices

/// What the player tests share: tone files, a playback app, a log the observers write to.
enum PlayerFixtures {
    /// A mono 48 kHz WAV file of a sine at `frequency`, amplitude 0.5, `seconds` long.
    static func toneFile(_ name: String, frequency: Double, seconds: Double) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capture-tests-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("\(name).wav")
        let format = try require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1))
        let frames = AVAudioFrameCount(seconds * 48_000)
        let buffer = try require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: frames))
        buffer.frameLength = frames
        let data = try require(buffer.floatChannelData)
        for frame in 0..<Int(frames) { data[0][frame] = Float(0.5 * sin(2 * Double.pi * frequency * Double(frame) / 48_000)) }
        let file = try AVAudioFile(forWriting: url, settings: format.settings)
        try file.write(from: buffer)
        return url
    }

    /// A playback app "Music" whose `make` builds the player.
    static func launch<Player>(_ device: SimulatedDevice, _ make: () throws -> Player) throws -> Player {
        try device.launch("Music", backgroundAudio: true) { () throws -> Player in
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
            return try make()
        }
    }

    /// The amplitude of `frequency` at the speaker's left channel between two instants (ms).
    static func tone(_ device: SimulatedDevice, _ frequency: Double, from start: Int64, to end: Int64) -> Double {
        device.sink("Speaker")?.toneAmplitude(atFrequency: frequency, channel: 1, from: HostTime(nanoseconds: start * 1_000_000),
                                              to: HostTime(nanoseconds: end * 1_000_000)) ?? 0
    }
}

/// `#require` outside a test body: throws when nil.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw CocoaError(.fileWriteUnknown) }
    return value
}

/// Entries observers append, with the device time (ms) of each.
final class TimedLog: @unchecked Sendable {
    let device: SimulatedDevice
    private(set) var entries: [String] = []
    private(set) var times: [Int64] = []
    init(_ device: SimulatedDevice) { self.device = device }
    func append(_ entry: String) {
        entries.append(entry)
        times.append(device.now.nanoseconds / 1_000_000)
    }
}
