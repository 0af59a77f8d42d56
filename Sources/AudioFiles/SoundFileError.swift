import CSndFile

/// A failure opening, reading, writing or seeking a sound file.
///
/// The description names the file and carries libsndfile's own message, e.g.
/// "broken.wav: File contains data in an unknown format.", so a user can act on it.
public struct SoundFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in terms a caller can branch on.
    public enum Kind: Hashable, Sendable {
        /// The file could not be opened by the system (missing, permissions, not a file).
        case system
        /// The bytes are not a container libsndfile recognises.
        case unrecognisedFormat
        /// The container is known but its contents are damaged or inconsistent.
        case malformed
        /// The container or encoding is known but this combination is not supported.
        case unsupportedEncoding
        /// A read, write or seek on an open file failed.
        case io
        /// The caller asked for something impossible (bad channel count, frames out of range).
        case invalidArgument
    }

    public var kind: Kind
    /// The file's name (last path component) or the name given for in-memory data.
    public var file: String
    public var message: String
    /// libsndfile's error number, or 0 when the error was detected before calling it.
    public var code: Int32

    public init(kind: Kind, file: String, message: String, code: Int32 = 0) {
        self.kind = kind
        self.file = file
        self.message = message
        self.code = code
    }

    public var description: String { "\(file): \(message)" }

    /// Classifies a libsndfile error number (public numbers 1–4; the rest describe damage).
    static func kind(ofLibraryCode code: Int32) -> Kind {
        switch code {
        case Int32(SF_ERR_SYSTEM): .system
        case Int32(SF_ERR_UNRECOGNISED_FORMAT): .unrecognisedFormat
        case Int32(SF_ERR_UNSUPPORTED_ENCODING): .unsupportedEncoding
        default: .malformed
        }
    }
}
