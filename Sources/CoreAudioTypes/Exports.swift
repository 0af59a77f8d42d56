// What `import CoreAudioTypes` brings on Apple platforms besides its own types: Core Foundation,
// which here is Foundation (CFString and CFURL are Foundation's types on Linux).
@_exported import Foundation
