import CoreAudioTypes

/// A property value of an AudioFile or ExtAudioFile in its C layout, with the size
/// `GetPropertyInfo` reports and the checks `GetProperty`/`SetProperty` make on the caller's size.
struct FilePropertyValue {
    let bytes: [UInt8]

    init<T>(_ value: T) { bytes = withUnsafeBytes(of: value) { Array($0) } }
    init(bytes: [UInt8]) { self.bytes = bytes }

    var size: Int { bytes.count }

    /// Copies the value out; a buffer smaller than the value is `tooSmall` (Apple's
    /// kAudioFileBadPropertySizeError or kExtAudioFileError_InvalidPropertySize).
    func copy(to destination: UnsafeMutableRawPointer, size ioSize: UnsafeMutablePointer<UInt32>, tooSmall: OSStatus) -> OSStatus {
        guard Int(ioSize.pointee) >= size else { return tooSmall }
        bytes.withUnsafeBytes { if let base = $0.baseAddress { destination.copyMemory(from: base, byteCount: size) } }
        ioSize.pointee = UInt32(size)
        return noErr
    }

    /// Reads a value of type `T` the caller passed, whose size must be exactly `T`'s.
    static func read<T>(_ data: UnsafeRawPointer, size: UInt32, as type: T.Type, wrongSize: OSStatus, name: String)
        throws(AudioFileFailure) -> T {
        guard Int(size) == MemoryLayout<T>.size else {
            throw AudioFileFailure(wrongSize, "\(name): the property takes \(MemoryLayout<T>.size) bytes, not \(size)")
        }
        return data.loadUnaligned(as: T.self)
    }
}
