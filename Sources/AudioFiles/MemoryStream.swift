import CSndFile
import Foundation

/// Bytes in memory presented to libsndfile as a seekable, read-only file (its virtual I/O).
///
/// Every callback clamps to the bytes present, so a hostile header that asks libsndfile to seek
/// or read far beyond the end gets short reads, never out-of-bounds access.
final class MemoryStream {
    private let bytes: [UInt8]
    private var position: Int = 0

    init(_ data: Data) { bytes = [UInt8](data) }

    /// The callback table; `user_data` is an unretained pointer to a live `MemoryStream`.
    static let callbacks = SF_VIRTUAL_IO(
        get_filelen: { stream($0).length },
        seek: { offset, whence, user in stream(user).seek(offset, whence) },
        read: { buffer, count, user in stream(user).read(into: buffer, count: count) },
        write: { _, _, _ in 0 },
        tell: { stream($0).tell }
    )

    private static func stream(_ user: UnsafeMutableRawPointer?) -> MemoryStream {
        Unmanaged<MemoryStream>.fromOpaque(user!).takeUnretainedValue()
    }

    private var length: sf_count_t { sf_count_t(bytes.count) }
    private var tell: sf_count_t { sf_count_t(position) }

    /// Moves within `0...count`; a target outside fails with -1 and leaves the position alone.
    private func seek(_ offset: sf_count_t, _ whence: Int32) -> sf_count_t {
        let base: Int64
        switch whence {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = Int64(position)
        case SEEK_END: base = Int64(bytes.count)
        default: return -1
        }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= Int64(bytes.count) else { return -1 }
        position = Int(target)
        return target
    }

    private func read(into buffer: UnsafeMutableRawPointer?, count: sf_count_t) -> sf_count_t {
        guard let buffer, count > 0, position < bytes.count else { return 0 }
        let n = Int(min(Int64(bytes.count - position), count))
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: source.baseAddress! + position, byteCount: n)
        }
        position += n
        return sf_count_t(n)
    }
}
