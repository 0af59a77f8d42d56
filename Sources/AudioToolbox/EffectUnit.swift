import AudioGraph
import CoreAudioTypes

public let kAUNBandEQProperty_NumberOfBands: AudioUnitPropertyID = 2200
public let kAUNBandEQProperty_MaxNumberOfBands: AudioUnitPropertyID = 2201

/// Apple's built-in effects (AUNBandEQ, AUDelay, AUReverb2, AUDistortion, AUNewTimePitch,
/// AUVarispeed) as units over the shared effect kernels: one input bus, one output bus of the
/// same rate and channel count (a mismatch fails `AudioUnitInitialize` with
/// `kAudioUnitErr_FormatNotSupported`), parameters in the global scope by Apple's IDs, latency
/// and tail time from the kernel, and `kAudioUnitProperty_BypassEffect`. The time effects pull
/// their input at their own pace.
final class EffectUnit: ProcessingUnit {
    private var kernel: EffectKernel {
        didSet { (inPlace, timeEffect) = (kernel as? InPlaceEffectKernel, kernel as? TimeEffectKernel) }
    }
    /// The kernel by kind, resolved once so the render side does no protocol casts.
    private var inPlace: InPlaceEffectKernel?
    private var timeEffect: TimeEffectKernel?
    private let makeKernel: (Int) -> EffectKernel
    private var bypassed = false
    /// NBandEQ only: bands in the kernel.
    private var bandCount: Int
    private let maximumBands: Int
    private var pullTime: UnsafeMutablePointer<AudioTimeStamp>
    private var inputSampleTime: Int64 = 0

    init(component: RegisteredComponent, bands: Int = 0, maximumBands: Int = 0, make: @escaping (Int) -> EffectKernel) {
        makeKernel = make
        bandCount = bands
        self.maximumBands = maximumBands
        kernel = make(bands)
        (inPlace, timeEffect) = (kernel as? InPlaceEffectKernel, kernel as? TimeEffectKernel)
        pullTime = .allocate(capacity: 1)
        pullTime.initialize(to: AudioTimeStamp())
        super.init(component: component, inputBuses: 1)
        defineParameters()
    }

    deinit { pullTime.deallocate() }

    private func defineParameters() {
        parameters = ParameterStore()
        for info in kernel.parameterInfos {
            parameters.define(ParameterDefinition(id: info.id, scope: kAudioUnitScope_Global, name: info.name, unit: AudioUnitParameterUnit(rawValue: info.unit.rawValue) ?? .generic,
                                                  minValue: info.minValue, maxValue: info.maxValue, defaultValue: info.defaultValue,
                                                  isReadOnly: info.isReadOnly))
        }
    }

    override var latency: Double { kernel.latency }
    override var tailTime: Double { kernel.tailTime }

    // MARK: Properties: bypass, EQ band count

    override func kindPropertyAccess(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope) -> (exists: Bool, writable: Bool) {
        switch id {
        case kAudioUnitProperty_BypassEffect: (true, true)
        case kAUNBandEQProperty_NumberOfBands where maximumBands > 0: (true, true)
        case kAUNBandEQProperty_MaxNumberOfBands where maximumBands > 0: (true, false)
        default: (false, false)
        }
    }

    override func kindProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> PropertyValue? {
        guard kindPropertyAccess(id, scope).exists else { return nil }
        guard scope == kAudioUnitScope_Global else { throw .invalidScope }
        switch id {
        case kAudioUnitProperty_BypassEffect: return .uint32(bypassed ? 1 : 0)
        case kAUNBandEQProperty_NumberOfBands: return .uint32(UInt32(bandCount))
        default: return .uint32(UInt32(maximumBands))
        }
    }

    override func setKindProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                                  _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
        guard kindPropertyAccess(id, scope).writable else { throw kindPropertyAccess(id, scope).exists ? .notWritable : .invalidProperty }
        guard scope == kAudioUnitScope_Global else { throw .invalidScope }
        if id == kAudioUnitProperty_BypassEffect {
            bypassed = try readSwitch(data, size)
        } else {
            guard !isInitialized else { throw .initialized }
            let bands = Int(try readValue(data, size, as: UInt32.self))
            guard (1...maximumBands).contains(bands) else { throw .invalidValue }
            bandCount = bands
            kernel = makeKernel(bands)
            defineParameters()
        }
        propertyChanged(id, scope, element)
    }

    // MARK: Parameters live in the kernel

    override func parameterChanged(_ id: AudioUnitParameterID, _ scope: AudioUnitScope, _ element: AudioUnitElement, _ value: Float) {
        kernel.setParameter(id, value)
    }

    override func parameterValue(_ id: AudioUnitParameterID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> Float? {
        kernel.parameter(id)
    }

    // MARK: Lifecycle and render

    override func prepareKind(_ resources: ProcessingResources) throws(AUError) {
        let input = inputFormats[0]
        guard input.channelCount == outputFormat.channelCount, input.mSampleRate == outputFormat.mSampleRate else {
            throw .formatNotSupported
        }
        kernel.prepare(sampleRate: outputFormat.mSampleRate, channelCount: outputFormat.channelCount,
                       maximumFrames: Int(maximumFramesPerSlice))
        inputSampleTime = 0
    }

    override func resetState() {
        kernel.reset()
        inputSampleTime = 0
    }

    override func process(_ frames: Int, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                          _ timeStamp: UnsafePointer<AudioTimeStamp>, _ resources: ProcessingResources) -> OSStatus {
        let channels = outputFormat.channelCount
        if let timeEffect, !bypassed {
            var status: OSStatus = 0
            timeEffect.render(into: resources.outputChannels, frameCount: frames) { buffers, count in
                status = status == 0 ? pullChunk(count, resources) : status
                for channel in 0..<channels {
                    if status == 0 {
                        buffers[channel].update(from: resources.inputPlanar(0, channel), count: count)
                    } else {
                        buffers[channel].update(repeating: 0, count: count)
                    }
                }
            }
            return status
        }
        let status = pullInput(0, frames, timeStamp, resources)
        guard status == 0 else { return status }
        for channel in 0..<channels { resources.outputPlanar(channel).update(from: resources.inputPlanar(0, channel), count: frames) }
        if !bypassed, let inPlace { inPlace.process(resources.outputChannels, frameCount: frames) }
        return 0
    }

    /// A time effect's pull: `count` input frames at the input's own sample time.
    private func pullChunk(_ count: Int, _ resources: ProcessingResources) -> OSStatus {
        pullTime.pointee = AudioTimeStamp()
        pullTime.pointee.mSampleTime = Float64(inputSampleTime)
        pullTime.pointee.mFlags = .sampleTimeValid
        inputSampleTime += Int64(count)
        return pullInput(0, count, pullTime, resources)
    }
}
