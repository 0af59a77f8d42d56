// AVFAudio re-exports CoreAudioTypes on Apple platforms (`import AVFAudio` makes
// `AudioStreamBasicDescription` and `kAudioChannelLayoutTag_Stereo` visible), so the facade does too.
@_exported import OpenCoreAudioTypes
