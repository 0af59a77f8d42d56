import Foundation
import Glibc

/// Writes the files the CLI produces (traces, reports, JUnit), turning a failure into a sentence
/// that says which output and what is wrong, instead of a raw NSError.
///
/// Nothing is left half-written: a regular file is written beside its target and renamed over it
/// once complete (so a full disk or a killed run leaves the previous file or none), and a report's
/// files are all written to a staging folder before the first one replaces its old version.
enum OutputFile {
    static func write(_ text: String, to path: String, what: String) throws {
        guard isRegularOrAbsent(path) else {
            // A device or a pipe (/dev/stdout, a FIFO) is written in place: there is nothing to rename over.
            do { try writeWhole(Data(text.utf8), to: path, exclusive: false) } catch {
                throw UserError("cannot write \(what) to '\(path)': \(error.errno == EISDIR ? reason(path, isFolder: false) : error.reason)")
            }
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        let staged = (folder.isEmpty ? "." : folder) + "/." + (path as NSString).lastPathComponent + ".partial-\(getpid())"
        do {
            try writeWhole(Data(text.utf8), to: staged, exclusive: true)
            try move(staged, to: path)
        } catch {
            unlink(staged)
            throw UserError("cannot write \(what) to '\(path)': \(error.errno == ENOENT || error.errno == EACCES ? reason(path, isFolder: false) : error.reason)")
        }
    }

    /// Writes `files` (name and text) into `folder`, which exists: all are written and synced in a
    /// staging folder inside it first, then each is renamed over its old version. A failure while
    /// writing leaves the folder as it was, and says which file and why.
    static func writeAll(_ files: [(name: String, text: String)], into folder: String, what: String) throws {
        let staging = (folder as NSString).appendingPathComponent(".partial-\(getpid())")
        guard mkdir(staging, 0o755) == 0 || errno == EEXIST else {
            throw UserError("cannot write \(what) to '\(folder)': \(reason(folder, isFolder: true))")
        }
        defer { try? FileManager.default.removeItem(atPath: staging) }
        for file in files {
            do { try writeWhole(Data(file.text.utf8), to: (staging as NSString).appendingPathComponent(file.name), exclusive: false) } catch {
                throw UserError("cannot write \(what) to '\(folder)': \(file.name): \(error.reason); nothing was replaced")
            }
        }
        for file in files {
            do { try move((staging as NSString).appendingPathComponent(file.name), to: (folder as NSString).appendingPathComponent(file.name)) } catch {
                throw UserError("cannot write \(what) to '\(folder)': \(file.name): \(error.reason)")
            }
        }
    }

    static func makeFolder(_ path: String, what: String) throws {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw UserError("cannot create \(what) '\(path)': \(reason(path, isFolder: true))")
        }
    }

    /// A failed system call: its errno and the system's words for it ("No space left on device").
    struct SystemError: Error {
        let errno: Int32
        var reason: String { errno == ENOSPC ? "the disk is full (No space left on device)" : String(cString: strerror(errno)) }
    }

    /// Writes all of `data` and syncs it, so a rename after this never exposes a short file.
    private static func writeWhole(_ data: Data, to path: String, exclusive: Bool) throws(SystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (exclusive ? O_EXCL : 0), 0o644)
        guard descriptor >= 0 else { throw SystemError(errno: errno) }
        var failure: Int32?
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 { if errno == EINTR { continue }; failure = errno; return }
                offset += written
            }
        }
        // A full disk may only show at fsync or close (delayed allocation, network filesystems).
        if failure == nil, fsync(descriptor) != 0, errno != EINVAL { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure { throw SystemError(errno: failure) }
    }

    private static func move(_ source: String, to target: String) throws(SystemError) {
        guard rename(source, target) == 0 else { throw SystemError(errno: errno) }
    }

    private static func isRegularOrAbsent(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) != 0 || (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Why `path` cannot be written, from what is on the disk.
    static func reason(_ path: String, isFolder: Bool) -> String {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue != isFolder { return isFolder ? "a file of that name is in the way" : "it is a folder" }
            return "permission denied"
        }
        // The nearest existing ancestor says what blocks the path.
        var parent = (path as NSString).deletingLastPathComponent
        if parent.isEmpty { parent = "." }
        while !manager.fileExists(atPath: parent, isDirectory: &isDirectory) {
            if !isFolder { return "the folder '\(parent)' does not exist" }
            let up = (parent as NSString).deletingLastPathComponent
            parent = up.isEmpty ? "." : up
        }
        if !isDirectory.boolValue { return "'\(parent)' is a file, not a folder" }
        return manager.isWritableFile(atPath: parent) ? "the system refused" : "the folder '\(parent)' is not writable (permission denied)"
    }
}
