/// The factory presets of AVAudioUnitReverb, with the raw values of `AVAudioUnitReverbPreset`.
///
/// Apple publishes the names, not the parameter values behind them; each room here is ours, chosen
/// so that the presets order as their names say (a small room decays fastest, a cathedral slowest,
/// a plate is dense and bright) and stay within AUReverb2's parameter ranges.
public enum ReverbPreset: Int, Sendable, CaseIterable {
    case smallRoom = 0, mediumRoom = 1, largeRoom = 2, mediumHall = 3, largeHall = 4, plate = 5,
         mediumChamber = 6, largeChamber = 7, cathedral = 8, largeRoom2 = 9, mediumHall2 = 10,
         mediumHall3 = 11, largeHall2 = 12

    /// AVAudioUnitReverb's preset when none has been loaded.
    public static let avAudioUnitReverbDefault = ReverbPreset.mediumHall

    /// The preset's name as the unit lists it (kAudioUnitProperty_FactoryPresets).
    public var name: String {
        switch self {
        case .smallRoom: "Small Room"
        case .mediumRoom: "Medium Room"
        case .largeRoom: "Large Room"
        case .mediumHall: "Medium Hall"
        case .largeHall: "Large Hall"
        case .plate: "Plate"
        case .mediumChamber: "Medium Chamber"
        case .largeChamber: "Large Chamber"
        case .cathedral: "Cathedral"
        case .largeRoom2: "Large Room 2"
        case .mediumHall2: "Medium Hall 2"
        case .mediumHall3: "Medium Hall 3"
        case .largeHall2: "Large Hall 2"
        }
    }

    /// The AUReverb2 parameters the preset sets (seconds and dB).
    struct Room {
        var minDelay: Float, maxDelay: Float, decayAt0Hz: Float, decayAtNyquist: Float, gain: Float, reflectionsSeed: Float
    }

    var room: Room {
        switch self {
        case .smallRoom: Room(minDelay: 0.004, maxDelay: 0.018, decayAt0Hz: 0.45, decayAtNyquist: 0.25, gain: 0, reflectionsSeed: 11)
        case .mediumRoom: Room(minDelay: 0.006, maxDelay: 0.028, decayAt0Hz: 0.75, decayAtNyquist: 0.40, gain: 0, reflectionsSeed: 23)
        case .largeRoom: Room(minDelay: 0.008, maxDelay: 0.040, decayAt0Hz: 1.10, decayAtNyquist: 0.60, gain: 0, reflectionsSeed: 37)
        case .mediumHall: Room(minDelay: 0.010, maxDelay: 0.055, decayAt0Hz: 1.80, decayAtNyquist: 0.90, gain: 0, reflectionsSeed: 41)
        case .largeHall: Room(minDelay: 0.012, maxDelay: 0.075, decayAt0Hz: 2.60, decayAtNyquist: 1.30, gain: 0, reflectionsSeed: 53)
        case .plate: Room(minDelay: 0.003, maxDelay: 0.020, decayAt0Hz: 1.50, decayAtNyquist: 1.20, gain: -1, reflectionsSeed: 67)
        case .mediumChamber: Room(minDelay: 0.007, maxDelay: 0.035, decayAt0Hz: 1.20, decayAtNyquist: 0.70, gain: 0, reflectionsSeed: 71)
        case .largeChamber: Room(minDelay: 0.009, maxDelay: 0.050, decayAt0Hz: 1.70, decayAtNyquist: 0.90, gain: 0, reflectionsSeed: 83)
        case .cathedral: Room(minDelay: 0.015, maxDelay: 0.110, decayAt0Hz: 5.00, decayAtNyquist: 2.50, gain: -2, reflectionsSeed: 97)
        case .largeRoom2: Room(minDelay: 0.008, maxDelay: 0.045, decayAt0Hz: 1.30, decayAtNyquist: 0.50, gain: 0, reflectionsSeed: 101)
        case .mediumHall2: Room(minDelay: 0.010, maxDelay: 0.060, decayAt0Hz: 2.00, decayAtNyquist: 1.20, gain: 0, reflectionsSeed: 113)
        case .mediumHall3: Room(minDelay: 0.011, maxDelay: 0.065, decayAt0Hz: 2.20, decayAtNyquist: 0.80, gain: 0, reflectionsSeed: 127)
        case .largeHall2: Room(minDelay: 0.013, maxDelay: 0.085, decayAt0Hz: 3.00, decayAtNyquist: 1.80, gain: -1, reflectionsSeed: 131)
        }
    }
}
