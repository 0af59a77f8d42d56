import Foundation
import SimCore

/// Reads a file someone named (a scenario, script, profile or trace) as UTF-8 text, saying exactly
/// what is wrong when it cannot: missing, a folder, not a regular file, unreadable, empty, or not
/// UTF-8 (with the byte offset of the first bad byte).
public enum TextFile {
    public static func read(_ path: String, shownAs shown: String? = nil) throws(SourceError) -> String {
        func fail(_ message: String) -> SourceError { SourceError(file: shown ?? path, line: 0, column: 0, message: message) }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw fail(errno == EACCES ? "permission denied: cannot reach the file" : "no such file")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw fail("is a folder, not a file")
        case S_IFIFO: throw fail("is a FIFO (named pipe), not a regular file")
        case S_IFSOCK: throw fail("is a socket, not a regular file")
        case S_IFCHR, S_IFBLK: throw fail("is a device, not a regular file")
        default: throw fail("is not a regular file")
        }
        guard access(path, R_OK) == 0, let data = FileManager.default.contents(atPath: path) else {
            throw fail("permission denied: the file is not readable")
        }
        guard !data.isEmpty else { throw fail("the file is empty") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw fail("is not UTF-8 text (invalid byte at offset \(firstInvalidUTF8Offset(data)))")
        }
        return text
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
    static func firstInvalidUTF8Offset(_ data: Data) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var offset = 0
        while case let .valid(scalar) = parser.parseScalar(from: &bytes) { offset += scalar.count }
        return offset
    }
}
