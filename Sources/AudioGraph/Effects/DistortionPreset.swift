/// The factory presets of AVAudioUnitDistortion, with the raw values of `AVAudioUnitDistortionPreset`.
///
/// Apple publishes the names only; the settings behind each are ours, built from AUDistortion's
/// own stages so that each preset sounds like its name (decimated presets reduce rate and bits,
/// echo presets use the delay, speech presets the ring modulator, distorted ones the polynomial).
public enum DistortionPreset: Int, Sendable, CaseIterable {
    case drumsBitBrush = 0, drumsBufferBeats = 1, drumsLoFi = 2, multiBrokenSpeaker = 3,
         multiCellphoneConcert = 4, multiDecimated1 = 5, multiDecimated2 = 6, multiDecimated3 = 7,
         multiDecimated4 = 8, multiDistortedFunk = 9, multiDistortedCubed = 10, multiDistortedSquared = 11,
         multiEcho1 = 12, multiEcho2 = 13, multiEchoTight1 = 14, multiEchoTight2 = 15,
         multiEverythingIsBroken = 16, speechAlienChatter = 17, speechCosmicInterference = 18,
         speechGoldenPi = 19, speechRadioTower = 20, speechWaves = 21

    /// AVAudioUnitDistortion's preset when none has been loaded.
    public static let avAudioUnitDistortionDefault = DistortionPreset.drumsBitBrush

    /// The AUDistortion parameter values the preset sets, by parameter ID (0…15).
    var values: [UInt32: Float] {
        // Every preset starts from a clean chain: all stage mixes at 0, the final mix fully wet.
        var values: [UInt32: Float] = [
            DistortionKernel.delay: 0.1, DistortionKernel.decay: 1, DistortionKernel.delayMix: 0,
            DistortionKernel.decimation: 0, DistortionKernel.rounding: 0, DistortionKernel.decimationMix: 0,
            DistortionKernel.linearTerm: 1, DistortionKernel.squaredTerm: 0, DistortionKernel.cubicTerm: 0,
            DistortionKernel.polynomialMix: 0, DistortionKernel.ringModFreq1: 100, DistortionKernel.ringModFreq2: 100,
            DistortionKernel.ringModBalance: 50, DistortionKernel.ringModMix: 0, DistortionKernel.softClipGain: -6,
            DistortionKernel.finalMix: 100,
        ]
        values.merge(changes) { $1 }
        return values
    }

    private var changes: [UInt32: Float] {
        typealias K = DistortionKernel
        switch self {
        case .drumsBitBrush: return [K.decimation: 30, K.rounding: 40, K.decimationMix: 70, K.softClipGain: 0, K.finalMix: 60]
        case .drumsBufferBeats: return [K.delay: 120, K.decay: 3, K.delayMix: 60, K.decimation: 10, K.decimationMix: 30, K.finalMix: 70]
        case .drumsLoFi: return [K.decimation: 60, K.rounding: 60, K.decimationMix: 100, K.softClipGain: 3, K.finalMix: 80]
        case .multiBrokenSpeaker:
            return [K.squaredTerm: 6, K.cubicTerm: 8, K.polynomialMix: 90, K.decimation: 20, K.rounding: 30,
                    K.decimationMix: 40, K.softClipGain: 10]
        case .multiCellphoneConcert:
            return [K.decimation: 70, K.rounding: 50, K.decimationMix: 100, K.ringModFreq1: 3000, K.ringModFreq2: 3000,
                    K.ringModMix: 10, K.softClipGain: 6]
        case .multiDecimated1: return [K.decimation: 25, K.decimationMix: 100]
        case .multiDecimated2: return [K.decimation: 50, K.rounding: 20, K.decimationMix: 100]
        case .multiDecimated3: return [K.decimation: 75, K.rounding: 40, K.decimationMix: 100]
        case .multiDecimated4: return [K.decimation: 95, K.rounding: 70, K.decimationMix: 100]
        case .multiDistortedFunk:
            return [K.squaredTerm: 4, K.cubicTerm: 2, K.polynomialMix: 70, K.delay: 8, K.decay: 5, K.delayMix: 30,
                    K.softClipGain: 6, K.finalMix: 80]
        case .multiDistortedCubed: return [K.cubicTerm: 12, K.polynomialMix: 100, K.softClipGain: 6]
        case .multiDistortedSquared: return [K.squaredTerm: 12, K.polynomialMix: 100, K.softClipGain: 6]
        case .multiEcho1: return [K.delay: 250, K.decay: 2, K.delayMix: 50, K.finalMix: 60]
        case .multiEcho2: return [K.delay: 400, K.decay: 1, K.delayMix: 60, K.finalMix: 60]
        case .multiEchoTight1: return [K.delay: 40, K.decay: 4, K.delayMix: 50, K.finalMix: 60]
        case .multiEchoTight2: return [K.delay: 70, K.decay: 2, K.delayMix: 60, K.finalMix: 60]
        case .multiEverythingIsBroken:
            return [K.delay: 30, K.decay: 2, K.delayMix: 40, K.decimation: 60, K.rounding: 60, K.decimationMix: 80,
                    K.squaredTerm: 5, K.cubicTerm: 10, K.polynomialMix: 80, K.ringModFreq1: 700, K.ringModFreq2: 1100,
                    K.ringModMix: 30, K.softClipGain: 12]
        case .speechAlienChatter: return [K.ringModFreq1: 420, K.ringModFreq2: 35, K.ringModBalance: 30, K.ringModMix: 100]
        case .speechCosmicInterference:
            return [K.ringModFreq1: 2000, K.ringModFreq2: 1.5, K.ringModBalance: 60, K.ringModMix: 70, K.delay: 15,
                    K.decay: 3, K.delayMix: 40]
        case .speechGoldenPi:
            return [K.ringModFreq1: 314.15, K.ringModFreq2: 31.4, K.ringModMix: 60, K.cubicTerm: 3, K.polynomialMix: 50]
        case .speechRadioTower:
            return [K.decimation: 35, K.rounding: 55, K.decimationMix: 100, K.squaredTerm: 2, K.polynomialMix: 40, K.softClipGain: 8]
        case .speechWaves:
            return [K.ringModFreq1: 0.5, K.ringModFreq2: 2, K.ringModMix: 100, K.delay: 20, K.decay: 4, K.delayMix: 30]
        }
    }
}
