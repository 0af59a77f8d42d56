import Foundation

/// `AVAudioCompressedBuffer`: packets of encoded audio (AAC, Opus, FLAC, …) as Core Audio lays
/// them out — one block of `packetCapacity × maximumPacketSize` bytes, and, for a format whose
/// packets vary in size, one `AudioStreamPacketDescription` per packet saying where each lies.
/// The memory is allocated and zeroed once in `init`.
open class AVAudioCompressedBuffer: AVAudioBuffer, @unchecked Sendable {
    public let packetCapacity: AVAudioPacketCount
    /// The largest packet the buffer has room for, in bytes.
    public let maximumPacketSize: Int
    /// `packetCapacity × maximumPacketSize`.
    public let byteCapacity: UInt32
    /// The start of the packets' bytes.
    public let data: UnsafeMutableRawPointer
    /// One entry per packet for variable-size formats (`mBytesPerPacket` 0); nil for constant-size ones.
    public let packetDescriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?

    /// Valid packets; setting more than `packetCapacity` stores `packetCapacity` (Apple raises an
    /// exception; the bench keeps running and clamps).
    public var packetCount: AVAudioPacketCount {
        get { storedPacketCount }
        set { storedPacketCount = min(newValue, packetCapacity) }
    }
    /// Valid bytes, at most `byteCapacity`; kept in the buffer list's `mDataByteSize`.
    public var byteLength: UInt32 {
        get { min(bufferList[0].mDataByteSize, byteCapacity) }
        set { setByteSizes(min(newValue, byteCapacity)) }
    }

    private var storedPacketCount: AVAudioPacketCount = 0

    /// A buffer for a constant-size format: each packet takes the format's `mBytesPerPacket`. For a
    /// variable-size format Apple asks for `init(format:packetCapacity:maximumPacketSize:)`; given
    /// one here, the buffer takes the codec's largest packet: 768 bytes per channel for the AAC
    /// family (its 6,144-bit limit per channel), else 4,096 bytes per channel (a setting, not
    /// Apple's figure).
    public convenience init(format: AVAudioFormat, packetCapacity: AVAudioPacketCount) {
        let description = format.streamDescription.pointee
        let channels = Int(max(description.mChannelsPerFrame, 1))
        let size = description.mBytesPerPacket > 0
            ? Int(description.mBytesPerPacket)
            : (description.mFormatID >> 8 == Self.aacPrefix ? 768 : 4_096) * channels
        self.init(format: format, packetCapacity: packetCapacity, maximumPacketSize: size)
    }

    public init(format: AVAudioFormat, packetCapacity: AVAudioPacketCount, maximumPacketSize: Int) {
        self.packetCapacity = packetCapacity
        self.maximumPacketSize = max(maximumPacketSize, 0)
        let bytes = min(Int(packetCapacity) * self.maximumPacketSize, Int(UInt32.max))
        byteCapacity = UInt32(bytes)
        data = .allocate(byteCount: max(bytes, 1), alignment: 16)
        data.initializeMemory(as: UInt8.self, repeating: 0, count: max(bytes, 1))
        if format.streamDescription.pointee.mBytesPerPacket == 0 {
            let descriptions = UnsafeMutablePointer<AudioStreamPacketDescription>.allocate(capacity: max(Int(packetCapacity), 1))
            descriptions.initialize(repeating: AudioStreamPacketDescription(), count: max(Int(packetCapacity), 1))
            packetDescriptions = descriptions
        } else {
            packetDescriptions = nil
        }
        super.init(format: format, bufferCount: 1)
        bufferList[0] = AudioBuffer(mNumberChannels: format.streamDescription.pointee.mChannelsPerFrame,
                                    mDataByteSize: 0, mData: data)
    }

    deinit {
        packetDescriptions?.deallocate()
        data.deallocate()
    }

    override var validByteSize: UInt32 { byteLength }
    override var capacityByteSize: UInt32 { byteCapacity }

    /// 'aac': the first three characters of every AAC format ID ('aac ', 'aach', 'aacp', 'aacl', 'aace', …).
    private static let aacPrefix: AudioFormatID = 0x61_6163
}
