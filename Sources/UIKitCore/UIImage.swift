import Foundation

/// UIKit's image, as far as the audio APIs hand one out: `AudioComponentGetIcon` and
/// `AudioOutputUnitGetHostIcon` return an app's icon for the Inter-App Audio switcher and
/// transport views to draw. It holds the encoded PNG as the app ships it, its size in points and
/// its scale (pixels per point), like UIKit's `UIImage(data:scale:)`.
///
/// It lives below AudioToolbox (which returns it) and UIKit re-exports it, so an app that
/// imports both sees one type, as on iOS where AudioToolbox declares the UIKit class it returns.
/// Only PNG is read: the format of iOS app icons.
public final class UIImage: @unchecked Sendable {
    /// The encoded image (`pngData()`).
    private let data: Data
    /// Width and height in pixels, from the PNG header.
    public let pixelSize: (width: Int, height: Int)
    public let scale: CGFloat

    /// nil when `data` is not a PNG image (wrong signature or a malformed header chunk).
    public init?(data: Data, scale: CGFloat = 1) {
        guard scale > 0, let pixels = PNGHeader.dimensions(of: data) else { return nil }
        self.data = data
        pixelSize = pixels
        self.scale = scale
    }

    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    /// The size in points: pixels divided by the scale.
    public var size: CGSize { CGSize(width: CGFloat(pixelSize.width) / scale, height: CGFloat(pixelSize.height) / scale) }

    public func pngData() -> Data? { data }
}

/// Reads a PNG's dimensions: the 8-byte signature, then the IHDR chunk (length 13) whose first
/// eight bytes are the width and height, big-endian, each 1…2³¹−1 (PNG specification §11.2.2).
enum PNGHeader {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func dimensions(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(33))
        guard bytes.count == 33, Array(bytes[0..<8]) == signature, bigEndian(bytes, at: 8) == 13,
              Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        let width = bigEndian(bytes, at: 16), height = bigEndian(bytes, at: 20)
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else { return nil }
        return (width, height)
    }

    private static func bigEndian(_ bytes: [UInt8], at index: Int) -> Int {
        bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
    }
}
