import AudioFiles
import Foundation

extension AVAudioFile {
    /// Reads from `framePosition` until the buffer is full or the file ends.
    public func read(into buffer: AVAudioPCMBuffer) throws {
        try read(into: buffer, frameCount: buffer.frameCapacity)
    }

    /// Reads up to `frames` (at most the buffer's capacity); `frameLength` becomes the frames
    /// read, 0 at the end of the file (no error: Apple does not document an end-of-file error).
    public func read(into buffer: AVAudioPCMBuffer, frameCount frames: AVAudioFrameCount) throws {
        try requireProcessingFormat(buffer)
        let wanted = Int(min(frames, buffer.frameCapacity))
        let got = try Self.translating { () throws(SoundFileError) in try transfer(buffer, frames: wanted, reading: true) }
        buffer.frameLength = AVAudioFrameCount(got)
    }

    /// Writes the buffer's `frameLength` frames at `framePosition`.
    public func write(from buffer: AVAudioPCMBuffer) throws {
        try requireProcessingFormat(buffer)
        let frames = Int(buffer.frameLength)
        _ = try Self.translating { () throws(SoundFileError) in try transfer(buffer, frames: frames, reading: false) }
    }

    private func requireProcessingFormat(_ buffer: AVAudioPCMBuffer) throws {
        guard buffer.format.isEqual(processingFormat) else {
            throw Self.error(kAudio_ParamError,
                             "\(file.name): buffer format \(buffer.format) does not match processingFormat \(processingFormat)")
        }
    }

    private func transfer(_ buffer: AVAudioPCMBuffer, frames: Int, reading: Bool) throws(SoundFileError) -> Int {
        switch processingFormat.commonFormat {
        case .pcmFormatFloat32: try transfer(Float.self, buffer, frames, reading)
        case .pcmFormatFloat64: try transfer(Double.self, buffer, frames, reading)
        case .pcmFormatInt16: try transfer(Int16.self, buffer, frames, reading)
        case .pcmFormatInt32: try transfer(Int32.self, buffer, frames, reading)
        case .otherFormat: 0
        }
    }

    /// Interleaved buffers move as one block from channel 0's pointer; deinterleaved ones per channel.
    private func transfer<S: SoundSample>(_: S.Type, _ buffer: AVAudioPCMBuffer, _ frames: Int, _ reading: Bool)
        throws(SoundFileError) -> Int {
        let channels = buffer.typedChannels(S.self)
        let interleaved = processingFormat.isInterleaved && processingFormat.channelCount > 1
        switch (reading, interleaved) {
        case (true, true): return try file.read(interleavedInto: channels[0], frames: frames)
        case (true, false): return try file.read(into: channels, frames: frames)
        case (false, true): try file.write(interleaved: channels[0], frames: frames)
        case (false, false): try file.write(channels: channels, frames: frames)
        }
        return frames
    }
}
