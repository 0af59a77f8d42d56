import AudioGraph
import CoreAudioTypes
import SimCore

/// What an `AudioConverterRef` points at: a linear-PCM converter between two of the client formats
/// the audio units take (32-bit float or 16-bit integer, interleaved or not), changing sample
/// format, channel count (mono to every channel, several to mono by averaging, otherwise channel
/// for channel) and rate (libsoxr, fed in fixed chunks). Compressed formats are not converted here:
/// `AudioConverterNew` answers `kAudioConverterErr_FormatNotSupported` for them.
final class AudioConverterObject {
    /// Frames of input pulled per conversion step, and the most output frames read from libsoxr at once.
    static let chunkFrames = 256
    static let readFrames = 4096

    let source: AudioStreamBasicDescription
    let destination: AudioStreamBasicDescription
    private(set) var rateConverter: SampleRateConverter?
    /// `kAudioConverterSampleRateConverterQuality`, as set (Apple's default is high).
    var quality: UInt32 = kAudioConverterQuality_High
    /// Planar float staging, `destination.channelCount` × `stageFrames`.
    private var stage: [Float] = []
    private var stageFrames = 0
    /// Input frames pulled and output frames produced since the last reset, to end a rate-converted
    /// stream at the length the rates give once the input has ended.
    private var inputFramesPulled = 0
    private var outputFramesProduced = 0
    private var inputEnded = false

    init?(source: AudioStreamBasicDescription, destination: AudioStreamBasicDescription) {
        guard source.isSupportedPCM, destination.isSupportedPCM,
              source.channelCount == destination.channelCount || source.channelCount == 1 || destination.channelCount == 1,
              source.mSampleRate == source.mSampleRate.rounded(), destination.mSampleRate == destination.mSampleRate.rounded() else { return nil }
        self.source = source
        self.destination = destination
        reset()
    }

    var convertsRate: Bool { source.mSampleRate != destination.mSampleRate }

    func reset() {
        rateConverter = convertsRate
            ? SampleRateConverter(channelCount: destination.channelCount, from: SampleRate(framesPerSecond: Int64(source.mSampleRate)),
                                  to: SampleRate(framesPerSecond: Int64(destination.mSampleRate)), maxReadFrames: Self.readFrames,
                                  chunkFrames: Self.chunkFrames)
            : nil
        inputFramesPulled = 0
        outputFramesProduced = 0
        inputEnded = false
    }

    /// Reads `frames` frames of `list` (in the source format) as planar float in the destination's
    /// channels, into `planes` (one plane per destination channel, `stride` floats apart).
    func mapChannels(from list: UnsafeMutablePointer<AudioBufferList>, frames: Int, into planes: UnsafeMutablePointer<Float>, stride: Int) {
        let inputs = source.channelCount, outputs = destination.channelCount
        if inputs == outputs || inputs == 1 {
            for channel in 0..<outputs {
                PCMTransfer.read(list, format: source, channel: inputs == 1 ? 0 : channel, into: planes + channel * stride, frames: frames)
            }
            return
        }
        // Several to mono: the average of the channels.
        PCMTransfer.read(list, format: source, channel: 0, into: planes, frames: frames)
        var scratch = [Float](repeating: 0, count: frames)
        for channel in 1..<inputs {
            scratch.withUnsafeMutableBufferPointer { PCMTransfer.read(list, format: source, channel: channel, into: $0.baseAddress!, frames: frames) }
            for frame in 0..<frames { planes[frame] += scratch[frame] }
        }
        for frame in 0..<frames { planes[frame] /= Float(inputs) }
    }

    /// Fills `output` (destination format) with up to `frames` frames pulled through `pull`, which
    /// puts up to the asked number of source frames in the list it is given and answers how many
    /// it gave (0 at the end of the input) or an error (no input for now: the call ends, and a
    /// later call goes on where this one stopped). Returns the frames written and the pull's error
    /// when nothing could be written.
    func fill(_ output: UnsafeMutablePointer<AudioBufferList>, frames: Int,
              pull: (_ list: UnsafeMutablePointer<AudioBufferList>, _ asked: Int) -> (frames: Int, status: OSStatus)) -> (frames: Int, status: OSStatus) {
        let channels = destination.channelCount
        if stageFrames < frames { stage = [Float](repeating: 0, count: channels * frames); stageFrames = frames }
        let inputList = AudioBufferList.allocate(maximumBuffers: source.isNonInterleaved ? source.channelCount : 1)
        defer { inputList.unsafeMutablePointer.deallocate() }
        var produced = 0
        var status: OSStatus = noErr
        stage.withUnsafeMutableBufferPointer { staged in
            let planes = staged.baseAddress!
            /// Source frames into `target` (planar, `stride` apart); 0 when the input ended or paused.
            func pullInput(_ asked: Int, into target: UnsafeMutablePointer<Float>, stride: Int) -> Int {
                guard !inputEnded, status == noErr else { return 0 }
                for index in 0..<inputList.count { inputList[index] = AudioBuffer(mNumberChannels: 0, mDataByteSize: 0, mData: nil) }
                let answer = pull(inputList.unsafeMutablePointer, asked)
                guard answer.status == noErr else { status = answer.status; return 0 }
                guard answer.frames > 0 else { inputEnded = true; return 0 }
                let got = min(answer.frames, asked)
                mapChannels(from: inputList.unsafeMutablePointer, frames: got, into: target, stride: stride)
                inputFramesPulled += got
                return got
            }
            guard let converter = rateConverter else {
                while produced < frames {
                    let got = pullInput(frames - produced, into: planes + produced, stride: stageFrames)
                    if got == 0 { break }
                    produced += got
                }
                return
            }
            let inRate = Int(source.mSampleRate), outRate = Int(destination.mSampleRate)
            var flushChunks = 0
            while produced < frames && status == noErr {
                let want = min(frames - produced, Self.readFrames)
                let due = inputEnded ? (inputFramesPulled * outRate + inRate - 1) / inRate - outputFramesProduced : Int.max
                if due <= 0 { break }
                if converter.availableFrames < min(want, due) {
                    // Convert one more chunk: input while there is some, then silence to flush
                    // libsoxr's delay once the input has ended.
                    var filled = 0
                    while filled < Self.chunkFrames {
                        let got = pullInput(Self.chunkFrames - filled, into: converter.inputChunk(channel: 0) + filled, stride: converter.chunkFrames)
                        if got == 0 { break }
                        filled += got
                    }
                    if filled == 0 && !inputEnded { break }   // paused by the pull's error
                    for channel in 0..<channels { (converter.inputChunk(channel: channel) + filled).update(repeating: 0, count: Self.chunkFrames - filled) }
                    if filled == 0 { flushChunks += 1; if flushChunks > 64 { break } }
                    converter.convertChunk()
                    continue
                }
                let count = min(want, converter.availableFrames, due)
                converter.read(count, into: planes + produced, stride: stageFrames)
                produced += count
                outputFramesProduced += count
            }
        }
        let buffers = UnsafeMutableAudioBufferListPointer(output)
        let bytesPerBufferFrame = destination.isNonInterleaved ? destination.bytesPerSample : destination.bytesPerSample * channels
        for index in 0..<buffers.count where buffers[index].mData != nil {
            buffers[index].mDataByteSize = min(buffers[index].mDataByteSize, UInt32(produced * bytesPerBufferFrame))
        }
        for channel in 0..<channels {
            stage.withUnsafeBufferPointer { PCMTransfer.write($0.baseAddress! + channel * stageFrames, into: output, format: destination, channel: channel, frames: produced) }
        }
        return (produced, produced > 0 ? noErr : status)
    }
}
