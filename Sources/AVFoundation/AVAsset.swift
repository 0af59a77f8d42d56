import Foundation

/// `AVAsset`: the media a player item presents. Only its URL form is simulated
/// (`AVURLAsset`); nothing is read until an item made from it is played.
open class AVAsset: NSObject, @unchecked Sendable {
    override init() { super.init() }
}

/// `AVURLAsset`: an asset at a URL. Local audio files the bench decodes play; remote URLs fail
/// like an unreachable host (see `AVPlayerItem`). The options Apple takes (precise timing,
/// HTTP settings) change nothing for fully decoded local files and are accepted as given.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    public let url: URL

    public init(url URL: URL, options: [String: Any]? = nil) {
        url = URL
        super.init()
    }
}
