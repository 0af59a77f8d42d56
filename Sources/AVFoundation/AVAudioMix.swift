import Foundation

/// `AVAudioMix`: per-track volume settings for a player item's audio. Its parameters
/// (`AVAudioMixInputParameters`, track by track) are not simulated: an item plays its audio as
/// the file has it, and `AVPlayerItem.audioMix` is kept as set.
open class AVAudioMix: NSObject, @unchecked Sendable {
    public override init() { super.init() }
}
