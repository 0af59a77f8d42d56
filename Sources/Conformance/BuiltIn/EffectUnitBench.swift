import Foundation
import AudioToolbox

/// An Apple effect unit driven through the C API as an app drives it: found by its description,
/// fed by a render callback, rendered offline in 512-frame slices at 44.1 kHz; and its published
/// parameters read back through `kAudioUnitProperty_ParameterList`/`ParameterInfo`.
final class EffectUnitRig: @unchecked Sendable {
    let unit: AudioUnit
    let source: (Int) -> Float
    var time = 0.0
    /// Input frames pulled so far (the end of the last pull, by its sample time).
    var consumed = 0

    /// A unit of `subType` fed by `source(frame)` on both channels, `configure`d (which usually initializes it).
    init(_ type: OSType, _ subType: OSType, configure: (AudioUnit) throws -> Void = { _ in },
         source: @escaping (Int) -> Float) throws {
        self.source = source
        unit = try Self.make(type, subType)
        try configure(unit)
        var callback = AURenderCallbackStruct(inputProc: { refCon, _, timeStamp, _, frames, ioData in
            let rig = Unmanaged<EffectUnitRig>.fromOpaque(refCon).takeUnretainedValue()
            rig.consumed = Int(timeStamp.pointee.mSampleTime) + Int(frames)
            for buffer in UnsafeMutableAudioBufferListPointer(ioData!) {
                let samples = buffer.mData!.assumingMemoryBound(to: Float.self)
                for frame in 0..<Int(frames) { samples[frame] = rig.source(Int(timeStamp.pointee.mSampleTime) + frame) }
            }
            return 0
        }, inputProcRefCon: Unmanaged.passUnretained(self).toOpaque())
        try check(withUnsafeMutablePointer(to: &callback) {
            AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0,
                                 UInt32(MemoryLayout<AURenderCallbackStruct>.size))
        }, "setting the render callback")
    }

    deinit { _ = AudioComponentInstanceDispose(unit) }

    /// A new instance of Apple's `type`/`subType`.
    static func make(_ type: OSType, _ subType: OSType) throws -> AudioUnit {
        var description = AudioComponentDescription(componentType: type, componentSubType: subType,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        let component = try CheckProbe.required(AudioComponentFindNext(nil, &description), "the component")
        var instance: AudioUnit?
        try check(AudioComponentInstanceNew(component, &instance), "AudioComponentInstanceNew")
        return try CheckProbe.required(instance, "the instance")
    }

    /// Renders `frames` frames in slices of 512; channel 0.
    func render(_ frames: Int) throws -> [Float] {
        var output: [Float] = []
        let list = AudioBufferList.allocate(maximumBuffers: 2)
        defer { free(list.unsafeMutablePointer) }
        var timeStamp = AudioTimeStamp()
        while output.count < frames {
            for index in 0..<2 { list[index] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 512 * 4, mData: nil) }
            timeStamp.mSampleTime = time
            timeStamp.mFlags = .sampleTimeValid
            try check(AudioUnitRender(unit, nil, &timeStamp, 0, 512, list.unsafeMutablePointer), "AudioUnitRender")
            output += UnsafeBufferPointer(start: list[0].mData!.assumingMemoryBound(to: Float.self), count: 512)
            time += 512
        }
        return output
    }

    static func sine(_ frequency: Double, _ amplitude: Float = 0.5) -> (Int) -> Float {
        { frame in amplitude * Float(sin(2 * Double.pi * frequency * Double(frame) / 44_100)) }
    }

    /// One published parameter: its ID and (min, max, default).
    struct Parameter: Equatable, CustomStringConvertible {
        let id: AudioUnitParameterID
        let minValue: Float, maxValue: Float, defaultValue: Float
        var range: [Float] { [minValue, maxValue, defaultValue] }
        var description: String { "\(id): \(minValue)…\(maxValue) (\(defaultValue))" }
    }

    /// The global parameters `unit` publishes, in its order.
    static func parameters(_ unit: AudioUnit) throws -> [Parameter] {
        var size: UInt32 = 0
        var writable = DarwinBoolean(false)
        try check(AudioUnitGetPropertyInfo(unit, kAudioUnitProperty_ParameterList, kAudioUnitScope_Global, 0, &size, &writable), "ParameterList's size")
        var ids = [AudioUnitParameterID](repeating: 0, count: Int(size) / 4)
        try check(AudioUnitGetProperty(unit, kAudioUnitProperty_ParameterList, kAudioUnitScope_Global, 0, &ids, &size), "ParameterList")
        return try ids.map { id in
            var info = AudioUnitParameterInfo()
            var infoSize = UInt32(MemoryLayout<AudioUnitParameterInfo>.size)
            try check(AudioUnitGetProperty(unit, kAudioUnitProperty_ParameterInfo, kAudioUnitScope_Global, id, &info, &infoSize), "ParameterInfo \(id)")
            info.cfNameString?.release()   // flag_CFNameRelease: the caller owns the name
            return Parameter(id: id, minValue: info.minValue, maxValue: info.maxValue, defaultValue: info.defaultValue)
        }
    }

    /// The value of a global parameter (NaN when the unit refuses to read it).
    static func value(_ unit: AudioUnit, _ id: AudioUnitParameterID) -> Float {
        var value: Float = 0
        return AudioUnitGetParameter(unit, id, kAudioUnitScope_Global, 0, &value) == 0 ? value : .nan
    }
}
