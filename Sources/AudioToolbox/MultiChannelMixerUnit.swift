import Foundation
import AudioGraph
import CoreAudioTypes

public let kMultiChannelMixerParam_Volume: AudioUnitParameterID = 0
public let kMultiChannelMixerParam_Enable: AudioUnitParameterID = 1
public let kMultiChannelMixerParam_Pan: AudioUnitParameterID = 2
public let kMultiChannelMixerParam_PreAveragePower: AudioUnitParameterID = 1000
public let kMultiChannelMixerParam_PrePeakHoldLevel: AudioUnitParameterID = 2000
public let kMultiChannelMixerParam_PostAveragePower: AudioUnitParameterID = 3000
public let kMultiChannelMixerParam_PostPeakHoldLevel: AudioUnitParameterID = 4000

/// `kAudioUnitSubType_MultiChannelMixer`: mixes its input buses (8 until the app sets the input
/// scope's `kAudioUnitProperty_ElementCount`) to one output, each bus with volume, pan and
/// enable, and a master volume on the output scope. All buses run at the output's rate (a bus
/// format at another rate is `kAudioUnitErr_FormatNotSupported`: put an AUConverter in front).
/// Metering is off until `kAudioUnitProperty_MeteringMode` is 1; then the power and peak
/// parameters read the last render's levels in dB.
final class MultiChannelMixerUnit: ProcessingUnit {
    private var meteringMode = false
    /// Render-side copies of the parameters: per bus volume, pan, enable; and the levels metered.
    private var busVolume: [Float] = []
    private var busPan: [Float] = []
    private var busEnabled: [Bool] = []
    private var masterVolume: Float = 1
    private var busAverage: [Float] = []
    private var busPeak: [Float] = []
    private var outputAverage: Float = -120
    private var outputPeak: Float = -120

    init(component: RegisteredComponent) {
        super.init(component: component, inputBuses: 8)
        parameters.define(.init(id: kMultiChannelMixerParam_Volume, scope: kAudioUnitScope_Input, name: "Volume",
                                unit: kAudioUnitParameterUnit_LinearGain, minValue: 0, maxValue: 1, defaultValue: 1))
        parameters.define(.init(id: kMultiChannelMixerParam_Enable, scope: kAudioUnitScope_Input, name: "Enable",
                                unit: kAudioUnitParameterUnit_Boolean, minValue: 0, maxValue: 1, defaultValue: 1))
        parameters.define(.init(id: kMultiChannelMixerParam_Pan, scope: kAudioUnitScope_Input, name: "Pan",
                                unit: kAudioUnitParameterUnit_Pan, minValue: -1, maxValue: 1, defaultValue: 0))
        parameters.define(.init(id: kMultiChannelMixerParam_Volume, scope: kAudioUnitScope_Output, name: "Volume",
                                unit: kAudioUnitParameterUnit_LinearGain, minValue: 0, maxValue: 1, defaultValue: 1))
        for (id, name) in [(kMultiChannelMixerParam_PreAveragePower, "Pre-Average Power"),
                           (kMultiChannelMixerParam_PrePeakHoldLevel, "Pre-Peak Hold Level")] {
            parameters.define(.init(id: id, scope: kAudioUnitScope_Input, name: name, unit: kAudioUnitParameterUnit_Decibels,
                                    minValue: -120, maxValue: 20, defaultValue: -120))
        }
        for (id, name) in [(kMultiChannelMixerParam_PostAveragePower, "Post-Average Power"),
                           (kMultiChannelMixerParam_PostPeakHoldLevel, "Post-Peak Hold Level")] {
            parameters.define(.init(id: id, scope: kAudioUnitScope_Output, name: name, unit: kAudioUnitParameterUnit_Decibels,
                                    minValue: -120, maxValue: 20, defaultValue: -120))
        }
        resizeBuses()
    }

    private func resizeBuses() {
        let count = inputs.count
        busVolume = (0..<count).map { (try? parameters.value(kMultiChannelMixerParam_Volume, kAudioUnitScope_Input, UInt32($0))) ?? 1 }
        busPan = (0..<count).map { (try? parameters.value(kMultiChannelMixerParam_Pan, kAudioUnitScope_Input, UInt32($0))) ?? 0 }
        busEnabled = (0..<count).map { ((try? parameters.value(kMultiChannelMixerParam_Enable, kAudioUnitScope_Input, UInt32($0))) ?? 1) != 0 }
        busAverage = Array(repeating: -120, count: count)
        busPeak = Array(repeating: -120, count: count)
    }

    override func accepts(_ format: AudioStreamBasicDescription, _ scope: AudioUnitScope, _ element: AudioUnitElement) -> Bool {
        scope == kAudioUnitScope_Output || format.mSampleRate == outputFormat.mSampleRate
    }

    override func setStreamFormat(_ format: AudioStreamBasicDescription, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) {
        try super.setStreamFormat(format, scope, element)
        // The output rate is every bus's rate: the buses follow it.
        if scope == kAudioUnitScope_Output {
            for index in inputFormats.indices { inputFormats[index].mSampleRate = format.mSampleRate }
        }
    }

    // MARK: Properties: input bus count, metering mode

    override func kindPropertyAccess(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope) -> (exists: Bool, writable: Bool) {
        switch id {
        case kAudioUnitProperty_ElementCount: (true, scope == kAudioUnitScope_Input)
        case kAudioUnitProperty_MeteringMode: (true, true)
        default: (false, false)
        }
    }

    override func kindProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> PropertyValue? {
        id == kAudioUnitProperty_MeteringMode ? .uint32(meteringMode ? 1 : 0) : nil
    }

    override func setKindProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                                  _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
        switch id {
        case kAudioUnitProperty_ElementCount:
            guard scope == kAudioUnitScope_Input else { throw .notWritable }
            guard !isInitialized else { throw .initialized }
            let count = Int(try readValue(data, size, as: UInt32.self))
            guard (1...1024).contains(count) else { throw .invalidValue }
            let format = inputFormats.last ?? .canonical(sampleRate: outputFormat.mSampleRate, channels: 2)
            inputs = Array(inputs.prefix(count)) + Array(repeating: InputSource(), count: max(0, count - inputs.count))
            inputFormats = Array(inputFormats.prefix(count)) + Array(repeating: format, count: max(0, count - inputFormats.count))
            resizeBuses()
        case kAudioUnitProperty_MeteringMode:
            meteringMode = try readSwitch(data, size)
        default:
            throw .invalidProperty
        }
        propertyChanged(id, scope, element)
    }

    override func parameterChanged(_ id: AudioUnitParameterID, _ scope: AudioUnitScope, _ element: AudioUnitElement, _ value: Float) {
        let bus = Int(element)
        switch (id, scope) {
        case (kMultiChannelMixerParam_Volume, kAudioUnitScope_Input): busVolume[bus] = value
        case (kMultiChannelMixerParam_Volume, kAudioUnitScope_Output): masterVolume = value
        case (kMultiChannelMixerParam_Pan, _): busPan[bus] = value
        case (kMultiChannelMixerParam_Enable, _): busEnabled[bus] = value != 0
        default: break
        }
    }

    /// Meter parameters read the last render's levels while metering is on, −120 dB otherwise.
    override func parameterValue(_ id: AudioUnitParameterID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> Float? {
        guard meteringMode else { return nil }
        switch (id, scope) {
        case (kMultiChannelMixerParam_PreAveragePower, kAudioUnitScope_Input): return busAverage[Int(element)]
        case (kMultiChannelMixerParam_PrePeakHoldLevel, kAudioUnitScope_Input): return busPeak[Int(element)]
        case (kMultiChannelMixerParam_PostAveragePower, kAudioUnitScope_Output): return outputAverage
        case (kMultiChannelMixerParam_PostPeakHoldLevel, kAudioUnitScope_Output): return outputPeak
        default: return nil
        }
    }

    // MARK: Render

    override func process(_ frames: Int, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                          _ timeStamp: UnsafePointer<AudioTimeStamp>, _ resources: ProcessingResources) -> OSStatus {
        let outputs = outputFormat.channelCount
        for channel in 0..<outputs { MixKernel.clear(resources.outputPlanar(channel), frames: frames) }
        for bus in inputs.indices where busEnabled[bus] && (inputs[bus].callback.inputProc != nil || inputs[bus].connection != nil) {
            let status = pullInput(bus, frames, timeStamp, resources)
            guard status == 0 else { return status }
            mix(bus, frames, resources)
        }
        for channel in 0..<outputs where masterVolume != 1 { MixKernel.scale(resources.outputPlanar(channel), by: masterVolume, frames: frames) }
        if meteringMode { (outputAverage, outputPeak) = Self.meter(resources, channels: outputs, frames: frames) { resources.outputPlanar($0) } }
        return 0
    }

    /// Adds bus `bus` to the output: mono to every output channel (stereo panned), stereo
    /// channel for channel with the pan law's balance, more channels one to one.
    private func mix(_ bus: Int, _ frames: Int, _ resources: ProcessingResources) {
        let channels = inputFormats[bus].channelCount
        let outputs = outputFormat.channelCount
        if meteringMode { (busAverage[bus], busPeak[bus]) = Self.meter(resources, channels: channels, frames: frames) { resources.inputPlanar(bus, $0) } }
        let volume = busVolume[bus]
        let pan = busPan[bus]
        for output in 0..<outputs {
            let source = channels == 1 ? 0 : output
            guard source < channels else { continue }
            let side: PanLaw.Side = outputs == 2 ? (output == 0 ? .left : .right) : .centre
            MixKernel.accumulate(resources.inputPlanar(bus, source), into: resources.outputPlanar(output),
                                 gain: volume * PanLaw.gain(side, pan: pan), frames: frames)
        }
    }

    /// (RMS, peak) in dB over `channels` planar channels.
    private static func meter(_ resources: ProcessingResources, channels: Int, frames: Int,
                              _ channel: (Int) -> UnsafeMutablePointer<Float>) -> (Float, Float) {
        var sum: Float = 0
        var peak: Float = 0
        for index in 0..<channels {
            let samples = channel(index)
            for frame in 0..<frames {
                sum += samples[frame] * samples[frame]
                peak = max(peak, abs(samples[frame]))
            }
        }
        let rms = (sum / Float(max(1, channels * frames))).squareRoot()
        func decibels(_ value: Float) -> Float { value > 0 ? max(-120, 20 * log10(value)) : -120 }
        return (decibels(rms), decibels(peak))
    }
}
