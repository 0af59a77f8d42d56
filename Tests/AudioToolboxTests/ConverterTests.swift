@testable import Conformance
import Foundation
import AudioToolbox
import Testing

/// AUConverter rendered offline: rate, channel count and sample format conversion.
@Suite("AUConverter")
struct ConverterTests {
    static func format(rate: Double, channels: UInt32, int16Interleaved: Bool = false) -> AudioStreamBasicDescription {
        if int16Interleaved {
            return AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
                                               mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
                                               mBytesPerPacket: 2 * channels, mFramesPerPacket: 1, mBytesPerFrame: 2 * channels,
                                               mChannelsPerFrame: channels, mBitsPerChannel: 16, mReserved: 0)
        }
        return AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
                                           mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
                                           mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: channels,
                                           mBitsPerChannel: 32, mReserved: 0)
    }

    /// A converter fed a 1 kHz sine (amplitude 0.5, mono float at 44.1 kHz), rendering to `output`.
    static func converter(output: AudioStreamBasicDescription) throws -> AudioUnit {
        var description = AudioComponentDescription(componentType: kAudioUnitType_FormatConverter, componentSubType: kAudioUnitSubType_AUConverter,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        let component = try #require(AudioComponentFindNext(nil, &description))
        var instance: AudioUnit?
        try check(AudioComponentInstanceNew(component, &instance))
        let unit = try #require(instance)
        var input = format(rate: 44_100, channels: 1)
        var output = output
        try check(AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &input, 40))
        try check(AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &output, 40))
        var callback = AURenderCallbackStruct(inputProc: { _, _, timeStamp, _, frames, ioData in
            let samples = UnsafeMutableAudioBufferListPointer(ioData!)[0].mData!.assumingMemoryBound(to: Float.self)
            for frame in 0..<Int(frames) {
                samples[frame] = 0.5 * Float(sin(2 * Double.pi * 1000 * (timeStamp.pointee.mSampleTime + Double(frame)) / 44_100))
            }
            return 0
        }, inputProcRefCon: nil)
        try check(withUnsafeMutablePointer(to: &callback) {
            AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0,
                                 UInt32(MemoryLayout<AURenderCallbackStruct>.size))
        })
        try check(AudioUnitInitialize(unit))
        return unit
    }

    @Test("44.1 kHz mono float → 48 kHz stereo float: the 1 kHz tone on both channels at its amplitude")
    func rateAndChannels() throws {
        let unit = try Self.converter(output: Self.format(rate: 48_000, channels: 2))
        defer { _ = AudioComponentInstanceDispose(unit) }
        var channels: [[Float]] = [[], []]
        let list = AudioBufferList.allocate(maximumBuffers: 2)
        defer { free(list.unsafeMutablePointer) }
        var timeStamp = AudioTimeStamp()
        for slice in 0..<100 {
            for index in 0..<2 { list[index] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 480 * 4, mData: nil) }
            timeStamp.mSampleTime = Double(slice * 480)
            try check(AudioUnitRender(unit, nil, &timeStamp, 0, 480, list.unsafeMutablePointer))
            for index in 0..<2 {
                channels[index] += UnsafeBufferPointer(start: list[index].mData!.assumingMemoryBound(to: Float.self), count: 480)
            }
        }
        for channel in channels {
            #expect(abs(toneAmplitude(channel[4_800...], frequency: 1000, rate: 48_000) - 0.5) < 0.005)
            #expect(toneAmplitude(channel[4_800...], frequency: 918.75, rate: 48_000) < 0.01, "not played at the input rate")
        }
        #expect(channels[0] == channels[1])
    }

    @Test("to 16-bit interleaved stereo at the same rate: samples quantized, both channels equal")
    func sampleFormat() throws {
        let unit = try Self.converter(output: Self.format(rate: 44_100, channels: 2, int16Interleaved: true))
        defer { _ = AudioComponentInstanceDispose(unit) }
        var storage = [Int16](repeating: 0, count: 2 * 441)
        try storage.withUnsafeMutableBytes { bytes in
            var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 2, mDataByteSize: UInt32(bytes.count),
                                                                                  mData: bytes.baseAddress))
            var timeStamp = AudioTimeStamp()
            try check(AudioUnitRender(unit, nil, &timeStamp, 0, 441, &list))
        }
        let left = stride(from: 0, to: storage.count, by: 2).map { storage[$0] }
        let right = stride(from: 1, to: storage.count, by: 2).map { storage[$0] }
        #expect(left == right)
        #expect(left.max() == 16_384 && left.min() == -16_384)   // 0.5 × 32768 at the sine's peaks (1 kHz at 44.1 kHz hits them)
    }
}
