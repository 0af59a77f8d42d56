import AudioGraph
import Foundation
import AudioToolbox

/// The distortion's factory presets (raw values as AVAudioUnitDistortion.h).
public enum AVAudioUnitDistortionPreset: Int, Sendable {
    case drumsBitBrush = 0, drumsBufferBeats = 1, drumsLoFi = 2, multiBrokenSpeaker = 3, multiCellphoneConcert = 4,
         multiDecimated1 = 5, multiDecimated2 = 6, multiDecimated3 = 7, multiDecimated4 = 8, multiDistortedFunk = 9,
         multiDistortedCubed = 10, multiDistortedSquared = 11, multiEcho1 = 12, multiEcho2 = 13, multiEchoTight1 = 14,
         multiEchoTight2 = 15, multiEverythingIsBroken = 16, speechAlienChatter = 17, speechCosmicInterference = 18,
         speechGoldenPi = 19, speechRadioTower = 20, speechWaves = 21
}

/// `AVAudioUnitDistortion`: AUDistortion with factory presets; drumsBitBrush until another is
/// loaded, with `preGain` −6 dB and `wetDryMix` 50 % as the header gives them.
public final class AVAudioUnitDistortion: AVAudioUnitEffect, @unchecked Sendable {
    private let distortion: DistortionKernel

    public init() {
        distortion = DistortionKernel()
        super.init(description: .appleEffect(subType: "dist"), name: "AUDistortion", kernel: distortion)
        distortion.loadFactoryPreset(.avAudioUnitDistortionDefault)
        // The node's own properties start at the header's defaults, whatever the preset sets.
        setParameter(DistortionKernel.softClipGain, -6)
        setParameter(DistortionKernel.finalMix, 50)
    }

    public func loadFactoryPreset(_ preset: AVAudioUnitDistortionPreset) {
        guard let kernelPreset = DistortionPreset(rawValue: preset.rawValue) else { return }
        distortion.loadFactoryPreset(kernelPreset)
    }

    /// dB, −80 … 20, default −6.
    public var preGain: Float {
        get { parameter(DistortionKernel.softClipGain) }
        set { setParameter(DistortionKernel.softClipGain, newValue) }
    }
    /// Percent, 0 … 100, default 50.
    public var wetDryMix: Float {
        get { parameter(DistortionKernel.finalMix) }
        set { setParameter(DistortionKernel.finalMix, newValue) }
    }
}
