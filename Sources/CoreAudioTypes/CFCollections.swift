import Foundation

/// Core Foundation's data, dictionary and property-list types as the C audio APIs take and return
/// them (Core MIDI's data and dictionary properties, Core Media's format extensions). Linux
/// Foundation has no CoreFoundation types in Swift; these are the Foundation classes the CF types
/// bridge to on Apple platforms, so `takeRetainedValue() as Data` reads the same in app code on both.
public typealias CFData = NSData
public typealias CFDictionary = NSDictionary
/// `CFPropertyListRef` is any property-list object: a dictionary, array, string, number or data.
public typealias CFPropertyList = AnyObject
