import Foundation

/// `AVAudioStereoMixing`: the pan of a source on the mixers it feeds.
public protocol AVAudioStereoMixing: AnyObject {
    /// −1 (left) … 1 (right); 0, the default, plays a mono source equally to both sides.
    var pan: Float { get set }
}

/// `AVAudioMixing`: settings a source node carries to every mixer downstream of it. They stay
/// with the node across disconnection and reconnection.
public protocol AVAudioMixing: AVAudioStereoMixing, AVAudio3DMixing {
    /// 0 … 1, default 1: the gain of this source on the mixer's input bus.
    var volume: Float { get set }
    /// The settings of this source on one mixer input bus it feeds (AVAudioMixingDestination.swift).
    func destination(forMixer mixer: AVAudioNode, bus: AVAudioNodeBus) -> AVAudioMixingDestination?
}

/// The values behind `AVAudioMixing` for the nodes that adopt it.
struct MixingSettings {
    var volume: Float = 1 { didSet { volume = min(max(volume, 0), 1) } }
    var pan: Float = 0 { didSet { pan = min(max(pan, -1), 1) } }
}
