/// AVAudioTypes.h: frame positions are signed 64-bit, counts unsigned 32-bit, as on Apple platforms.
public typealias AVAudioFramePosition = Int64
public typealias AVAudioFrameCount = UInt32
public typealias AVAudioPacketCount = UInt32
public typealias AVAudioChannelCount = UInt32
