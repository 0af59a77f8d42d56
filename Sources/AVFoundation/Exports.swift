// What `import AVFoundation` brings on Apple platforms: AVFAudio, Core Media, AudioToolbox, Core
// MIDI and Foundation. iOS code with only this import (the usual case) compiles here unchanged.
@_exported import AVFAudio
@_exported import AudioToolbox
@_exported import CoreAudioTypes
@_exported import CoreMedia
@_exported import CoreMIDI
@_exported import Foundation
