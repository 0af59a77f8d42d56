import AVFoundation
import Foundation
import PodcastPlayer
import Soundcheck

/// The player as the bench knows it: its name in scenario files, how to make one (with an episode
/// loaded), its background mode, and the actions scenarios may call.
enum PodcastBench {
    static func app(_ make: @escaping @Sendable () -> PodcastPlayer = { PodcastPlayer() }) -> BenchApp<PodcastPlayer> {
        BenchApp("Podcasts", backgroundModes: [.audio], make: { try loaded(make()) })
        .action("play") { try $0.play() }
        .action("pause") { $0.pause() }
        .action("skipForward") { try $0.skip(by: 30) }
        .action("skipBackward") { try $0.skip(by: -15) }
        .isPlaying { $0.isPlaying }
    }

    /// A player with the test episode loaded.
    static func loaded(_ player: PodcastPlayer = PodcastPlayer()) throws -> PodcastPlayer {
        try player.load(Episode(title: "Tone of the Week", show: "Soundcheck FM", url: try episodeFile()))
        return player
    }

    static var scenarios: URL { Bundle.module.url(forResource: "Scenarios", withExtension: nil)! }

    static func scenario(_ name: String) -> URL { scenarios.appendingPathComponent("\(name).yaml") }

    /// A 75 s episode of a 1 kHz tone at -6 dBFS, 24 kHz mono: the tone is what the scenarios
    /// listen for at the ports, and its pitch must survive the player's 1.5× rate. Written once per
    /// test process (the suites run in parallel, and all read the same file).
    static func episodeFile() throws -> URL {
        guard let episode else { throw CocoaError(.fileWriteUnknown) }
        return episode
    }

    private static let episode: URL? = try? writeEpisode()

    private static func writeEpisode() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("podcast-episode-1k-\(getpid()).wav")
        let settings: [String: Any] = [
            AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 24_000.0, AVNumberOfChannelsKey: 1, AVLinearPCMBitDepthKey: 16,
        ]
        let file = try AVAudioFile(forWriting: url, settings: settings)
        let frames = AVAudioFrameCount(75 * 24_000)
        let buffer = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: frames)!
        buffer.frameLength = frames
        let samples = buffer.floatChannelData![0]
        for frame in 0..<Int(frames) { samples[frame] = 0.5 * sinf(2 * .pi * 1_000 * Float(frame) / 24_000) }
        try file.write(from: buffer)
        return url
    }
}

/// Planted bugs: the same player with one reaction changed, as a careless change would.
final class PlaysOnFromSpeaker: PodcastPlayer {
    /// Ignores the route change, so pulling the headphones out plays the episode from the speaker.
    override func routeChanged(reason: AVAudioSession.RouteChangeReason, previousRoute: AVAudioSessionRouteDescription?) {}
}

final class ResumesWhenNotTold: PodcastPlayer {
    /// Resumes after every interruption, whether or not the system says it should.
    override func interruptionEnded(options: AVAudioSession.InterruptionOptions) {
        super.interruptionEnded(options: options.union(.shouldResume))
    }
}
