// AudioToolbox re-exports CoreAudioTypes on Apple platforms: `import AudioToolbox` alone gives
// an app AudioStreamBasicDescription, AudioBufferList and AudioTimeStamp.
@_exported import OpenCoreAudioTypes
