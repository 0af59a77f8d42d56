// What `import CoreMIDI` brings on Apple platforms: the shared audio types (OSStatus, noErr) and
// Core Foundation, here Foundation.
@_exported import CoreAudioTypes
@_exported import Foundation
