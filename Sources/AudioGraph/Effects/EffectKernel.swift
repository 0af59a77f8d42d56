/// A built-in effect's signal processing, shaped like an Audio Unit's kernel: configured and
/// reset on the control side, run on the render side, its parameters addressed by Apple's
/// `AudioUnitParameterID`s (the values in AudioUnitParameters.h) so that the Audio Unit C API
/// (`AudioUnitSetParameter`) and the AVAudioUnit* nodes can share one implementation.
///
/// Parameters are read by `process`/`render` at the start of each call: set them between calls
/// (the simulation runs control and render on one thread, so that is always the case there).
public protocol EffectKernel: AnyObject {
    /// Allocates everything for up to `maximumFrames` per call (kAudioUnitProperty_MaximumFramesPerSlice).
    /// Control side only; it also resets.
    func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int)
    /// Clears delay lines, tails and filter state (AudioUnitReset). Allocates nothing.
    func reset()
    /// The parameters this kernel has, by `AudioUnitParameterID`, with the header's ranges and defaults.
    var parameterInfos: [EffectParameterInfo] { get }
    /// Sets a parameter, clamped to its range. Unknown IDs are ignored (the caller checks `parameterInfos`
    /// to answer kAudioUnitErr_InvalidParameter).
    func setParameter(_ id: UInt32, _ value: Float)
    /// A parameter's current value (0 for an unknown ID).
    func parameter(_ id: UInt32) -> Float
    /// Seconds of latency, as kAudioUnitProperty_Latency reports.
    var latency: Double { get }
    /// Seconds of tail after the input stops, as kAudioUnitProperty_TailTime reports.
    var tailTime: Double { get }
}

/// An effect that keeps the sample rate: processes non-interleaved float channels in place.
public protocol InPlaceEffectKernel: EffectKernel {
    /// Processes `frameCount` (≤ `maximumFrames`) frames of each of the prepared channels in place.
    /// Render side: no allocation, lock or log.
    func process(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int)
}

/// An effect that changes time (time-pitch, varispeed): it consumes input at its own pace and pulls it.
public protocol TimeEffectKernel: EffectKernel {
    /// Renders `frameCount` (≤ `maximumFrames`) output frames into `channels`, calling
    /// `pull(buffers, frames)` to have `frames` (≤ `maximumFrames`) input frames written into
    /// `buffers` as often as it needs. Render side: no allocation, lock or log.
    func render(into channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int,
                pull: (UnsafeMutablePointer<UnsafeMutablePointer<Float>>, Int) -> Void)
}

/// The unit of a parameter, as AudioUnitParameterUnit names them (raw values from AudioUnitProperties.h).
public enum EffectParameterUnit: UInt32, Sendable, Equatable {
    case generic = 0, indexed = 1, boolean = 2, percent = 3, seconds = 4, sampleFrames = 5, rate = 7, hertz = 8, cents = 9,
         decibels = 13, linearGain = 14, equalPowerCrossfade = 16, octaves = 21, milliseconds = 24
}

/// One parameter's description, what kAudioUnitProperty_ParameterInfo reports for it.
public struct EffectParameterInfo: Sendable, Equatable {
    public var id: UInt32
    public var name: String
    public var unit: EffectParameterUnit
    public var minValue: Float
    public var maxValue: Float
    public var defaultValue: Float
    /// A meter the unit measures (kAudioUnitParameterFlag_IsWritable clear): writes to it are ignored.
    public var isReadOnly: Bool

    public init(id: UInt32, name: String, unit: EffectParameterUnit, minValue: Float, maxValue: Float, defaultValue: Float,
                isReadOnly: Bool = false) {
        self.isReadOnly = isReadOnly
        self.id = id
        self.name = name
        self.unit = unit
        self.minValue = minValue
        self.maxValue = maxValue
        self.defaultValue = defaultValue
    }

    /// `value` limited to the range (NaN becomes the default).
    public func clamp(_ value: Float) -> Float {
        value.isNaN ? defaultValue : min(max(value, minValue), maxValue)
    }
}
