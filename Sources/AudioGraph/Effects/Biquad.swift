#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The filter shapes of AUNBandEQ, with the raw values of `AVAudioUnitEQFilterType` and
/// `kAUNBandEQFilterType_*` (0…10).
public enum NBandEQFilterType: Int, Sendable, CaseIterable {
    case parametric = 0, lowPass = 1, highPass = 2, resonantLowPass = 3, resonantHighPass = 4,
         bandPass = 5, bandStop = 6, lowShelf = 7, highShelf = 8, resonantLowShelf = 9, resonantHighShelf = 10
}

/// One second-order section's coefficients, normalised so that a0 = 1, designed with the formulas
/// of Robert Bristow-Johnson's "Cookbook formulae for audio EQ biquad filter coefficients".
///
/// Which band parameters each shape uses follows Apple's documentation of the filter types:
/// parametric uses frequency, bandwidth and gain; the plain low/high passes are 2nd-order
/// Butterworth (frequency only); the resonant passes, band pass and band stop take their Q from the
/// bandwidth; plain shelves have the cookbook's steepest monotonic slope (S = 1) and use gain; the
/// resonant shelves take their Q from the bandwidth as well.
struct BiquadCoefficients: Equatable {
    var b0 = 1.0, b1 = 0.0, b2 = 0.0, a1 = 0.0, a2 = 0.0

    /// Passes the signal unchanged (y = x exactly, in floating point too).
    static let identity = BiquadCoefficients()

    init() {}

    init(_ type: NBandEQFilterType, frequency: Double, bandwidth: Double, gainDecibels: Double, sampleRate: Double) {
        let w0 = Self.angularFrequency(frequency, sampleRate: sampleRate)
        let sinW = sin(w0)
        // The cookbook's alpha for a bandwidth in octaves (between -3 dB points for BPF/notch, midpoint
        // gain points for the peaking filter), and for Q = 1/√2.
        let alphaBandwidth = sinW * sinh(log(2) / 2 * bandwidth * w0 / sinW)
        let alphaButterworth = sinW / 2.squareRoot()
        let butterworth = type == .lowPass || type == .highPass || type == .lowShelf || type == .highShelf
        self.init(type, w0: w0, alpha: butterworth ? alphaButterworth : alphaBandwidth, gainDecibels: gainDecibels)
    }

    /// The same shapes with the cookbook's alpha from a quality factor Q (alpha = sin ω0 / 2Q), as the
    /// single-filter units (AULowpass, AUHipass, AUParametricEQ) take it.
    init(_ type: NBandEQFilterType, frequency: Double, q: Double, gainDecibels: Double, sampleRate: Double) {
        let w0 = Self.angularFrequency(frequency, sampleRate: sampleRate)
        self.init(type, w0: w0, alpha: sin(w0) / (2 * max(q, 1e-3)), gainDecibels: gainDecibels)
    }

    /// The design frequency as an angle, kept strictly below Nyquist, where the formulas degenerate.
    private static func angularFrequency(_ frequency: Double, sampleRate: Double) -> Double {
        2 * Double.pi * min(max(frequency, 1), 0.499 * sampleRate) / sampleRate
    }

    private init(_ type: NBandEQFilterType, w0: Double, alpha: Double, gainDecibels: Double) {
        let cosW = cos(w0)
        let a = pow(10, gainDecibels / 40)
        var b0 = 1.0, b1 = 0.0, b2 = 0.0, a0 = 1.0, a1 = 0.0, a2 = 0.0
        switch type {
        case .lowPass, .resonantLowPass:
            (b0, b1, b2) = ((1 - cosW) / 2, 1 - cosW, (1 - cosW) / 2)
            (a0, a1, a2) = (1 + alpha, -2 * cosW, 1 - alpha)
        case .highPass, .resonantHighPass:
            (b0, b1, b2) = ((1 + cosW) / 2, -(1 + cosW), (1 + cosW) / 2)
            (a0, a1, a2) = (1 + alpha, -2 * cosW, 1 - alpha)
        case .bandPass:
            (b0, b1, b2) = (alpha, 0, -alpha)
            (a0, a1, a2) = (1 + alpha, -2 * cosW, 1 - alpha)
        case .bandStop:
            (b0, b1, b2) = (1, -2 * cosW, 1)
            (a0, a1, a2) = (1 + alpha, -2 * cosW, 1 - alpha)
        case .parametric:
            (b0, b1, b2) = (1 + alpha * a, -2 * cosW, 1 - alpha * a)
            (a0, a1, a2) = (1 + alpha / a, -2 * cosW, 1 - alpha / a)
        case .lowShelf, .resonantLowShelf:
            let k = 2 * a.squareRoot() * alpha
            b0 = a * ((a + 1) - (a - 1) * cosW + k)
            b1 = 2 * a * ((a - 1) - (a + 1) * cosW)
            b2 = a * ((a + 1) - (a - 1) * cosW - k)
            a0 = (a + 1) + (a - 1) * cosW + k
            a1 = -2 * ((a - 1) + (a + 1) * cosW)
            a2 = (a + 1) + (a - 1) * cosW - k
        case .highShelf, .resonantHighShelf:
            let k = 2 * a.squareRoot() * alpha
            b0 = a * ((a + 1) + (a - 1) * cosW + k)
            b1 = -2 * a * ((a - 1) + (a + 1) * cosW)
            b2 = a * ((a + 1) + (a - 1) * cosW - k)
            a0 = (a + 1) - (a - 1) * cosW + k
            a1 = 2 * ((a - 1) - (a + 1) * cosW)
            a2 = (a + 1) - (a - 1) * cosW - k
        }
        self.b0 = b0 / a0
        self.b1 = b1 / a0
        self.b2 = b2 / a0
        self.a1 = a1 / a0
        self.a2 = a2 / a0
    }

    /// Runs `frames` samples through the section in place (transposed direct form II, double
    /// precision state so low frequencies stay clean). `state` holds the two state variables.
    @inline(__always)
    func run(_ samples: UnsafeMutablePointer<Float>, frames: Int, state: UnsafeMutablePointer<Double>) {
        var s1 = state[0], s2 = state[1]
        for index in 0..<frames {
            let x = Double(samples[index])
            let y = b0 * x + s1
            s1 = b1 * x - a1 * y + s2
            s2 = b2 * x - a2 * y
            samples[index] = Float(y)
        }
        state[0] = s1
        state[1] = s2
    }

    /// One sample through the section (for crossfades, which run two sections side by side).
    @inline(__always)
    func tick(_ x: Double, state: UnsafeMutablePointer<Double>) -> Double {
        let y = b0 * x + state[0]
        state[0] = b1 * x - a1 * y + state[1]
        state[1] = b2 * x - a2 * y
        return y
    }
}
