import Foundation
import UIKitCore

/// `MPMediaItemArtwork`: the cover the lock screen shows (`MPMediaItemPropertyArtwork`). The
/// system asks the request handler for an image at the size it draws; `image(at:)` does the same.
open class MPMediaItemArtwork: NSObject, @unchecked Sendable {
    public let bounds: CGRect
    public let imageCropRect: CGRect
    private let requestHandler: (CGSize) -> UIImage

    public init(boundsSize: CGSize, requestHandler: @escaping (CGSize) -> UIImage) {
        bounds = CGRect(origin: .zero, size: boundsSize)
        imageCropRect = bounds
        self.requestHandler = requestHandler
        super.init()
    }

    public convenience init(image: UIImage) {
        self.init(boundsSize: image.size) { _ in image }
    }

    /// The image for `size`; nil when the size is empty or larger than the bounds, as Apple's does not scale up.
    public func image(at size: CGSize) -> UIImage? {
        guard size.width > 0, size.height > 0, size.width <= bounds.width, size.height <= bounds.height else { return nil }
        return requestHandler(size)
    }
}
