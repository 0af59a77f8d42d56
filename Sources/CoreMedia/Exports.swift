// What `import CoreMedia` brings on Apple platforms: the shared audio types (noErr, OSStatus, the
// stream descriptions its format descriptions carry) and Core Foundation, here Foundation.
@_exported import CoreAudioTypes
@_exported import Foundation
