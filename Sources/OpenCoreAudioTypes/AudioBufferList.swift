/// `AudioBuffer` (CoreAudioTypes.h): one block of samples and how many bytes of it are valid.
public struct AudioBuffer {
    public var mNumberChannels: UInt32
    public var mDataByteSize: UInt32
    public var mData: UnsafeMutableRawPointer?

    public init() { self.init(mNumberChannels: 0, mDataByteSize: 0, mData: nil) }

    public init(mNumberChannels: UInt32, mDataByteSize: UInt32, mData: UnsafeMutableRawPointer?) {
        self.mNumberChannels = mNumberChannels
        self.mDataByteSize = mDataByteSize
        self.mData = mData
    }
}

/// `AudioBufferList`: a count followed by that many `AudioBuffer`s in the same allocation.
///
/// As in C (and Swift on Apple platforms), the struct declares one buffer and the rest follow
/// it in memory; walk them with `UnsafeMutableAudioBufferListPointer`.
public struct AudioBufferList {
    public var mNumberBuffers: UInt32
    public var mBuffers: AudioBuffer

    public init() { self.init(mNumberBuffers: 0, mBuffers: AudioBuffer()) }

    public init(mNumberBuffers: UInt32, mBuffers: AudioBuffer) {
        self.mNumberBuffers = mNumberBuffers
        self.mBuffers = mBuffers
    }

    /// Bytes for a list of `maximumBuffers` buffers (Apple's `AudioBufferList.sizeInBytes`).
    public static func sizeInBytes(maximumBuffers: Int) -> Int {
        MemoryLayout<AudioBufferList>.size + max(maximumBuffers - 1, 0) * MemoryLayout<AudioBuffer>.stride
    }

    /// A zeroed list with room for `maximumBuffers` buffers (Apple's `AudioBufferList.allocate`);
    /// free it with `free()` on the returned pointer's `unsafeMutablePointer`.
    public static func allocate(maximumBuffers: Int) -> UnsafeMutableAudioBufferListPointer {
        let bytes = sizeInBytes(maximumBuffers: maximumBuffers)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: MemoryLayout<AudioBufferList>.alignment)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        let list = raw.bindMemory(to: AudioBufferList.self, capacity: 1)
        list.pointee.mNumberBuffers = UInt32(maximumBuffers)
        return UnsafeMutableAudioBufferListPointer(list)
    }
}

/// The buffers of an `AudioBufferList` as a mutable collection, as Apple's Swift overlay offers.
public struct UnsafeMutableAudioBufferListPointer: MutableCollection, RandomAccessCollection {
    public var unsafeMutablePointer: UnsafeMutablePointer<AudioBufferList>

    public init(_ p: UnsafeMutablePointer<AudioBufferList>) { unsafeMutablePointer = p }

    public init?(_ p: UnsafeMutablePointer<AudioBufferList>?) {
        guard let p else { return nil }
        unsafeMutablePointer = p
    }

    public var unsafePointer: UnsafePointer<AudioBufferList> { UnsafePointer(unsafeMutablePointer) }

    public var count: Int {
        get { Int(unsafeMutablePointer.pointee.mNumberBuffers) }
        nonmutating set { unsafeMutablePointer.pointee.mNumberBuffers = UInt32(newValue) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    private var buffers: UnsafeMutablePointer<AudioBuffer> {
        let offset = MemoryLayout<AudioBufferList>.offset(of: \AudioBufferList.mBuffers)!
        return (UnsafeMutableRawPointer(unsafeMutablePointer) + offset).assumingMemoryBound(to: AudioBuffer.self)
    }

    public subscript(index: Int) -> AudioBuffer {
        get { buffers[index] }
        nonmutating set { buffers[index] = newValue }
    }
}
