import AudioToolbox
import CoreAudioTypes
import Foundation
import Testing

/// AudioConverter.h's linear-PCM conversions on real signals: a tone keeps its level and pitch
/// through sample-format, layout and rate changes; what the converter cannot convert gets
/// AudioConverter.h's errors.
@Suite struct AudioConverterTests {
    static func pcm(rate: Double, channels: UInt32, float: Bool, interleaved: Bool) -> AudioStreamBasicDescription {
        let sampleBytes: UInt32 = float ? 4 : 2
        let frameBytes = interleaved ? sampleBytes * channels : sampleBytes
        let flags = (float ? kAudioFormatFlagIsFloat : kAudioFormatFlagIsSignedInteger) | kAudioFormatFlagIsPacked
            | (interleaved ? 0 : kAudioFormatFlagIsNonInterleaved)
        return AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM, mFormatFlags: flags, mBytesPerPacket: frameBytes,
                                           mFramesPerPacket: 1, mBytesPerFrame: frameBytes, mChannelsPerFrame: channels,
                                           mBitsPerChannel: sampleBytes * 8, mReserved: 0)
    }

    static func tone(_ hertz: Double, rate: Double, frames: Int, amplitude: Float = 0.5) -> [Float] {
        (0..<frames).map { amplitude * Float(sin(2 * Double.pi * hertz * Double($0) / rate)) }
    }

    /// Rising zero crossings per second: the tone's frequency.
    static func frequency(_ samples: ArraySlice<Float>, rate: Double) -> Double {
        let rising = zip(samples.dropLast(), samples.dropFirst()).filter { $0.0 < 0 && $0.1 >= 0 }.count
        return Double(rising) * rate / Double(samples.count)
    }

    static func rms(_ samples: ArraySlice<Float>) -> Float {
        (samples.reduce(0) { $0 + $1 * $1 } / Float(samples.count)).squareRoot()
    }

    /// Mono float input handed to the input proc in pieces of at most 300 frames, through its user data.
    final class ToneSource {
        let samples: [Float]
        var position = 0
        var scratch = [Float](repeating: 0, count: 300)
        init(_ samples: [Float]) { self.samples = samples }
    }

    static func supply(_ converter: AudioConverterRef, _ ioPackets: UnsafeMutablePointer<UInt32>, _ ioData: UnsafeMutablePointer<AudioBufferList>,
                       _ descriptions: UnsafeMutablePointer<UnsafeMutablePointer<AudioStreamPacketDescription>?>?,
                       _ userData: UnsafeMutableRawPointer?) -> OSStatus {
        let source = Unmanaged<ToneSource>.fromOpaque(userData!).takeUnretainedValue()
        let count = min(Int(ioPackets.pointee), 300, source.samples.count - source.position)
        for index in 0..<count { source.scratch[index] = source.samples[source.position + index] }
        source.position += count
        ioPackets.pointee = UInt32(count)
        let buffers = UnsafeMutableAudioBufferListPointer(ioData)
        source.scratch.withUnsafeMutableBytes { bytes in
            buffers[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(count * 4), mData: bytes.baseAddress)
        }
        return noErr
    }

    @Test("44.1 kHz to 48 kHz: a 1 kHz tone stays at 1 kHz and at its level, and the length follows the rates")
    func rateConversion() throws {
        var source = Self.pcm(rate: 44_100, channels: 1, float: true, interleaved: false)
        var target = Self.pcm(rate: 48_000, channels: 1, float: true, interleaved: false)
        var converter: AudioConverterRef?
        #expect(AudioConverterNew(&source, &target, &converter) == noErr)
        let ref = try #require(converter)
        defer { _ = AudioConverterDispose(ref) }
        let input = ToneSource(Self.tone(1_000, rate: 44_100, frames: 44_100))
        var output = [Float](repeating: 0, count: 60_000)
        var written = 0
        while written < output.count {
            var packets = UInt32(min(4_096, output.count - written))
            let status = output.withUnsafeMutableBytes { bytes -> OSStatus in
                var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: packets * 4,
                                                                                       mData: bytes.baseAddress! + written * 4))
                return AudioConverterFillComplexBuffer(ref, Self.supply, Unmanaged.passUnretained(input).toOpaque(), &packets, &list, nil)
            }
            #expect(status == noErr)
            if packets == 0 { break }
            written += Int(packets)
        }
        #expect(written == 48_000)
        let middle = output[12_000..<36_000]
        #expect(abs(Self.frequency(middle, rate: 48_000) - 1_000) < 2)
        #expect(abs(Self.rms(middle) - Float(0.5 / 2.0.squareRoot())) < 0.01)
    }

    @Test("Float stereo, non-interleaved, to 16-bit interleaved and back: the samples survive to 16-bit precision")
    func sampleFormatAndLayout() throws {
        var floatFormat = Self.pcm(rate: 48_000, channels: 2, float: true, interleaved: false)
        var intFormat = Self.pcm(rate: 48_000, channels: 2, float: false, interleaved: true)
        var toInt: AudioConverterRef?, toFloat: AudioConverterRef?
        #expect(AudioConverterNew(&floatFormat, &intFormat, &toInt) == noErr)
        #expect(AudioConverterNew(&intFormat, &floatFormat, &toFloat) == noErr)
        let frames = 480
        var left = Self.tone(440, rate: 48_000, frames: frames), right = Self.tone(880, rate: 48_000, frames: frames, amplitude: 0.25)
        var interleaved = [Int16](repeating: 0, count: frames * 2)
        let input = AudioBufferList.allocate(maximumBuffers: 2)
        defer { free(input.unsafeMutablePointer) }
        left.withUnsafeMutableBytes { l in right.withUnsafeMutableBytes { r in
            input[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(frames * 4), mData: l.baseAddress)
            input[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(frames * 4), mData: r.baseAddress)
            interleaved.withUnsafeMutableBytes { out in
                var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 2, mDataByteSize: UInt32(frames * 4), mData: out.baseAddress))
                #expect(AudioConverterConvertComplexBuffer(toInt!, UInt32(frames), input.unsafePointer, &list) == noErr)
            }
        } }
        #expect(abs(Int(interleaved[2 * 120]) - Int((left[120] * 32_768).rounded())) <= 1)
        #expect(abs(Int(interleaved[2 * 60 + 1]) - Int((right[60] * 32_768).rounded())) <= 1)

        var back = [Float](repeating: 0, count: frames * 2)
        var size = UInt32(back.count * 4)
        let size16 = UInt32(frames * 4)
        // ConvertBuffer works on interleaved data only; the float format here is not.
        #expect(AudioConverterConvertBuffer(toFloat!, size16, &interleaved, &size, &back) == kAudioConverterErr_OperationNotSupported)
        var stereoFloat = Self.pcm(rate: 48_000, channels: 2, float: true, interleaved: true)
        var interleavedToFloat: AudioConverterRef?
        #expect(AudioConverterNew(&intFormat, &stereoFloat, &interleavedToFloat) == noErr)
        #expect(AudioConverterConvertBuffer(interleavedToFloat!, size16, &interleaved, &size, &back) == noErr)
        #expect(size == UInt32(frames * 8))
        #expect(abs(back[2 * 120] - left[120]) < 1.0 / 16_000)
        for ref in [toInt!, toFloat!, interleavedToFloat!] { #expect(AudioConverterDispose(ref) == noErr) }
    }

    @Test("Compressed formats and unmappable channel counts are kAudioConverterErr_FormatNotSupported; properties answer the formats")
    func errorsAndProperties() throws {
        var aac = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatMPEG4AAC, mFormatFlags: 0, mBytesPerPacket: 0,
                                              mFramesPerPacket: 1_024, mBytesPerFrame: 0, mChannelsPerFrame: 2, mBitsPerChannel: 0, mReserved: 0)
        var pcm = Self.pcm(rate: 44_100, channels: 2, float: true, interleaved: true)
        var converter: AudioConverterRef?
        #expect(AudioConverterNew(&aac, &pcm, &converter) == kAudioConverterErr_FormatNotSupported)
        #expect(converter == nil)
        var quad = Self.pcm(rate: 44_100, channels: 4, float: true, interleaved: true)
        #expect(AudioConverterNew(&pcm, &quad, &converter) == kAudioConverterErr_FormatNotSupported)
        var mono = Self.pcm(rate: 22_050, channels: 1, float: false, interleaved: true)
        #expect(AudioConverterNewWithOptions(&pcm, &mono, [], &converter) == noErr)
        let ref = try #require(converter)
        var described = AudioStreamBasicDescription()
        var size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
        #expect(AudioConverterGetProperty(ref, kAudioConverterCurrentOutputStreamDescription, &size, &described) == noErr)
        #expect(described.mSampleRate == 22_050 && described.mChannelsPerFrame == 1)
        var writable = DarwinBoolean(false)
        #expect(AudioConverterGetPropertyInfo(ref, kAudioConverterSampleRateConverterQuality, &size, &writable) == noErr && writable.boolValue)
        var quality = kAudioConverterQuality_Max
        #expect(AudioConverterSetProperty(ref, kAudioConverterSampleRateConverterQuality, 4, &quality) == noErr)
        #expect(AudioConverterGetProperty(ref, kAudioConverterPropertyCalculateInputBufferSize, &size, &quality) == kAudioConverterErr_PropertyNotSupported)
        size = 2
        #expect(AudioConverterGetProperty(ref, kAudioConverterCurrentInputStreamDescription, &size, &described) == kAudioConverterErr_BadPropertySizeError)
        #expect(AudioConverterReset(ref) == noErr)
        #expect(AudioConverterDispose(ref) == noErr)
        var description = AudioClassDescription(mType: 0, mSubType: 0, mManufacturer: 0)
        #expect(AudioConverterNewSpecific(&aac, &pcm, 1, &description, &converter) == kAudioConverterErr_FormatNotSupported)
        var prepared: OSStatus?
        AudioConverterPrepare(0, nil) { prepared = $0 }
        #expect(prepared == noErr)
    }
}
