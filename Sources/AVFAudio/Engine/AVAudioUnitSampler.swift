import AudioGraph
import Foundation
import AudioToolbox

/// `AVAudioUnitSampler`: AUSampler as an engine node. Until an instrument is loaded each note
/// plays a sine tone (as AUSampler's default instrument does); `loadAudioFiles(at:)` and
/// `loadInstrument(at:)` with an audio file make each file a zone of the instrument.
public final class AVAudioUnitSampler: AVAudioUnitMIDIInstrument, @unchecked Sendable {
    public init() {
        super.init(audioComponentDescription: AudioComponentDescription(
            componentType: kAudioUnitType_MusicDevice, componentSubType: kAudioUnitSubType_Sampler,
            componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0))
    }

    private var sampler: SamplerKernel { instrument! }

    /// Decibels, −90 … 12, default 0.
    public var overallGain: Float {
        get { sampler.parameter(SamplerKernel.gain) }
        set { sampler.setParameter(SamplerKernel.gain, newValue) }
    }
    /// The name before iOS 15.
    public var masterGain: Float {
        get { overallGain }
        set { overallGain = newValue }
    }
    /// −100 (left) … 100 (right), default 0.
    public var stereoPan: Float {
        get { sampler.parameter(SamplerKernel.pan) }
        set { sampler.setParameter(SamplerKernel.pan, newValue) }
    }
    /// Cents, −2400 … 2400, default 0.
    public var globalTuning: Float {
        get { sampler.globalTuning }
        set { sampler.globalTuning = min(max(newValue, -2_400), 2_400) }
    }

    /// Makes each audio file a zone of a new instrument. The simulation reads no key metadata
    /// from the files: the first sounds at its recorded pitch on key 60 (middle C), the next on
    /// 61, and so on; a note plays the zone with the nearest key, transposed.
    public func loadAudioFiles(at audioFiles: [URL]) throws {
        var zones: [SampleZones.Zone] = []
        for (index, url) in audioFiles.enumerated() {
            zones.append(try Self.zone(from: url, rootKey: UInt8(min(127, 60 + index))))
        }
        sampler.loadZones(SampleZones(zones))
    }

    /// Loads an instrument file. An audio file loads as `loadAudioFiles(at: [url])` does;
    /// instrument formats (.aupreset, .exs, .sf2, .dls) are not simulated and throw
    /// `kAudioUnitErr_UnknownFileType` (−10870), an unreadable audio file
    /// `kAudioUnitErr_InvalidFile` (−10871).
    public func loadInstrument(at instrumentURL: URL) throws {
        guard !["aupreset", "exs", "sf2", "dls"].contains(instrumentURL.pathExtension.lowercased()) else {
            throw Self.error(kAudioUnitErr_UnknownFileType, "\(instrumentURL.path): .\(instrumentURL.pathExtension) instruments are not simulated; load an audio file")
        }
        try loadAudioFiles(at: [instrumentURL])
    }

    private static func zone(from url: URL, rootKey: UInt8) throws -> SampleZones.Zone {
        guard let file = try? AVAudioFile(forReading: url),
              let buffer = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: AVAudioFrameCount(file.length)),
              (try? file.read(into: buffer)) != nil, let data = buffer.floatChannelData else {
            throw error(kAudioUnitErr_InvalidFile, "\(url.path): not a readable audio file")
        }
        // The channels mixed to one: the sampler's zones are mono.
        let channels = Int(buffer.format.channelCount)
        let samples = (0..<Int(buffer.frameLength)).map { frame in
            (0..<channels).reduce(Float(0)) { $0 + data[$1][frame] } / Float(channels)
        }
        return SampleZones.Zone(samples: samples, sampleRate: file.processingFormat.sampleRate, rootKey: rootKey)
    }

    private static func error(_ status: OSStatus, _ message: String) -> NSError {
        NSError(domain: NSOSStatusErrorDomain, code: Int(status), userInfo: [NSLocalizedDescriptionKey: message])
    }
}
