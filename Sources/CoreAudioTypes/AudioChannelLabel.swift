/// `AudioChannelLabel`: the physical position a channel feeds (CoreAudioBaseTypes.h). Port
/// channel descriptions carry one (`AVAudioSessionChannelDescription.channelLabel`), so code
/// comparing it with `kAudioChannelLabel_Left` compiles as on Apple platforms.
public typealias AudioChannelLabel = UInt32

public let kAudioChannelLabel_Unknown: AudioChannelLabel = 0xFFFF_FFFF
public let kAudioChannelLabel_Unused: AudioChannelLabel = 0
public let kAudioChannelLabel_Left: AudioChannelLabel = 1
public let kAudioChannelLabel_Right: AudioChannelLabel = 2
public let kAudioChannelLabel_Center: AudioChannelLabel = 3
public let kAudioChannelLabel_LFEScreen: AudioChannelLabel = 4
public let kAudioChannelLabel_LeftSurround: AudioChannelLabel = 5
public let kAudioChannelLabel_RightSurround: AudioChannelLabel = 6
public let kAudioChannelLabel_LeftCenter: AudioChannelLabel = 7
public let kAudioChannelLabel_RightCenter: AudioChannelLabel = 8
public let kAudioChannelLabel_CenterSurround: AudioChannelLabel = 9
public let kAudioChannelLabel_LeftSurroundDirect: AudioChannelLabel = 10
public let kAudioChannelLabel_RightSurroundDirect: AudioChannelLabel = 11
public let kAudioChannelLabel_RearSurroundLeft: AudioChannelLabel = 33
public let kAudioChannelLabel_RearSurroundRight: AudioChannelLabel = 34
public let kAudioChannelLabel_Mono: AudioChannelLabel = 42
public let kAudioChannelLabel_HeadphonesLeft: AudioChannelLabel = 301
public let kAudioChannelLabel_HeadphonesRight: AudioChannelLabel = 302
public let kAudioChannelLabel_Discrete: AudioChannelLabel = 400
/// `kAudioChannelLabel_Discrete_N` = (1 << 16) | N.
public let kAudioChannelLabel_Discrete_0: AudioChannelLabel = 1 << 16
public let kAudioChannelLabel_Discrete_1: AudioChannelLabel = 1 << 16 | 1
public let kAudioChannelLabel_Discrete_2: AudioChannelLabel = 1 << 16 | 2
public let kAudioChannelLabel_Discrete_3: AudioChannelLabel = 1 << 16 | 3
