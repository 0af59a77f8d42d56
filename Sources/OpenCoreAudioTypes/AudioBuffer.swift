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
