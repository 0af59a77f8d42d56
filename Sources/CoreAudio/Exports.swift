// `import CoreAudio` on iOS is the host-time functions beside the types every audio framework
// shares: it brings CoreAudioTypes (and through it Foundation), as Apple's module does.
@_exported import CoreAudioTypes
