import Foundation
import AVFAudio
import CoreMedia

/// `AVPlayerItem`: one piece of media a player plays, made from a URL. Nothing is read until a
/// player starts playing it (the talk: setting the rate "will begin downloading the audio data");
/// then `status` turns `.readyToPlay` and `duration` is known, or `.failed` with `error`.
///
/// Local audio files the bench decodes (WAV, AIFF, CAF, FLAC … through `AVAudioFile`) play;
/// remote URLs are not simulated and fail like an unreachable host. An item is made from an
/// `AVURLAsset` (`init(url:)` makes one); the asset keys an app asks to load change nothing,
/// as the file is read whole when it first plays.
open class AVPlayerItem: NSObject, @unchecked Sendable {
    /// `AVPlayerItem.Status`.
    public enum Status: Int, Sendable {
        case unknown = 0, readyToPlay = 1, failed = 2
    }

    public static let didPlayToEndTimeNotification = Notification.Name("AVPlayerItemDidPlayToEndTimeNotification")

    public let asset: AVAsset
    public private(set) var status: Status = .unknown
    public private(set) var error: Error?
    /// Indefinite until loaded.
    public private(set) var duration = CMTime.indefinite
    /// The decoded audio: interleaved stereo at `sampleRate` (mono is sent on both channels).
    private(set) var samples: [Float] = []
    private(set) var sampleRate = 0
    /// The item's time, kept by the player that plays it.
    var timeInItem: () -> CMTime = { .zero }

    /// The player whose queue holds the item (the last to take it).
    weak var player: AVPlayer?
    var forwardBufferDuration: TimeInterval = 0
    /// MediaPlayer's `AVPlayerItem.nowPlayingInfo`, kept on the item it describes (an extension in
    /// another module cannot add storage).
    @_spi(Soundcheck) public var nowPlayingInfoStorage: [String: Any]?
    var timePitchAlgorithm = AVAudioTimePitchAlgorithm.timeDomain

    public init(asset: AVAsset, automaticallyLoadedAssetKeys: [String]?) {
        self.asset = asset
        super.init()
    }

    public convenience init(asset: AVAsset) { self.init(asset: asset, automaticallyLoadedAssetKeys: nil) }

    public convenience init(url URL: URL) { self.init(asset: AVURLAsset(url: URL)) }

    /// Where playing forward ends (invalid: the item's end). The player ends the item there:
    /// nothing after it plays, and `didPlayToEndTimeNotification` is posted when it is reached.
    public var forwardPlaybackEndTime = CMTime.invalid

    /// Where playing in reverse ends; the simulated players play forward only (rates below 0
    /// are not simulated), so it is kept and not used.
    public var reversePlaybackEndTime = CMTime.invalid

    /// Kept as set; its per-track volumes are not simulated (see `AVAudioMix`).
    public var audioMix: AVAudioMix?

    public func currentTime() -> CMTime { timeInItem() }

    var frameCount: Int { samples.count / 2 }

    /// The frame playing forward stops at: the file's end or `forwardPlaybackEndTime`.
    var endFrame: Int {
        guard forwardPlaybackEndTime.isNumeric, sampleRate > 0 else { return frameCount }
        let frames = Int((max(0, forwardPlaybackEndTime.seconds) * Double(sampleRate)).rounded())
        return min(frameCount, frames)
    }

    /// The item time playing forward stops at (indefinite until loaded).
    var endTime: CMTime {
        guard status == .readyToPlay else { return duration }
        return endFrame == frameCount ? duration : CMTime(value: Int64(endFrame), timescale: CMTimeScale(sampleRate))
    }

    /// Reads the whole file, once; whether the item can play.
    func load() -> Bool {
        guard status == .unknown else { return status == .readyToPlay }
        do {
            guard let url = (asset as? AVURLAsset)?.url else {
                throw NSError(domain: AVFoundationErrorDomain, code: -11800,
                              userInfo: [NSLocalizedDescriptionKey: "only URL assets play in the simulation"])
            }
            guard url.isFileURL else {
                throw NSError(domain: NSURLErrorDomain, code: NSURLErrorCannotFindHost,
                              userInfo: [NSLocalizedDescriptionKey: "\(url): only local files play in the simulation"])
            }
            let file = try AVAudioFile(forReading: url)
            (samples, sampleRate) = try Self.interleavedStereo(file)
            duration = CMTime(value: Int64(frameCount), timescale: CMTimeScale(sampleRate))
            status = .readyToPlay
        } catch {
            self.error = error
            status = .failed
        }
        return status == .readyToPlay
    }

    private static func interleavedStereo(_ file: AVAudioFile) throws -> ([Float], Int) {
        let format = file.processingFormat
        let length = Int(file.length)
        guard length > 0, let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(length)) else {
            throw NSError(domain: AVFoundationErrorDomain, code: -11829,
                          userInfo: [NSLocalizedDescriptionKey: "\(file.url.lastPathComponent): no audio to play"])
        }
        try file.read(into: buffer)
        guard let data = buffer.floatChannelData else { return ([], Int(format.sampleRate)) }
        let frames = Int(buffer.frameLength)
        let right = format.channelCount > 1 ? 1 : 0
        var samples = [Float](repeating: 0, count: frames * 2)
        for frame in 0..<frames {
            samples[2 * frame] = data[0][frame]
            samples[2 * frame + 1] = data[right][frame]
        }
        return (samples, Int(format.sampleRate))
    }
}

extension NSNotification.Name {
    /// The same notification as `AVPlayerItem.didPlayToEndTimeNotification`, under the name Swift
    /// code written before that class property still uses.
    public static let AVPlayerItemDidPlayToEndTime = AVPlayerItem.didPlayToEndTimeNotification
}
