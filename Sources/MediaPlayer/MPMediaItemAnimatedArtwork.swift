import Foundation
import UIKitCore

/// `MPMediaItemAnimatedArtwork` (iOS 26): motion artwork for the lock screen's square and 3:4 slots
/// (`MPNowPlayingInfoProperty1x1AnimatedArtwork`, `…3x4AnimatedArtwork`). The system asks for a
/// still preview and a video file at the size it draws; `previewImage(at:)` and `videoAssetFileURL(at:)`
/// ask the same way, so a test can check what the app would hand over.
open class MPMediaItemAnimatedArtwork: NSObject, @unchecked Sendable {
    /// The identifier the app gave; Apple's class keeps it without publishing it.
    @_spi(Soundcheck) public let artworkID: String
    private let previewImageRequestHandler: (CGSize, @escaping (UIImage?) -> Void) -> Void
    private let videoAssetFileURLRequestHandler: (CGSize, @escaping (URL?) -> Void) -> Void

    public init(artworkID: String, previewImageRequestHandler: @escaping (CGSize, @escaping (UIImage?) -> Void) -> Void,
                videoAssetFileURLRequestHandler: @escaping (CGSize, @escaping (URL?) -> Void) -> Void) {
        self.artworkID = artworkID
        self.previewImageRequestHandler = previewImageRequestHandler
        self.videoAssetFileURLRequestHandler = videoAssetFileURLRequestHandler
        super.init()
    }

    public convenience init(artworkID: String, previewImageRequestHandler: @escaping @Sendable (CGSize) async -> UIImage?,
                            videoAssetFileURLRequestHandler: @escaping @Sendable (CGSize) async -> URL?) {
        self.init(artworkID: artworkID,
                  previewImageRequestHandler: { size, reply in
                      nonisolated(unsafe) let reply = reply
                      Task { reply(await previewImageRequestHandler(size)) }
                  },
                  videoAssetFileURLRequestHandler: { size, reply in
                      nonisolated(unsafe) let reply = reply
                      Task { reply(await videoAssetFileURLRequestHandler(size)) }
                  })
    }

    /// Asks the app for the still image at `size`, as the lock screen does before the video loads.
    @_spi(Soundcheck) public func previewImage(at size: CGSize, reply: @escaping (UIImage?) -> Void) {
        previewImageRequestHandler(size, reply)
    }

    /// Asks the app for the video file at `size`.
    @_spi(Soundcheck) public func videoAssetFileURL(at size: CGSize, reply: @escaping (URL?) -> Void) {
        videoAssetFileURLRequestHandler(size, reply)
    }
}
