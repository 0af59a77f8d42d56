@_spi(Soundcheck) import CoreMedia
import Foundation

/// A format as Core Media describes it, and back: the stream description and the channel layout
/// travel unchanged, so a format made from a sample buffer's description equals the one the
/// buffer was made with.
extension AVAudioFormat {
    /// The format of an audio format description. A video description's stream description is all
    /// zero, which makes the zero format `AVAudioFormat()` describes (Apple raises an exception).
    public convenience init(cmAudioFormatDescription formatDescription: CMAudioFormatDescription) {
        let layout = formatDescription.channelLayout.map { layout in withUnsafePointer(to: layout) { AVAudioChannelLayout(layout: $0) } }
        self.init(validated: formatDescription.audioStreamBasicDescription, layout: layout)
    }

    public var formatDescription: CMAudioFormatDescription {
        CMFormatDescription.audio(unchecked: streamDescription.pointee, layout: channelLayout?.layout.pointee)
    }
}
