import Foundation

/// Core Foundation's allocator and dictionary as Core Media's C API takes them. Linux Foundation
/// has no CoreFoundation types in Swift; every Core Media call here allocates with Swift, so the
/// allocator arguments are accepted and ignored (pass `kCFAllocatorDefault` or nil, as on a device).
public typealias CFAllocator = AnyObject
public typealias CFDictionary = NSDictionary
nonisolated(unsafe) public let kCFAllocatorDefault: CFAllocator? = nil
nonisolated(unsafe) public let kCFAllocatorNull: CFAllocator? = nil

/// `CMItemCount`.
public typealias CMItemCount = Int

