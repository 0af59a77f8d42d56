import AudioGraph
import Foundation
import AudioToolbox

/// The reverb's factory presets (raw values as AVAudioUnitReverb.h).
public enum AVAudioUnitReverbPreset: Int, Sendable {
    case smallRoom = 0, mediumRoom = 1, largeRoom = 2, mediumHall = 3, largeHall = 4, plate = 5,
         mediumChamber = 6, largeChamber = 7, cathedral = 8, largeRoom2 = 9, mediumHall2 = 10,
         mediumHall3 = 11, largeHall2 = 12
}

/// `AVAudioUnitReverb`: a room reverb (AUReverb2) with factory presets; mediumHall until another
/// is loaded.
public final class AVAudioUnitReverb: AVAudioUnitEffect, @unchecked Sendable {
    private let reverb: Reverb2Kernel

    public init() {
        reverb = Reverb2Kernel()
        super.init(description: .appleEffect(subType: "rvb2"), name: "AUReverb2", kernel: reverb)
        reverb.loadFactoryPreset(.avAudioUnitReverbDefault)
    }

    public func loadFactoryPreset(_ preset: AVAudioUnitReverbPreset) {
        guard let room = ReverbPreset(rawValue: preset.rawValue) else { return }
        reverb.loadFactoryPreset(room)
    }

    /// Percent, 0 (dry) … 100 (wet).
    public var wetDryMix: Float {
        get { parameter(Reverb2Kernel.dryWetMix) }
        set { setParameter(Reverb2Kernel.dryWetMix, newValue) }
    }
}
