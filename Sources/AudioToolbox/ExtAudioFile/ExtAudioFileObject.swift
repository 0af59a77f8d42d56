import AudioFiles
import AudioGraph
import CoreAudioTypes

/// What an `ExtAudioFileRef` points at: an AudioFile and the conversion between its data format
/// and the app's client format (any linear PCM with the file's channel count: sample type and
/// width, interleaving, byte order and sample rate, the rate through libsoxr), both ways.
///
/// Reading decodes the file's codec (libsndfile, FFmpeg for MPEG-4); writing encodes into it,
/// an MPEG-4 file when disposed. Positions (`Seek`, `Tell`, `FileLengthFrames`) are in the file's
/// frames, as Apple documents, whatever the client's rate.
final class ExtAudioFileObject {
    let file: AudioFileObject
    /// True when the app wrapped its own AudioFileID: disposing leaves that file open.
    let isWrapped: Bool
    let isWriting: Bool
    private(set) var clientFormat: AudioStreamBasicDescription
    /// The client layout; nil until set when the file's format is not linear PCM.
    private(set) var client: LinearPCMCodec?
    var ioBufferSizeBytes: UInt32 = 32_768
    var codecManufacturer: UInt32 = 0x6170_706C   // 'appl', kAppleSoftwareAudioCodecManufacturer
    /// The AudioFileID handed out through `kExtAudioFileProperty_AudioFile` (made on first ask).
    var fileHandle: AudioFileID?
    /// Converts between the client's rate and the file's when they differ.
    var resampler: FlushingRateConverter?
    /// The file frame the resampler's stream started at, and the client frames it has delivered
    /// (reading) or taken (writing) since.
    var streamStart: Int64 = 0
    var clientFrames: Int64 = 0
    /// The next file frame read or written when no resampler runs.
    var filePosition: Int64 = 0
    var isDisposed = false

    var name: String { file.name }
    var fileRate: Double { file.dataFormat.mSampleRate }

    init(file: AudioFileObject, wrapped: Bool, writing: Bool) {
        self.file = file
        self.isWrapped = wrapped
        self.isWriting = writing
        clientFormat = file.dataFormat
        client = LinearPCMCodec(file.dataFormat)
    }

    /// Sets the client format: linear PCM (else kExtAudioFileError_NonPCMClientFormat) with the
    /// file's channel count (else 'fmt?', the converter's kAudioConverterErr_FormatNotSupported).
    func setClientFormat(_ d: AudioStreamBasicDescription) throws(AudioFileFailure) {
        guard d.mFormatID == kAudioFormatLinearPCM else {
            throw AudioFileFailure(kExtAudioFileError_NonPCMClientFormat, "\(name): the client format must be linear PCM, not \(AudioFileObject.fourCC(d.mFormatID))")
        }
        guard let codec = LinearPCMCodec(d), codec.channels == Int(file.dataFormat.mChannelsPerFrame) else {
            throw AudioFileFailure(converterFormatNotSupported,
                                   "\(name): cannot convert \(AudioFileObject.describe(file.dataFormat)) to \(AudioFileObject.describe(d))")
        }
        if isWriting { try flush() }
        let position = tell()
        clientFormat = d
        client = codec
        resampler = d.mSampleRate == fileRate ? nil
            : FlushingRateConverter(channelCount: codec.channels, from: isWriting ? d.mSampleRate : fileRate, to: isWriting ? fileRate : d.mSampleRate)
        restart(at: position)
    }

    /// The read or write position in file frames.
    func tell() -> Int64 {
        guard resampler != nil else { return filePosition }
        return streamStart + Int64((Double(clientFrames) * fileRate / clientFormat.mSampleRate).rounded())
    }

    /// Moves to file frame `frame` (0…length): reading only, or writing linear PCM at its own rate.
    func seek(to frame: Int64) throws(AudioFileFailure) {
        let length = try file.samples().frameCount
        guard frame >= 0, frame <= length, !isWriting || (resampler == nil && file.packetCodec != nil) else {
            throw AudioFileFailure(kExtAudioFileError_InvalidSeek, "\(name): cannot seek to frame \(frame) of \(length)\(isWriting ? " while encoding" : "")")
        }
        restart(at: frame)
    }

    private func restart(at frame: Int64) {
        resampler?.reset()
        streamStart = frame
        clientFrames = 0
        filePosition = frame
    }

    /// Ends the ExtAudioFile: the resampler's tail is written, and a file it opened is closed
    /// (an MPEG-4 file is encoded now). A wrapped AudioFileID stays open for the app to close.
    func dispose() -> OSStatus {
        guard !isDisposed else { return kAudio_ParamError }
        isDisposed = true
        var status = audioFileStatus { () throws(AudioFileFailure) in if isWriting { try flush() } }
        if let fileHandle { _ = ObjectHandle.dispose(fileHandle) }
        if !isWrapped {
            let closed = file.close()
            if status == noErr && closed != kAudioFileNotOpenError { status = closed }
        }
        return status
    }
}
