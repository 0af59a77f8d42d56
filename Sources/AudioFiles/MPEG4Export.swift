import Foundation
import Synchronization

/// An .m4a or .mp4 file being written: samples go to a Float32 staging file (libsndfile, in the
/// temporary folder) and are encoded into the real file when the writer closes it
/// (`AVAudioFile` closed or released, `ExtAudioFileDispose`) — the moment Apple's file is complete
/// too. The real file exists (empty, but a valid MPEG-4 file) from the start.
public final class MPEG4Export {
    private static let counter = Mutex(0)

    public let staging: SoundFile
    private let stagingPath: String
    private let settings: MPEG4Audio.Settings
    private let path: String
    private var finished = false

    public init(path: String, settings: MPEG4Audio.Settings, staging format: SoundFileFormat) throws(SoundFileError) {
        self.path = path
        self.settings = settings
        let number = Self.counter.withLock { $0 += 1; return $0 }
        stagingPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("soundcheck-mpeg4-\(getpid())-\(number)-\((path as NSString).lastPathComponent).caf").path
        try MPEG4Audio.write([], settings: settings, to: path)
        staging = try SoundFile(writingPath: stagingPath, format: format)
    }

    deinit { try? finish() }

    /// Encodes what was written into the real file; later calls do nothing.
    public func finish() throws(SoundFileError) {
        guard !finished else { return }
        finished = true
        staging.close()
        defer { try? FileManager.default.removeItem(atPath: stagingPath) }
        let written = try SoundFile(readingPath: stagingPath)
        var samples = [Float](repeating: 0, count: Int(written.frameCount) * settings.channels)
        let frames = try samples.withUnsafeMutableBufferPointer { buffer throws(SoundFileError) in
            try written.read(interleavedInto: buffer.baseAddress!, frames: Int(written.frameCount))
        }
        written.close()
        try MPEG4Audio.write(Array(samples.prefix(frames * settings.channels)), settings: settings, to: path)
    }
}
