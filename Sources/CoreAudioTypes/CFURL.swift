import Foundation

/// `CFURL` as Apple's C audio APIs take file locations (`AudioServicesCreateSystemSoundID`).
/// Linux Foundation has no CoreFoundation types in Swift; `NSURL` is what a `CFURL` bridges to on
/// Apple platforms, so `url as CFURL` reads the same in app code on both.
public typealias CFURL = NSURL
