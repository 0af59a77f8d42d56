import AudioFiles
import CoreAudioTypes

/// A failed AudioFile or ExtAudioFile call: Apple's result code, and a sentence naming the file
/// and the rule for tests and logs (the C API itself returns only the code). Visible to the
/// package so `AVAudioFile` reports the same codes.
package struct AudioFileFailure: Error, CustomStringConvertible {
    package let status: OSStatus
    package let message: String

    init(_ status: OSStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// libsndfile's and FFmpeg's failures as the AudioFile.h codes Apple returns for them.
    package init(_ error: SoundFileError) {
        let status: OSStatus = switch error.kind {
        case .system, .io: kAudioFileUnspecifiedError
        case .unrecognisedFormat: kAudioFileUnsupportedFileTypeError
        case .malformed: kAudioFileInvalidFileError
        case .unsupportedEncoding: kAudioFileUnsupportedDataFormatError
        case .invalidArgument: kAudio_ParamError
        }
        self.init(status, error.description)
    }

    package var description: String { "\(message) (OSStatus \(status))" }

    static func translating<T>(_ body: () throws(SoundFileError) -> T) throws(AudioFileFailure) -> T {
        do { return try body() } catch { throw AudioFileFailure(error) }
    }
}

/// Runs a body that may fail, turning the failure into its status (the C API's return value).
func audioFileStatus(_ body: () throws(AudioFileFailure) -> Void) -> OSStatus {
    do {
        try body()
        return noErr
    } catch {
        return error.status
    }
}
