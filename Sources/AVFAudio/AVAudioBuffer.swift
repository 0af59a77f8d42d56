import Foundation

/// `AVAudioBuffer`: the base of audio buffers, holding the format its samples are in and the
/// `AudioBufferList` lower-level Core Audio calls take.
open class AVAudioBuffer: NSObject, @unchecked Sendable {
    public let format: AVAudioFormat
    /// One entry per deinterleaved channel, or one for all interleaved channels; filled by subclasses.
    let bufferList: UnsafeMutableAudioBufferListPointer

    init(format: AVAudioFormat, bufferCount: Int) {
        self.format = format
        bufferList = AudioBufferList.allocate(maximumBuffers: bufferCount)
    }

    deinit { UnsafeMutableRawPointer(bufferList.unsafeMutablePointer).deallocate() }

    /// The buffers with `mDataByteSize` covering the valid frames (`frameLength` for PCM).
    public var audioBufferList: UnsafePointer<AudioBufferList> {
        setByteSizes(validByteSize)
        return bufferList.unsafePointer
    }

    /// The buffers with `mDataByteSize` covering the whole capacity, for APIs that fill them.
    public var mutableAudioBufferList: UnsafeMutablePointer<AudioBufferList> {
        setByteSizes(capacityByteSize)
        return bufferList.unsafeMutablePointer
    }

    /// Bytes of valid data per buffer; subclasses say what is valid.
    var validByteSize: UInt32 { 0 }
    var capacityByteSize: UInt32 { 0 }

    func setByteSizes(_ bytes: UInt32) {
        for index in bufferList.indices { bufferList[index].mDataByteSize = bytes }
    }
}
