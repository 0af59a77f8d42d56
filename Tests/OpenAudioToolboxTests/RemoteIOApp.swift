import Foundation
import MediaServer
import OpenAudioToolbox
import OpenAVFAudio
import OpenCoreAudioTypes
import Soundcheck

/// A test app that talks to RemoteIO the way iOS apps do: it finds the component, makes an
/// instance, sets formats and callbacks, and records what its callbacks saw.
final class RemoteIOApp {
    var unit: AudioUnit?
    /// Render callback: every (frames, sample time) it was called with.
    var renderCalls: [(frames: UInt32, sampleTime: Float64)] = []
    var toneFrequency = 1000.0
    var toneAmplitude: Float = 0.5
    var sampleRate = 48_000.0
    /// Input callback: the statuses of AudioUnitRender on bus 1 and the samples it got.
    var renderStatuses: [OSStatus] = []
    var captured: [Float] = []
    /// The input callback's sample time at each call.
    var inputTimes: [Float64] = []
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
        guard let component = AudioComponentFindNext(nil, &description) else { throw Failure("no component") }
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

    /// A sine on every channel, phase from the sample time (so gaps or repeats would show).
    private func renderTone(_ timeStamp: AudioTimeStamp, _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>?) -> OSStatus {
        renderCalls.append((frames, timeStamp.mSampleTime))
        guard let ioData else { return kAudio_ParamError }
        for buffer in UnsafeMutableAudioBufferListPointer(ioData) {
            let samples = buffer.mData!.assumingMemoryBound(to: Float.self)
            for frame in 0..<Int(frames) {
                let t = (timeStamp.mSampleTime + Double(frame)) / sampleRate
                samples[frame] = toneAmplitude * Float(sin(2 * Double.pi * toneFrequency * t))
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
        }
        return status
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Throws unless `status` is noErr, naming it.
func check(_ status: OSStatus, _ what: String = #function) throws {
    guard status == 0 else { throw Failure("\(what): OSStatus \(status)") }
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
