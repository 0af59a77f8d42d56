import AudioFiles
import Foundation
import Synchronization

/// An .m4a or .mp4 file being written: buffers go to a Float32 staging file (libsndfile, in the
/// temporary folder) and are encoded into the real file when the `AVAudioFile` is closed or
/// released — the moment Apple's file is complete too. The real file exists (empty, but a valid
/// MPEG-4 file) from the start.
final class MPEG4Export {
    private static let counter = Mutex(0)

    let staging: SoundFile
    private let stagingPath: String
    private let settings: MPEG4Audio.Settings
    private let path: String
    private var finished = false

    init(path: String, settings: MPEG4Audio.Settings, staging format: SoundFileFormat) throws(SoundFileError) {
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
    func finish() throws(SoundFileError) {
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

extension AVAudioFormat {
    /// The format of an MPEG-4 file's track as Apple describes it: AAC with 1024 frames a packet,
    /// or Apple Lossless with 4096 and its source bit depth in the flags.
    convenience init(mpeg4 codec: MPEG4Audio.Codec, sampleRate: Int, channels: Int, bitsPerSample: Int?, layout: AVAudioChannelLayout?) {
        var d = AudioStreamBasicDescription()
        d.mSampleRate = Double(sampleRate)
        d.mChannelsPerFrame = UInt32(channels)
        switch codec {
        case .aac:
            d.mFormatID = kAudioFormatMPEG4AAC
            d.mFramesPerPacket = 1024
        case .appleLossless:
            d.mFormatID = kAudioFormatAppleLossless
            d.mFramesPerPacket = 4096
            d.mFormatFlags = bitsPerSample == 24 ? kAppleLosslessFormatFlag_24BitSourceData : kAppleLosslessFormatFlag_16BitSourceData
        }
        let chosen = layout ?? (channels > 2 ? AVAudioChannelLayout.defaultLayout(channels: UInt32(channels)) : nil)
        self.init(validated: d, layout: chosen)
    }
}
