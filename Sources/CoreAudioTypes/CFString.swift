import Foundation

/// `CFString` as Apple's C audio APIs hand names out (`AudioComponentCopyName`, Core MIDI's
/// properties). Linux Foundation has no CoreFoundation types in Swift; its `NSString` is what a
/// `CFString` bridges to on Apple platforms, so `name.takeRetainedValue() as String` reads the
/// same in app code on both.
public typealias CFString = NSString
