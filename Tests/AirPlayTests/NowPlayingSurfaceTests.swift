import AVFoundation
import Foundation
@_spi(Soundcheck) import MediaPlayer
import Testing
import UIKit

/// iOS 26's Now Playing additions: animated artwork answers the system's requests through the
/// app's handlers, and advertisement ranges keep the ranges they are given.
@Suite("Now Playing: animated artwork and ad time ranges")
struct NowPlayingSurfaceTests {
    @Test("animated artwork hands the system the app's preview image and video file at the size asked, through the async initializer too")
    func animatedArtworkAnswersRequests() async throws {
        let video = URL(fileURLWithPath: "/tmp/cover-loop.mov")
        let artwork = MPMediaItemAnimatedArtwork(artworkID: "cover-1",
                                                 previewImageRequestHandler: { size in size.width == 300 ? UIImage() : nil },
                                                 videoAssetFileURLRequestHandler: { _ in video })
        #expect(artwork.artworkID == "cover-1")
        let image: UIImage? = await withCheckedContinuation { done in
            artwork.previewImage(at: CGSize(width: 300, height: 400)) { done.resume(returning: $0) }
        }
        #expect(image != nil, "the handler was asked at the size the system draws")
        let url: URL? = await withCheckedContinuation { done in
            artwork.videoAssetFileURL(at: CGSize(width: 300, height: 400)) { done.resume(returning: $0) }
        }
        #expect(url == video)
    }

    @Test("an ad time range keeps its range, which the Now Playing info carries under its key")
    func adTimeRanges() {
        let ad = MPAdTimeRange(CMTimeRange(start: CMTime(seconds: 30, preferredTimescale: 600), duration: CMTime(seconds: 15, preferredTimescale: 600)))
        #expect(ad.timeRange.start.seconds == 30 && ad.timeRange.duration.seconds == 15)
        ad.timeRange = CMTimeRange(start: .zero, duration: CMTime(seconds: 5, preferredTimescale: 600))
        let info: [String: Any] = [MPNowPlayingInfoPropertyAdTimeRanges: [ad], MPMediaItemPropertyPodcastTitle: "Morning Show"]
        #expect((info[MPNowPlayingInfoPropertyAdTimeRanges] as? [MPAdTimeRange])?.first?.timeRange.duration.seconds == 5)
        #expect(MPLanguageOptionCharacteristicIsMainProgramContent == "public.main-program-content")
    }
}
