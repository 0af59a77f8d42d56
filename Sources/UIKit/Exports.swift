// What `import UIKit` brings on Apple platforms that Soundcheck models: Foundation, and UIImage,
// which lives one module lower here (UIKitCore, as on Apple platforms) because AudioToolbox returns
// it for Inter-App Audio icons.
@_exported import Foundation
@_exported import UIKitCore
