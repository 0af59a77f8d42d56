/// AUiPodEQ's factory presets: the equalizer curves of the Music app's EQ setting, by the names and
/// in the order the unit lists them (kAudioUnitProperty_FactoryPresets), preset 0 being "Disabled".
///
/// Apple publishes the names, not the curves: the gains below, in dB at the ten bands of a graphic
/// EQ (32 Hz … 16 kHz, an octave apart), are ours, shaped as the names say (docs/effect-units.md).
public struct IPodEQPreset: Sendable, Equatable {
    public let number: Int
    public let name: String
    public let gains: [Double]

    /// The band centres, Hz.
    public static let frequencies: [Double] = [32, 64, 125, 250, 500, 1000, 2000, 4000, 8000, 16_000]

    public static let all: [IPodEQPreset] = {
        let table: [(String, [Double])] = [
            ("Disabled", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
            ("Acoustic", [5, 5, 4, 1, 2, 2, 3.5, 4, 3.5, 2]),
            ("Bass Booster", [5.5, 4.5, 3.5, 2.5, 1, 0, 0, 0, 0, 0]),
            ("Bass Reducer", [-5.5, -4.5, -3.5, -2.5, -1, 0, 0, 0, 0, 0]),
            ("Classical", [4.5, 4, 3, 2.5, -1.5, -1.5, 0, 2, 3, 4]),
            ("Dance", [3.5, 6.5, 5, 0, 2, 3.5, 5, 4.5, 3.5, 0]),
            ("Deep", [5, 3.5, 2, 1, 3, 2.5, 1.5, -2, -3.5, -4.5]),
            ("Electronic", [4, 4, 1, 0, -2, 2, 1, 1, 4, 5]),
            ("Flat", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
            ("Hip-Hop", [5, 4, 1.5, 3, -1, -1, 1.5, -0.5, 2, 3]),
            ("Jazz", [4, 3, 1.5, 2, -1.5, -1.5, 0, 1.5, 3, 4]),
            ("Latin", [4.5, 3, 0, 0, -1.5, -1.5, -1.5, 0, 3, 4.5]),
            ("Loudness", [6, 4, 0, 0, -2, 0, -1, -5, 5, 1]),
            ("Lounge", [-3, -1.5, -0.5, 1.5, 4, 2.5, 0, -1.5, 2, 1]),
            ("Piano", [3, 2, 0, 2.5, 3, 1.5, 3.5, 4.5, 3, 3.5]),
            ("Pop", [-1.5, -1, 0, 2, 4, 4, 2, 0, -1, -1.5]),
            ("R&B", [2.5, 7, 5.5, 1.5, -2, -1.5, 2.5, 2.5, 3, 3.5]),
            ("Rock", [5, 4, 3, 1.5, -0.5, -1, 0.5, 2.5, 3.5, 4.5]),
            ("Small Speakers", [5.5, 4.5, 3.5, 2.5, 1, 0, -1, -2.5, -3.5, -4.5]),
            ("Spoken Word", [-3.5, -0.5, 0, 0.5, 3.5, 4.5, 5, 4.5, 2.5, 0]),
            ("Treble Booster", [0, 0, 0, 0, 0, 1, 2.5, 3.5, 4.5, 5.5]),
            ("Treble Reducer", [0, 0, 0, 0, 0, -1, -2.5, -3.5, -4.5, -5.5]),
            ("Vocal Booster", [-1.5, -3, -3, 1.5, 3.5, 3.5, 3, 1.5, 0, -1.5]),
        ]
        return table.enumerated().map { IPodEQPreset(number: $0.offset, name: $0.element.0, gains: $0.element.1) }
    }()
}
