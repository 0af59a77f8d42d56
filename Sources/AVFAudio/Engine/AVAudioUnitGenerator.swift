import AudioGraph
import AudioToolbox

/// `AVAudioUnitGenerator`: a node wrapping a generator unit (`kAudioUnitType_Generator`), which makes
/// audio with no input. iOS's generators (AUAudioFilePlayer, AUScheduledSoundPlayer) play what an
/// app schedules on them through their `audioUnit` properties; the simulation does not run their
/// schedules, so a generator node renders silence, as one would with nothing scheduled. Its
/// `bypass` silences it too.
open class AVAudioUnitGenerator: AVAudioUnit, AVAudioMixing, @unchecked Sendable {
    public var bypass = false
    private var mixing = MixingSettings()
    public var volume: Float { get { mixing.volume } set { mixing.volume = newValue } }
    public var pan: Float { get { mixing.pan } set { mixing.pan = newValue } }
    override var mixingVolume: Float { mixing.volume }
    override var mixingPan: Float { mixing.pan }

    public init(audioComponentDescription description: AudioComponentDescription) {
        super.init(description: description, name: "", kernel: PassThroughEffectKernel(), inputs: 0)
    }

    /// A generator has no input: its output keeps its own format.
    override var outputFollowsInput: Bool { false }

    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        output.clear(frames: frames)
    }
}
