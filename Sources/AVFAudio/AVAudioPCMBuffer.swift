import Foundation

/// `AVAudioPCMBuffer`: PCM samples in the layout Apple uses (AVAudioPCMBuffer, AVAudioBuffer.h).
///
/// Deinterleaved formats get one block per channel and stride 1; interleaved formats get one
/// block, with channel pointers offset by one sample and stride = channel count. The memory is
/// allocated, zeroed and typed once in `init`; nothing reallocates afterwards.
open class AVAudioPCMBuffer: AVAudioBuffer, @unchecked Sendable {
    public let frameCapacity: AVAudioFrameCount
    /// Number of valid frames; setting more than `frameCapacity` stores `frameCapacity`
    /// (Apple raises an exception; the bench keeps running and clamps). Setting it updates the
    /// buffer list's `mDataByteSize`; a size written into the list by a lower-level API is read
    /// back as the new length.
    public var frameLength: AVAudioFrameCount {
        get {
            let bytes = bufferList[0].mDataByteSize
            if bytes != syncedByteSize { storedLength = min(bytes / bytesPerFrame, frameCapacity) }
            return storedLength
        }
        set {
            storedLength = min(newValue, frameCapacity)
            setByteSizes(validByteSize)
        }
    }
    /// Samples between one frame and the next in a channel: channel count if interleaved, else 1.
    public let stride: Int

    private var storedLength: AVAudioFrameCount = 0
    /// The `mDataByteSize` this buffer last wrote into its list; any other value came from outside.
    private var syncedByteSize: UInt32 = 0
    /// Bytes per frame in ONE buffer of the list (ASBD convention for deinterleaved formats).
    private let bytesPerFrame: UInt32
    /// The samples: allocated here, or the app's own buffers (`bufferListNoCopy`), handed back to
    /// its deallocator when the buffer goes.
    private let storage: Storage
    /// One pointer per channel to that channel's first sample, bound to the typed pointer
    /// type of the common format so `typedChannels` reads them without type punning.
    private let channelPointers: UnsafeMutableRawPointer

    /// A zeroed buffer of `frameCapacity` frames; nil for non-PCM formats (Apple raises an
    /// exception), when a frame has no bytes, or when the byte size overflows UInt32.
    public init?(pcmFormat format: AVAudioFormat, frameCapacity: AVAudioFrameCount) {
        let d = format.streamDescription.pointee
        let buffers = format.isInterleaved ? 1 : Int(d.mChannelsPerFrame)
        let (bytes, overflow) = frameCapacity.multipliedReportingOverflow(by: d.mBytesPerFrame)
        guard format.isPCM, d.mBytesPerFrame > 0, d.mChannelsPerFrame > 0, !overflow else { return nil }
        self.frameCapacity = frameCapacity
        bytesPerFrame = d.mBytesPerFrame
        stride = format.isInterleaved ? Int(d.mChannelsPerFrame) : 1
        let blockBytes = max(Int(bytes), 1)
        let data = UnsafeMutableRawPointer.allocate(byteCount: blockBytes * buffers, alignment: 16)
        data.initializeMemory(as: UInt8.self, repeating: 0, count: blockBytes * buffers)
        storage = .owned(data)
        channelPointers = Self.channelPointers((0..<buffers).map { data + $0 * blockBytes }, blockBytes: blockBytes, format)
        super.init(format: format, bufferCount: buffers)
        fillBufferList(channelsPerBuffer: format.isInterleaved ? d.mChannelsPerFrame : 1)
    }

    /// A buffer over the app's own memory, not copied: one list entry for an interleaved format, one
    /// per channel otherwise, all the same size, none without data; the capacity and the length are
    /// what that size holds. Nil when the list does not fit the format (Apple raises an exception).
    /// The deallocator gets the list when the buffer is released.
    public init?(pcmFormat format: AVAudioFormat, bufferListNoCopy bufferList: UnsafePointer<AudioBufferList>,
                 deallocator: ((UnsafePointer<AudioBufferList>) -> Void)? = nil) {
        let d = format.streamDescription.pointee
        let list = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: bufferList))
        let buffers = format.isInterleaved ? 1 : Int(d.mChannelsPerFrame)
        guard format.isPCM, d.mBytesPerFrame > 0, d.mChannelsPerFrame > 0, list.count == buffers,
              let size = list.first?.mDataByteSize, list.allSatisfy({ $0.mData != nil && $0.mDataByteSize == size }) else { return nil }
        frameCapacity = size / d.mBytesPerFrame
        bytesPerFrame = d.mBytesPerFrame
        stride = format.isInterleaved ? Int(d.mChannelsPerFrame) : 1
        storage = .borrowed(bufferList, deallocator)
        channelPointers = Self.channelPointers(list.map { $0.mData! }, blockBytes: Int(size), format)
        super.init(format: format, bufferCount: buffers)
        fillBufferList(channelsPerBuffer: format.isInterleaved ? d.mChannelsPerFrame : 1)
        frameLength = frameCapacity
    }

    deinit {
        channelPointers.deallocate()
        switch storage {
        case let .owned(data): data.deallocate()
        case let .borrowed(list, deallocator): deallocator?(list)
        }
    }

    private enum Storage {
        case owned(UnsafeMutableRawPointer)
        case borrowed(UnsafePointer<AudioBufferList>, ((UnsafePointer<AudioBufferList>) -> Void)?)
    }

    private static func channelPointers(_ blocks: [UnsafeMutableRawPointer], blockBytes: Int, _ format: AVAudioFormat) -> UnsafeMutableRawPointer {
        switch format.commonFormat {
        case .pcmFormatFloat32: typedPointers(Float.self, blocks, blockBytes, format)
        case .pcmFormatFloat64: typedPointers(Double.self, blocks, blockBytes, format)
        case .pcmFormatInt16: typedPointers(Int16.self, blocks, blockBytes, format)
        case .pcmFormatInt32: typedPointers(Int32.self, blocks, blockBytes, format)
        case .otherFormat: typedPointers(UInt8.self, blocks, blockBytes, format)
        }
    }

    /// Binds the samples to `T` and returns `channelCount` pointers into them (AVAudioPCMBuffer, AVAudioBuffer.h):
    /// interleaved → one sample apart in the one block; deinterleaved → each channel's own block.
    private static func typedPointers<T>(_: T.Type, _ blocks: [UnsafeMutableRawPointer], _ blockBytes: Int,
                                         _ format: AVAudioFormat) -> UnsafeMutableRawPointer {
        let channels = Int(format.streamDescription.pointee.mChannelsPerFrame)
        let samples = blocks.map { $0.bindMemory(to: T.self, capacity: blockBytes / MemoryLayout<T>.stride) }
        let pointers = UnsafeMutablePointer<UnsafeMutablePointer<T>>.allocate(capacity: channels)
        for channel in 0..<channels {
            (pointers + channel).initialize(to: format.isInterleaved ? samples[0] + channel : samples[channel])
        }
        return UnsafeMutableRawPointer(pointers)
    }

    /// Points each list entry at its channel (deinterleaved) or at the one block (interleaved).
    private func fillBufferList(channelsPerBuffer: UInt32) {
        let pointerSize = MemoryLayout<UnsafeMutableRawPointer>.stride
        for index in bufferList.indices {
            let start = channelPointers.load(fromByteOffset: index * pointerSize, as: UnsafeMutableRawPointer.self)
            bufferList[index] = AudioBuffer(mNumberChannels: channelsPerBuffer, mDataByteSize: 0, mData: start)
        }
    }

    override var validByteSize: UInt32 { storedLength * bytesPerFrame }
    override var capacityByteSize: UInt32 { frameCapacity * bytesPerFrame }

    override func setByteSizes(_ bytes: UInt32) {
        super.setByteSizes(bytes)
        syncedByteSize = bytes
    }

    /// Channel pointers typed as `T`; the caller has checked the common format.
    func typedChannels<T>(_: T.Type) -> UnsafePointer<UnsafeMutablePointer<T>> {
        UnsafePointer(channelPointers.assumingMemoryBound(to: UnsafeMutablePointer<T>.self))
    }

    /// Non-nil only for Float32 formats.
    public var floatChannelData: UnsafePointer<UnsafeMutablePointer<Float>>? {
        format.commonFormat == .pcmFormatFloat32 ? typedChannels(Float.self) : nil
    }

    /// Non-nil only for Int16 formats.
    public var int16ChannelData: UnsafePointer<UnsafeMutablePointer<Int16>>? {
        format.commonFormat == .pcmFormatInt16 ? typedChannels(Int16.self) : nil
    }

    /// Non-nil only for Int32 formats.
    public var int32ChannelData: UnsafePointer<UnsafeMutablePointer<Int32>>? {
        format.commonFormat == .pcmFormatInt32 ? typedChannels(Int32.self) : nil
    }
}
