/// `AudioStreamPacketDescription` (CoreAudioTypes): where one packet of a variable-size format
/// lies in a buffer. Linear PCM needs none.
public struct AudioStreamPacketDescription: Equatable, Sendable {
    public var mStartOffset: Int64
    public var mVariableFramesInPacket: UInt32
    public var mDataByteSize: UInt32

    public init() { self.init(mStartOffset: 0, mVariableFramesInPacket: 0, mDataByteSize: 0) }

    public init(mStartOffset: Int64, mVariableFramesInPacket: UInt32, mDataByteSize: UInt32) {
        self.mStartOffset = mStartOffset
        self.mVariableFramesInPacket = mVariableFramesInPacket
        self.mDataByteSize = mDataByteSize
    }
}
