import AudioGraph

/// How the channels of one mixer input reach the mixer's output channels: by channel layout
/// when both formats carry one with known positions (L to L, C to C …), otherwise the device's
/// default mapping (mono to the first two, stereo to the first two, channel i to i).
struct ChannelRouting {
    let routes: [ChannelRoute]

    init(from source: AVAudioFormat, to destination: AVAudioFormat) {
        let (inputs, outputs) = (Int(source.channelCount), Int(destination.channelCount))
        if inputs > 2 || outputs > 2, let sourceMap = source.channelLayout?.channelMap,
           let destinationMap = destination.channelLayout?.channelMap {
            routes = sourceMap.enumerated().compactMap { index, position in
                destinationMap.firstIndex(of: position).map { ChannelRoute(sourceChannel: index, outputChannel: $0) }
            }
        } else {
            routes = ChannelMap.routes(sourceChannels: inputs, outputChannels: outputs)
        }
    }

    /// Adds `frames` frames of `source` to `destination` at `volume`, with `pan` on the sides.
    func accumulate(_ source: UnsafeMutablePointer<UnsafeMutablePointer<Float>>,
                    into destination: UnsafeMutablePointer<UnsafeMutablePointer<Float>>,
                    frames: Int, volume: Float, pan: Float) {
        routes.withUnsafeBufferPointer { routes in
            for route in routes {
                MixKernel.accumulate(source[route.sourceChannel], into: destination[route.outputChannel],
                                     gain: volume * route.gain * PanLaw.gain(route.side, pan: pan), frames: frames)
            }
        }
    }
}
