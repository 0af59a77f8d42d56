// What `import AVFAudio` brings on Apple platforms: its headers include AudioToolbox (audio unit
// descriptions, AUAudioUnit), and through it the shared audio types, Core MIDI and Foundation.
@_exported import AudioToolbox
@_exported import CoreAudioTypes
@_exported import CoreMIDI
@_exported import Foundation
