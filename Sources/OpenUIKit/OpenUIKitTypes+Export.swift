// UIKit declares UIImage; here it lives one module lower (OpenAudioToolbox returns it for app
// icons), and `import OpenUIKit` gives it to apps as `import UIKit` does.
@_exported import OpenUIKitTypes
