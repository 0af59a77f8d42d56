import Foundation

/// Core Foundation's allocator as Core Media's C API takes it (`CFDictionary` comes from
/// CoreAudioTypes, which Core Media re-exports). Linux Foundation has no CoreFoundation types in
/// Swift; every Core Media call here allocates with Swift, so the allocator arguments are accepted
/// and ignored (pass `kCFAllocatorDefault` or nil, as on a device).
public typealias CFAllocator = AnyObject
nonisolated(unsafe) public let kCFAllocatorDefault: CFAllocator? = nil
nonisolated(unsafe) public let kCFAllocatorNull: CFAllocator? = nil

/// `CMItemCount`.
public typealias CMItemCount = Int

