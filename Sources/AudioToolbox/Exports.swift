// What `import AudioToolbox` brings on Apple platforms: the shared audio types, Core MIDI (its
// music-device and AUAudioUnit headers use MIDI packets and event lists) and Foundation (AUAudioUnit
// is an Objective-C class). A file written for iOS with only this import compiles here unchanged.
@_exported import CoreAudioTypes
@_exported import CoreMIDI
@_exported import Foundation
