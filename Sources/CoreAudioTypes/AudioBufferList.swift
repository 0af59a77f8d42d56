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
