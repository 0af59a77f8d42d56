import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import CoreAudioTypes
import Soundcheck
import VirtualDevices

/// An app that talks to RemoteIO (or VoiceProcessingIO) the way iOS apps do: it finds the
/// component, makes an instance, sets formats and callbacks, and records what its callbacks saw.
/// Its render callback plays a sine (`toneAmplitude` 0 for silence) or, with `passThrough`, the
/// microphone samples its input callback got last.
final class RemoteIOApp: @unchecked Sendable {
    var unit: AudioUnit?
    /// Render callback: every (frames, sample time) it was called with.
    var renderCalls: [(frames: UInt32, sampleTime: Float64)] = []
    var toneFrequency = 1000.0
    var toneAmplitude: Float = 0.5
    var sampleRate = 48_000.0
    /// The render callback plays the last input callback's samples instead of the tone.
    var passThrough = false
    /// Input callback: the statuses of AudioUnitRender on bus 1 and the samples it got.
    var renderStatuses: [OSStatus] = []
    var captured: [Float] = []
    /// The input callback's sample time at each call.
    var inputTimes: [Float64] = []
    private var lastCapture = 0..<0
    var inputCalls: Int { inputTimes.count }
    /// The frame counts the render callback was asked for.
    var renderFrames: Set<UInt32> { Set(renderCalls.map(\.frames)) }
    /// Property listener calls: (property, scope, element, the sample rate read in the listener).
    var listenerCalls: [(property: AudioUnitPropertyID, scope: AudioUnitScope, element: AudioUnitElement, rate: Float64)] = []

    var refCon: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ refCon: UnsafeMutableRawPointer) -> RemoteIOApp { Unmanaged.fromOpaque(refCon).takeUnretainedValue() }

    static func description(_ subType: OSType = kAudioUnitSubType_RemoteIO) -> AudioComponentDescription {
        AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: subType,
                                  componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
    }

    /// Makes the unit (in the app's context, as app code runs), mono or stereo float client output.
    func make(subType: OSType = kAudioUnitSubType_RemoteIO) throws {
        var description = Self.description(subType)
        guard let component = AudioComponentFindNext(nil, &description) else { throw CheckAbort(message: "no component for \(subType)") }
        var instance: AudioComponentInstance?
        try check(AudioComponentInstanceNew(component, &instance))
        unit = instance
    }

    func setRenderCallback() throws {
        var callback = AURenderCallbackStruct(inputProc: { refCon, _, timeStamp, _, frames, ioData in
            RemoteIOApp.from(refCon).renderTone(timeStamp.pointee, frames, ioData)
        }, inputProcRefCon: refCon)
        try check(setCallback(kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, &callback))
    }

    func enableInput() throws {
        var one: UInt32 = 1
        try check(AudioUnitSetProperty(unit!, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &one, 4))
        try setInputCallback()
    }

    func setInputCallback() throws {
        var callback = AURenderCallbackStruct(inputProc: { refCon, flags, timeStamp, bus, frames, _ in
            RemoteIOApp.from(refCon).pullInput(flags, timeStamp, bus, frames)
        }, inputProcRefCon: refCon)
        try check(setCallback(kAudioOutputUnitProperty_SetInputCallback, kAudioUnitScope_Global, &callback))
    }

    /// Sets a callback property. (The struct holds a Swift closure, so it is passed through a
    /// typed pointer; `&callback` straight to the raw parameter works too, with a warning.)
    func setCallback(_ property: AudioUnitPropertyID, _ scope: AudioUnitScope, _ callback: inout AURenderCallbackStruct) -> OSStatus {
        withUnsafeMutablePointer(to: &callback) {
            AudioUnitSetProperty(unit!, property, scope, 0, $0, UInt32(MemoryLayout<AURenderCallbackStruct>.size))
        }
    }

    func listen(_ property: AudioUnitPropertyID) throws {
        try check(AudioUnitAddPropertyListener(unit!, property, { userData, unit, property, scope, element in
            let app = RemoteIOApp.from(userData)
            var rate: Float64 = 0
            var size = UInt32(8)
            _ = AudioUnitGetProperty(unit, kAudioUnitProperty_SampleRate, scope == 0 ? 2 : scope, element, &rate, &size)
            app.listenerCalls.append((property, scope, element, rate))
        }, refCon))
    }

    func initializeAndStart() throws {
        try check(AudioUnitInitialize(unit!))
        try check(AudioOutputUnitStart(unit!))
    }

    /// A RemoteIO (or VoiceProcessingIO) with its default client formats (float at the hardware
    /// rate: stereo out, mono in), `input` and `output` enabled as asked, both callbacks set,
    /// `configure`d, initialized and started. Call in the app's context.
    static func started(input: Bool, output: Bool, subType: OSType = kAudioUnitSubType_RemoteIO,
                        configure: (RemoteIOApp) throws -> Void = { _ in }) throws -> RemoteIOApp {
        let app = RemoteIOApp()
        try app.make(subType: subType)
        for (enabled, scope, element) in [(input, kAudioUnitScope_Input, AudioUnitElement(1)), (output, kAudioUnitScope_Output, 0)] {
            var on: UInt32 = enabled ? 1 : 0
            try check(AudioUnitSetProperty(app.unit!, kAudioOutputUnitProperty_EnableIO, scope, element, &on, 4), "EnableIO")
        }
        try app.setRenderCallback()
        try app.setInputCallback()
        try configure(app)
        try app.initializeAndStart()
        return app
    }

    /// A sine on every channel, phase from the sample time (so gaps or repeats would show).
    private func renderTone(_ timeStamp: AudioTimeStamp, _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>?) -> OSStatus {
        renderCalls.append((frames, timeStamp.mSampleTime))
        guard let ioData else { return kAudio_ParamError }
        for buffer in UnsafeMutableAudioBufferListPointer(ioData) {
            let samples = buffer.mData!.assumingMemoryBound(to: Float.self)
            for frame in 0..<Int(frames) {
                if passThrough {
                    samples[frame] = frame < lastCapture.count ? captured[lastCapture.lowerBound + frame] : 0
                } else {
                    let t = (timeStamp.mSampleTime + Double(frame)) / sampleRate
                    samples[frame] = toneAmplitude * Float(sin(2 * Double.pi * toneFrequency * t))
                }
            }
        }
        return 0
    }

    /// Input available: render bus 1 into the unit's own buffers (nil mData) and keep the samples.
    private func pullInput(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                           _ bus: UInt32, _ frames: UInt32) -> OSStatus {
        var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: frames * 4, mData: nil))
        inputTimes.append(timeStamp.pointee.mSampleTime)
        let status = AudioUnitRender(unit!, flags, timeStamp, bus, frames, &list)
        renderStatuses.append(status)
        if status == 0, let data = list.mBuffers.mData {
            captured += UnsafeBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: Int(frames))
            lastCapture = (captured.count - Int(frames))..<captured.count
        }
        return status
    }
}

/// Throws unless `status` is noErr, naming the call.
func check(_ status: OSStatus, _ what: String = #function) throws {
    guard status == 0 else { throw CheckAbort(message: "\(what): OSStatus \(status)") }
}

/// Amplitude of the `frequency` component of `samples` at `rate` (a single-bin DFT).
func toneAmplitude(_ samples: ArraySlice<Float>, frequency: Double, rate: Double) -> Double {
    var re = 0.0, im = 0.0
    for (index, sample) in samples.enumerated() {
        let phase = 2 * Double.pi * frequency * Double(index) / rate
        re += Double(sample) * cos(phase)
        im -= Double(sample) * sin(phase)
    }
    return 2 * (re * re + im * im).squareRoot() / Double(samples.count)
}

extension RemoteIOApp {
    /// How far `sink`'s channel 1 strays from an ideal sine of `amplitude` and `frequency` (48 kHz)
    /// from the first frame the app's tone starts on to `end`: 0 means no cycle was missed,
    /// repeated or cut (the callback takes its phase from mSampleTime). Nil when nothing played.
    static func idealSineDeviation(_ sink: PortSink, amplitude: Float, frequency: Double, until end: Int) -> Float? {
        guard let samples = sink.samples(channel: 1), let heard = samples.firstIndex(where: { $0 != 0 }), heard >= 1 else { return nil }
        // sin(0) = 0 at the first frame: the tone starts one frame before the first non-zero sample.
        let start = heard - 1
        var worst: Float = 0
        for index in start..<min(end, samples.count) {
            let phase: Double = 2 * Double.pi * frequency * Double(index - start) / 48_000
            worst = max(worst, abs(samples[index] - amplitude * Float(sin(phase))))
        }
        return worst
    }
}

/// A mixer with bus 0 mono (a constant 0.5) and bus 1 stereo (a constant 0.2 left, −0.2
/// right), initialized, rendering 512 frames per call.
final class MultiChannelMixerRig: @unchecked Sendable {
    let unit: AudioUnit
    init() throws {
        var description = AudioComponentDescription(componentType: kAudioUnitType_Mixer, componentSubType: kAudioUnitSubType_MultiChannelMixer,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple,
                                                    componentFlags: 0, componentFlagsMask: 0)
        let component = try CheckProbe.required(AudioComponentFindNext(nil, &description), "AUMultiChannelMixer")
        var instance: AudioUnit?
        try check(AudioComponentInstanceNew(component, &instance))
        unit = try CheckProbe.required(instance, "the mixer instance")
        var buses: UInt32 = 2
        try check(AudioUnitSetProperty(unit, kAudioUnitProperty_ElementCount, kAudioUnitScope_Input, 0, &buses, 4))
        var mono = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatLinearPCM,
                                               mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
                                               mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 1,
                                               mBitsPerChannel: 32, mReserved: 0)
        try check(AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &mono, 40))
        for bus: UInt32 in 0...1 {
            var callback = AURenderCallbackStruct(inputProc: { _, _, _, bus, frames, ioData in
                for (channel, buffer) in UnsafeMutableAudioBufferListPointer(ioData!).enumerated() {
                    let value: Float = bus == 0 ? 0.5 : (channel == 0 ? 0.2 : -0.2)
                    buffer.mData!.assumingMemoryBound(to: Float.self).update(repeating: value, count: Int(frames))
                }
                return 0
            }, inputProcRefCon: nil)
            try check(withUnsafeMutablePointer(to: &callback) {
                AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, bus, $0,
                                     UInt32(MemoryLayout<AURenderCallbackStruct>.size))
            })
        }
        try check(AudioUnitInitialize(unit))
    }

    deinit { _ = AudioComponentInstanceDispose(unit) }

    /// One render of 512 frames: the first sample of each output channel.
    func render() throws -> [Float] {
        let list = AudioBufferList.allocate(maximumBuffers: 2)
        defer { free(list.unsafeMutablePointer) }
        for index in 0..<2 { list[index] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 2048, mData: nil) }
        var timeStamp = AudioTimeStamp()
        timeStamp.mFlags = .sampleTimeValid
        try check(AudioUnitRender(unit, nil, &timeStamp, 0, 512, list.unsafeMutablePointer))
        return (0..<2).map { list[$0].mData!.assumingMemoryBound(to: Float.self)[511] }
    }

    func set(_ parameter: AudioUnitParameterID, _ scope: AudioUnitScope, _ bus: UInt32, _ value: Float) throws {
        try check(AudioUnitSetParameter(unit, parameter, scope, bus, value, 0))
    }
}
