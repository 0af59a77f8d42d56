import AudioGraph
import Foundation
import AudioToolbox

/// The filter types of an EQ band (raw values as AVAudioUnitEQ.h).
public enum AVAudioUnitEQFilterType: Int, Sendable {
    case parametric = 0, lowPass = 1, highPass = 2, resonantLowPass = 3, resonantHighPass = 4, bandPass = 5,
         bandStop = 6, lowShelf = 7, highShelf = 8, resonantLowShelf = 9, resonantHighShelf = 10
}

/// One band of an `AVAudioUnitEQ`: its values are the unit's parameters for that band.
open class AVAudioUnitEQFilterParameters: NSObject, @unchecked Sendable {
    private unowned let unit: AVAudioUnitEQ
    private let band: UInt32

    init(unit: AVAudioUnitEQ, band: Int) {
        self.unit = unit
        self.band = UInt32(band)
    }

    public var filterType: AVAudioUnitEQFilterType {
        get { AVAudioUnitEQFilterType(rawValue: Int(unit.parameter(NBandEQKernel.filterType + band))) ?? .parametric }
        set { unit.setParameter(NBandEQKernel.filterType + band, Float(newValue.rawValue)) }
    }
    /// Hz, 20 … half the sample rate.
    public var frequency: Float {
        get { unit.parameter(NBandEQKernel.frequency + band) }
        set { unit.setParameter(NBandEQKernel.frequency + band, newValue) }
    }
    /// Octaves, 0.05 … 5.
    public var bandwidth: Float {
        get { unit.parameter(NBandEQKernel.bandwidth + band) }
        set { unit.setParameter(NBandEQKernel.bandwidth + band, newValue) }
    }
    /// dB, −96 … 24, default 0.
    public var gain: Float {
        get { unit.parameter(NBandEQKernel.gain + band) }
        set { unit.setParameter(NBandEQKernel.gain + band, newValue) }
    }
    /// Default true: a band does nothing until it is switched on.
    public var bypass: Bool {
        get { unit.parameter(NBandEQKernel.bypassBand + band) != 0 }
        set { unit.setParameter(NBandEQKernel.bypassBand + band, newValue ? 1 : 0) }
    }
}

/// `AVAudioUnitEQ`: a multi-band equalizer (AUNBandEQ).
open class AVAudioUnitEQ: AVAudioUnitEffect, @unchecked Sendable {
    public private(set) var bands: [AVAudioUnitEQFilterParameters] = []

    public convenience init() { self.init(numberOfBands: 1) }

    public init(numberOfBands: Int) {
        let count = max(1, numberOfBands)
        super.init(description: .appleEffect(subType: "nbeq"), name: "AUNBandEQ", kernel: NBandEQKernel(bandCount: count))
        bands = (0..<count).map { AVAudioUnitEQFilterParameters(unit: self, band: $0) }
    }

    /// dB, −96 … 24, default 0: applied to all bands.
    public var globalGain: Float {
        get { parameter(NBandEQKernel.globalGain) }
        set { setParameter(NBandEQKernel.globalGain, newValue) }
    }
}
