import Foundation

/// Channel routing between the input's and the output's channel counts.
///
/// Rules (documented for apps, checked by AVAudioConverterTests):
/// - `channelMap[o]` is the input channel output channel `o` copies, or −1 for silence. Its
///   default copies channel o to o; when the input is mono every output channel copies it; extra
///   output channels of a multichannel input are silent.
/// - With `downmix` set and fewer output than input channels, output channel o is the mean of
///   the input channels i with i mod outputCount == o (stereo → mono is (L + R) / 2), and the
///   map is ignored.
extension AVAudioConverter {
    static func defaultChannelMap(from input: Int, to output: Int) -> [Int] {
        (0..<output).map { channel in
            if input == 1 { return 0 }
            return channel < input ? channel : -1
        }
    }

    /// The output channels made from `samples` (input channels) by the map or the downmix.
    func route(_ samples: [[Double]], frames: Int) -> [[Double]] {
        let inputCount = Int(inputFormat.channelCount)
        let outputCount = Int(outputFormat.channelCount)
        if downmix && outputCount < inputCount {
            return (0..<outputCount).map { output in
                let sources = Swift.stride(from: output, to: inputCount, by: outputCount).map { samples[$0] }
                let weight = 1 / Double(sources.count)
                return (0..<frames).map { frame in sources.reduce(0) { $0 + $1[frame] } * weight }
            }
        }
        let map = channelMap.map(\.intValue)
        return (0..<outputCount).map { output in
            let source = output < map.count ? map[output] : -1
            return (0..<inputCount).contains(source) ? samples[source] : Array(repeating: 0, count: frames)
        }
    }
}
