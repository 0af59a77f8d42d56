// What `import MediaPlayer` brings on Apple platforms: AVFoundation (and with it AVFAudio, Core
// Media, AudioToolbox and Foundation), which its headers import.
@_exported import AVFoundation
@_exported import Foundation
