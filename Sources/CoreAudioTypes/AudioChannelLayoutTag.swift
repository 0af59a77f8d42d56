/// Channel layout tags (CoreAudioTypes.h): `tag = (index << 16) | channelCount`.
///
/// Values are Apple's; a tag's low 16 bits are its channel count, which is why
/// `AudioChannelLayoutTag_GetNumberOfChannels` is a mask.
public typealias AudioChannelLayoutTag = UInt32

/// The number of channels a tag describes (Apple's CF_INLINE: `tag & 0xFFFF`).
public func AudioChannelLayoutTag_GetNumberOfChannels(_ inLayoutTag: AudioChannelLayoutTag) -> UInt32 {
    inLayoutTag & 0x0000_FFFF
}

private func tag(_ index: UInt32, _ channels: UInt32) -> AudioChannelLayoutTag { (index << 16) | channels }

public let kAudioChannelLayoutTag_UseChannelDescriptions: AudioChannelLayoutTag = tag(0, 0)
public let kAudioChannelLayoutTag_UseChannelBitmap: AudioChannelLayoutTag = tag(1, 0)
public let kAudioChannelLayoutTag_Mono: AudioChannelLayoutTag = tag(100, 1)
public let kAudioChannelLayoutTag_Stereo: AudioChannelLayoutTag = tag(101, 2)
public let kAudioChannelLayoutTag_StereoHeadphones: AudioChannelLayoutTag = tag(102, 2)
public let kAudioChannelLayoutTag_MatrixStereo: AudioChannelLayoutTag = tag(103, 2)
public let kAudioChannelLayoutTag_MidSide: AudioChannelLayoutTag = tag(104, 2)
public let kAudioChannelLayoutTag_XY: AudioChannelLayoutTag = tag(105, 2)
public let kAudioChannelLayoutTag_Binaural: AudioChannelLayoutTag = tag(106, 2)
public let kAudioChannelLayoutTag_Ambisonic_B_Format: AudioChannelLayoutTag = tag(107, 4)
public let kAudioChannelLayoutTag_Quadraphonic: AudioChannelLayoutTag = tag(108, 4)
public let kAudioChannelLayoutTag_Pentagonal: AudioChannelLayoutTag = tag(109, 5)
public let kAudioChannelLayoutTag_Hexagonal: AudioChannelLayoutTag = tag(110, 6)
public let kAudioChannelLayoutTag_Octagonal: AudioChannelLayoutTag = tag(111, 8)
public let kAudioChannelLayoutTag_Cube: AudioChannelLayoutTag = tag(112, 8)
public let kAudioChannelLayoutTag_MPEG_1_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_Mono
public let kAudioChannelLayoutTag_MPEG_2_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_Stereo
public let kAudioChannelLayoutTag_MPEG_3_0_A: AudioChannelLayoutTag = tag(113, 3)
public let kAudioChannelLayoutTag_MPEG_3_0_B: AudioChannelLayoutTag = tag(114, 3)
public let kAudioChannelLayoutTag_MPEG_4_0_A: AudioChannelLayoutTag = tag(115, 4)
public let kAudioChannelLayoutTag_MPEG_4_0_B: AudioChannelLayoutTag = tag(116, 4)
public let kAudioChannelLayoutTag_MPEG_5_0_A: AudioChannelLayoutTag = tag(117, 5)
public let kAudioChannelLayoutTag_MPEG_5_0_B: AudioChannelLayoutTag = tag(118, 5)
public let kAudioChannelLayoutTag_MPEG_5_0_C: AudioChannelLayoutTag = tag(119, 5)
public let kAudioChannelLayoutTag_MPEG_5_0_D: AudioChannelLayoutTag = tag(120, 5)
public let kAudioChannelLayoutTag_MPEG_5_1_A: AudioChannelLayoutTag = tag(121, 6)
public let kAudioChannelLayoutTag_MPEG_5_1_B: AudioChannelLayoutTag = tag(122, 6)
public let kAudioChannelLayoutTag_MPEG_5_1_C: AudioChannelLayoutTag = tag(123, 6)
public let kAudioChannelLayoutTag_MPEG_5_1_D: AudioChannelLayoutTag = tag(124, 6)
public let kAudioChannelLayoutTag_MPEG_6_1_A: AudioChannelLayoutTag = tag(125, 7)
public let kAudioChannelLayoutTag_MPEG_7_1_A: AudioChannelLayoutTag = tag(126, 8)
public let kAudioChannelLayoutTag_MPEG_7_1_B: AudioChannelLayoutTag = tag(127, 8)
public let kAudioChannelLayoutTag_MPEG_7_1_C: AudioChannelLayoutTag = tag(128, 8)
public let kAudioChannelLayoutTag_ITU_1_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_Mono
public let kAudioChannelLayoutTag_ITU_2_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_Stereo
public let kAudioChannelLayoutTag_ITU_3_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_3_0_A
public let kAudioChannelLayoutTag_ITU_3_2: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_A
public let kAudioChannelLayoutTag_ITU_3_2_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_A
public let kAudioChannelLayoutTag_AudioUnit_4: AudioChannelLayoutTag = kAudioChannelLayoutTag_Quadraphonic
public let kAudioChannelLayoutTag_AudioUnit_5: AudioChannelLayoutTag = kAudioChannelLayoutTag_Pentagonal
public let kAudioChannelLayoutTag_AudioUnit_6: AudioChannelLayoutTag = kAudioChannelLayoutTag_Hexagonal
public let kAudioChannelLayoutTag_AudioUnit_8: AudioChannelLayoutTag = kAudioChannelLayoutTag_Octagonal
public let kAudioChannelLayoutTag_AudioUnit_5_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_B
public let kAudioChannelLayoutTag_AudioUnit_5_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_A
public let kAudioChannelLayoutTag_AudioUnit_6_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_6_1_A
public let kAudioChannelLayoutTag_AudioUnit_7_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_7_1_C
public let kAudioChannelLayoutTag_AudioUnit_7_1_Front: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_7_1_A
public let kAudioChannelLayoutTag_AudioUnit_6_0: AudioChannelLayoutTag = tag(139, 6)
public let kAudioChannelLayoutTag_AudioUnit_7_0: AudioChannelLayoutTag = tag(140, 7)
public let kAudioChannelLayoutTag_AudioUnit_7_0_Front: AudioChannelLayoutTag = tag(148, 7)
public let kAudioChannelLayoutTag_AAC_5_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_D
/// OR with the channel count.
public let kAudioChannelLayoutTag_DiscreteInOrder: AudioChannelLayoutTag = tag(147, 0)
public let kAudioChannelLayoutTag_HOA_ACN_SN3D: AudioChannelLayoutTag = tag(190, 0)
public let kAudioChannelLayoutTag_HOA_ACN_N3D: AudioChannelLayoutTag = tag(191, 0)
public let kAudioChannelLayoutTag_Atmos_7_1_4: AudioChannelLayoutTag = tag(192, 12)
public let kAudioChannelLayoutTag_Atmos_9_1_6: AudioChannelLayoutTag = tag(193, 16)
public let kAudioChannelLayoutTag_Atmos_5_1_2: AudioChannelLayoutTag = tag(194, 8)
/// OR with the channel count.
public let kAudioChannelLayoutTag_Unknown: AudioChannelLayoutTag = 0xFFFF_0000
