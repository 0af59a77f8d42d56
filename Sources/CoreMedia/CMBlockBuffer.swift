import CoreAudioTypes

/// `CMBlockBuffer`: a run of bytes. Here it always owns one contiguous copy: a memory block
/// handed in is copied at creation, and `nil` allocates zeroed memory (as
/// `kCMBlockBufferAssureMemoryNowFlag` would).
public final class CMBlockBuffer: @unchecked Sendable {
    package internal(set) var bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    public var dataLength: Int { bytes.count }
}

public struct CMBlockBufferFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let assureMemoryNow = CMBlockBufferFlags(rawValue: 1 << 0)
    public static let alwaysCopyData = CMBlockBufferFlags(rawValue: 1 << 1)
    public static let dontOptimizeDepth = CMBlockBufferFlags(rawValue: 1 << 2)
    public static let permitEmptyReference = CMBlockBufferFlags(rawValue: 1 << 3)
}

public let kCMBlockBufferAssureMemoryNowFlag: CMBlockBufferFlags = .assureMemoryNow
public let kCMBlockBufferNoErr: OSStatus = 0
public let kCMBlockBufferStructureAllocationFailedErr: OSStatus = -12700
public let kCMBlockBufferBadCustomBlockSourceErr: OSStatus = -12702
public let kCMBlockBufferBadOffsetParameterErr: OSStatus = -12703
public let kCMBlockBufferBadLengthParameterErr: OSStatus = -12704
public let kCMBlockBufferBadPointerParameterErr: OSStatus = -12705
public let kCMBlockBufferEmptyBBufErr: OSStatus = -12706

/// `CMBlockBufferCreateWithMemoryBlock`: the data are `dataLength` bytes from `offsetToData`
/// into the block (the block itself, when given, is copied).
public func CMBlockBufferCreateWithMemoryBlock(allocator structureAllocator: CFAllocator?, memoryBlock: UnsafeMutableRawPointer?,
                                               blockLength: Int, blockAllocator: CFAllocator?, customBlockSource: UnsafeRawPointer?,
                                               offsetToData: Int, dataLength: Int, flags: CMBlockBufferFlags,
                                               blockBufferOut: UnsafeMutablePointer<CMBlockBuffer?>) -> OSStatus {
    guard customBlockSource == nil else { return kCMBlockBufferBadCustomBlockSourceErr }
    guard blockLength >= 0, dataLength >= 0 else { return kCMBlockBufferBadLengthParameterErr }
    guard offsetToData >= 0, offsetToData + dataLength <= blockLength else { return kCMBlockBufferBadOffsetParameterErr }
    var bytes = [UInt8](repeating: 0, count: dataLength)
    if let memoryBlock, dataLength > 0 {
        bytes.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: memoryBlock + offsetToData, count: dataLength)) }
    }
    blockBufferOut.pointee = CMBlockBuffer(bytes: bytes)
    return kCMBlockBufferNoErr
}

/// `CMBlockBufferReplaceDataBytes`.
public func CMBlockBufferReplaceDataBytes(with sourceBytes: UnsafeRawPointer, blockBuffer destinationBuffer: CMBlockBuffer,
                                          offsetIntoDestination: Int, dataLength: Int) -> OSStatus {
    guard offsetIntoDestination >= 0, dataLength >= 0 else { return kCMBlockBufferBadOffsetParameterErr }
    guard offsetIntoDestination + dataLength <= destinationBuffer.bytes.count else { return kCMBlockBufferBadLengthParameterErr }
    destinationBuffer.bytes.withUnsafeMutableBytes {
        ($0.baseAddress! + offsetIntoDestination).copyMemory(from: sourceBytes, byteCount: dataLength)
    }
    return kCMBlockBufferNoErr
}

/// `CMBlockBufferCopyDataBytes`.
public func CMBlockBufferCopyDataBytes(_ theSourceBuffer: CMBlockBuffer, atOffset offsetToData: Int, dataLength: Int,
                                       destination: UnsafeMutableRawPointer) -> OSStatus {
    guard offsetToData >= 0, dataLength >= 0 else { return kCMBlockBufferBadOffsetParameterErr }
    guard offsetToData + dataLength <= theSourceBuffer.bytes.count else { return kCMBlockBufferBadLengthParameterErr }
    theSourceBuffer.bytes.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress! + offsetToData, byteCount: dataLength) }
    return kCMBlockBufferNoErr
}

public func CMBlockBufferGetDataLength(_ theBuffer: CMBlockBuffer) -> Int { theBuffer.dataLength }

/// `CMBlockBufferIsEmpty`.
public func CMBlockBufferIsEmpty(_ theBuffer: CMBlockBuffer) -> Bool { theBuffer.bytes.isEmpty }
