import Foundation

/// Writes the files the CLI produces (traces, reports, JUnit), turning a failure into a sentence
/// that says which output and what is wrong, instead of a raw NSError.
enum OutputFile {
    static func write(_ text: String, to path: String, what: String) throws {
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) } catch {
            throw UserError("cannot write \(what) to '\(path)': \(reason(path, isFolder: false))")
        }
    }

    static func makeFolder(_ path: String, what: String) throws {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw UserError("cannot create \(what) '\(path)': \(reason(path, isFolder: true))")
        }
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
