import AudioGraph
import Foundation
import AudioToolbox

/// `AVAudioUnit`: a node backed by an audio unit. The built-in effects run the bench's effect
/// kernels (parameters by Apple's AudioUnitParameterIDs, ranges and defaults as the headers).
open class AVAudioUnit: AVAudioNode, @unchecked Sendable {
    public let audioComponentDescription: AudioComponentDescription
    public let name: String
    public var manufacturerName: String { "Apple" }
    public var version: Int { 0x0001_0000 }
    /// The kernel doing the signal processing.
    let kernel: EffectKernel
    /// The kernel as the render side calls it (cast once here, not per render).
    let inPlace: InPlaceEffectKernel?
    let timeKernel: TimeEffectKernel?
    /// The format the kernel was prepared for (it is prepared again only when this changes).
    private var preparedFor: (rate: Double, channels: Int, frames: Int)?

    init(description: AudioComponentDescription, name: String, kernel: EffectKernel, inputs: Int = 1) {
        audioComponentDescription = description
        self.name = name
        self.kernel = kernel
        inPlace = kernel as? InPlaceEffectKernel
        timeKernel = kernel as? TimeEffectKernel
        super.init(inputs: inputs, outputs: 1)
    }

    override var outputFollowsInput: Bool { true }
    public override var latency: TimeInterval { kernel.latency }

    public override func reset() { kernel.reset() }

    override func prepareRender(maximumFrames: Int) {
        super.prepareRender(maximumFrames: maximumFrames)
        let format = outputFormats[0]
        let wanted = (format.sampleRate, Int(format.channelCount), maximumFrames)
        guard preparedFor.map({ $0 != wanted }) ?? true, format.sampleRate > 0, format.channelCount > 0 else { return }
        kernel.prepare(sampleRate: format.sampleRate, channelCount: Int(format.channelCount), maximumFrames: maximumFrames)
        preparedFor = wanted
    }

    func parameter(_ id: UInt32) -> Float { kernel.parameter(id) }
    func setParameter(_ id: UInt32, _ value: Float) { kernel.setParameter(id, value) }

    /// The Audio Unit instance behind the node, made on first use: it shares the node's kernel,
    /// so `AudioUnitSetParameter` on it changes what the node renders, and its
    /// `kAudioUnitProperty_BypassEffect` is the effect node's `bypass`.
    public var audioUnit: AudioUnit {
        if let unitHandle { return unitHandle }
        guard let made = makeEffectAudioUnit(audioComponentDescription, sharing: kernel) else {
            preconditionFailure("AVAudioUnit: no component for \(name)")
        }
        unitHandle = made
        unitWasMade(made)
        return made
    }
    private var unitHandle: AudioUnit?

    /// The object view of `audioUnit`.
    public var auAudioUnit: AUAudioUnit {
        if let madeAUAudioUnit { return madeAUAudioUnit }
        let unit = makeAUAudioUnit(audioUnit)
        madeAUAudioUnit = unit
        return unit
    }
    private var madeAUAudioUnit: AUAudioUnit?

    /// Subclasses tie their state to the instance (the effects' bypass).
    func unitWasMade(_ unit: AudioUnit) {}

    /// The object view `auAudioUnit` returns; instruments give theirs a MIDI schedule.
    func makeAUAudioUnit(_ unit: AudioUnit) -> AUAudioUnit { AUAudioUnitV2Bridge(audioUnit: unit) }

    deinit {
        if let unitHandle { _ = AudioComponentInstanceDispose(unitHandle) }
    }
}

/// `AVAudioUnitEffect`: an effect that processes its input in place, with a bypass.
open class AVAudioUnitEffect: AVAudioUnit, @unchecked Sendable {
    /// The input passes unchanged (the kernel keeps its state). The same switch as the unit's
    /// `kAudioUnitProperty_BypassEffect` and `auAudioUnit.shouldBypassEffect`.
    public var bypass = false {
        didSet {
            guard bypass != oldValue, let unit = madeUnit else { return }
            var value: UInt32 = bypass ? 1 : 0
            _ = AudioUnitSetProperty(unit, kAudioUnitProperty_BypassEffect, kAudioUnitScope_Global, 0, &value, 4)
        }
    }
    private var madeUnit: AudioUnit?

    /// The Apple effect `audioComponentDescription` names (AUPeakLimiter, AUDynamicsProcessor, the
    /// filters and EQs, AUDelay, AUReverb2, AUDistortion, AUSampleDelay, AUiPodEQ, AUNBandEQ), with
    /// that unit's parameters at their defaults; `audioUnit` and `auAudioUnit` reach them.
    public init(audioComponentDescription description: AudioComponentDescription) {
        let (name, kernel) = EffectKernels.make(for: description)
        super.init(description: description, name: name, kernel: kernel)
    }

    override init(description: AudioComponentDescription, name: String, kernel: EffectKernel, inputs: Int = 1) {
        super.init(description: description, name: name, kernel: kernel, inputs: inputs)
    }

    override func unitWasMade(_ unit: AudioUnit) {
        madeUnit = unit
        var value: UInt32 = bypass ? 1 : 0
        _ = AudioUnitSetProperty(unit, kAudioUnitProperty_BypassEffect, kAudioUnitScope_Global, 0, &value, 4)
        _ = AudioUnitAddPropertyListener(unit, kAudioUnitProperty_BypassEffect, effectBypassChanged,
                                         Unmanaged.passUnretained(self).toOpaque())
    }

    /// The unit's bypass was set through the C API or `AUAudioUnit`.
    fileprivate func unitBypassChanged() {
        guard let unit = madeUnit else { return }
        var value: UInt32 = 0
        var size: UInt32 = 4
        if AudioUnitGetProperty(unit, kAudioUnitProperty_BypassEffect, kAudioUnitScope_Global, 0, &value, &size) == 0 {
            bypass = value != 0
        }
    }

    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        guard let input = inputNode(0) else { return output.clear(frames: frames) }
        output.copy(from: input.node.pull(frames, serial: serial, serials: serials), frames: frames)
        if !bypass, let inPlace { inPlace.process(output.channels, frameCount: frames) }
    }
}

/// `AVAudioUnitTimeEffect`: an effect that changes time (rate, pitch), pulling its input at its
/// own pace (on a timeline of its own: each pull a fresh serial).
open class AVAudioUnitTimeEffect: AVAudioUnit, @unchecked Sendable {
    public var bypass = false

    /// The time effect `audioComponentDescription` names: AUNewTimePitch or AUVarispeed, iOS's two.
    /// Another description gets a node that passes its input through unchanged (it has no kernel that
    /// changes time), and no Audio Unit instance behind it.
    public init(audioComponentDescription description: AudioComponentDescription) {
        let (name, kernel) = TimeEffectKernels.make(for: description)
        super.init(description: description, name: name, kernel: kernel)
    }

    /// `AVAudioUnitTimePitch()`, `AVAudioUnitVarispeed()`: each subclass's own component.
    public convenience init() { self.init(audioComponentDescription: Self.ownDescription) }

    class var ownDescription: AudioComponentDescription { .appleEffect(subType: "nutp", type: "aufc") }

    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        guard let input = inputNode(0) else { return output.clear(frames: frames) }
        guard !bypass, let timeKernel else {
            return output.copy(from: input.node.pull(frames, serial: serial, serials: serials), frames: frames)
        }
        let channelCount = output.channelCount
        timeKernel.render(into: output.channels, frameCount: frames) { buffers, count in
            let pulled = input.node.pull(count, serial: serials.fresh(), serials: serials)
            for channel in 0..<channelCount { buffers[channel].update(from: pulled[channel], count: count) }
        }
    }
}

private func effectBypassChanged(_ refCon: UnsafeMutableRawPointer, _ unit: AudioUnit, _ property: AudioUnitPropertyID,
                                 _ scope: AudioUnitScope, _ element: AudioUnitElement) {
    Unmanaged<AVAudioUnitEffect>.fromOpaque(refCon).takeUnretainedValue().unitBypassChanged()
}

extension AudioComponentDescription {
    /// An Apple effect unit ('aufx', manufacturer 'appl') by its four-character subtype.
    static func appleEffect(subType: String, type: String = "aufx") -> AudioComponentDescription {
        AudioComponentDescription(componentType: fourCharacterCode(type), componentSubType: fourCharacterCode(subType),
                                  componentManufacturer: fourCharacterCode("appl"), componentFlags: 0, componentFlagsMask: 0)
    }

    private static func fourCharacterCode(_ text: String) -> UInt32 {
        text.utf8.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }
}
