#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// AUNBandEQ (`'aufx'/'nbeq'`, behind AVAudioUnitEQ): `bandCount` biquad bands in series, each with
/// a filter type, frequency, bandwidth, gain and bypass, followed by a global gain.
///
/// Parameter IDs are AudioUnitParameters.h's: kAUNBandEQParam_GlobalGain 0 (−96…24 dB, 0), and for
/// band `b`: BypassBand 1000+b (0/1, 1: bands start bypassed), FilterType 2000+b (0…10, parametric),
/// Frequency 3000+b (20…SampleRate/2 Hz, 1000), Gain 4000+b (−96…24 dB, 0), Bandwidth 5000+b
/// (0.05…5 octaves, 0.5).
///
/// Changes never click: frequency, gain and bandwidth glide to their new values (about 5 ms,
/// coefficients recomputed every 32 frames while they move, and only then); a change of filter type
/// or bypass crossfades from the old filter's output to the new one's over 256 frames. A bypassed
/// band, once faded out, is skipped, so with every band bypassed and a global gain of 0 dB the
/// output is the input, bit for bit.
public final class NBandEQKernel: InPlaceEffectKernel {
    public static let globalGain: UInt32 = 0
    public static let bypassBand: UInt32 = 1000
    public static let filterType: UInt32 = 2000
    public static let frequency: UInt32 = 3000
    public static let gain: UInt32 = 4000
    public static let bandwidth: UInt32 = 5000

    /// Frames between coefficient updates while a band glides.
    static let glideStepFrames = 32
    /// Time constant of the glide.
    static let glideSeconds = 0.005
    /// Length of the crossfade on a type or bypass change.
    static let crossfadeFrames = 256

    public let bandCount: Int
    private var parameters: EffectParameters
    private var appliedChangeCount = -1
    private var sampleRate = 44_100.0
    private var channelCount = 0
    private var bands: UnsafeMutablePointer<Band>
    /// Two state variables per band and channel, for the band's filter and for the one it fades from.
    private var state: UnsafeMutablePointer<Double>
    private var fadeState: UnsafeMutablePointer<Double>
    private var currentGlobalGain: Float = 1
    /// Scratch for the indices of the bands that are not bypassed.
    private let activeBands: UnsafeMutablePointer<Int>

    /// One band's running configuration (targets live in `parameters`).
    private struct Band {
        var type = NBandEQFilterType.parametric
        var bypassed = true
        var frequency = 1000.0, bandwidth = 0.5, gain = 0.0
        var gliding = false
        var coefficients = BiquadCoefficients.identity
        var fadeFrom = BiquadCoefficients.identity
        var fadeRemaining = 0
    }

    public init(bandCount: Int) {
        precondition((1..<1000).contains(bandCount), "AUNBandEQ band count out of range: \(bandCount)")
        self.bandCount = bandCount
        var infos = [EffectParameterInfo(id: Self.globalGain, name: "global gain", unit: .decibels, minValue: -96, maxValue: 24, defaultValue: 0)]
        for band in 0..<UInt32(bandCount) {
            infos += [
                EffectParameterInfo(id: Self.bypassBand + band, name: "bypass band \(band)", unit: .boolean, minValue: 0, maxValue: 1, defaultValue: 1),
                EffectParameterInfo(id: Self.filterType + band, name: "filter type \(band)", unit: .indexed, minValue: 0, maxValue: 10, defaultValue: 0),
                EffectParameterInfo(id: Self.frequency + band, name: "frequency \(band)", unit: .hertz, minValue: 20, maxValue: 22_050, defaultValue: 1000),
                EffectParameterInfo(id: Self.gain + band, name: "gain \(band)", unit: .decibels, minValue: -96, maxValue: 24, defaultValue: 0),
                EffectParameterInfo(id: Self.bandwidth + band, name: "bandwidth \(band)", unit: .octaves, minValue: 0.05, maxValue: 5, defaultValue: 0.5),
            ]
        }
        parameters = EffectParameters(infos)
        bands = .allocate(capacity: bandCount)
        bands.initialize(repeating: Band(), count: bandCount)
        activeBands = .allocate(capacity: bandCount)
        state = .allocate(capacity: 0)
        fadeState = .allocate(capacity: 0)
    }

    deinit {
        bands.deallocate()
        activeBands.deallocate()
        state.deallocate()
        fadeState.deallocate()
    }

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }
    public func setParameter(_ id: UInt32, _ value: Float) { parameters.set(id, id >= Self.filterType && id < Self.frequency ? value.rounded() : value) }
    public func parameter(_ id: UInt32) -> Float { parameters[id] }
    public var latency: Double { 0 }
    public var tailTime: Double { 0 }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        for band in 0..<UInt32(bandCount) { parameters.setMaximum(of: Self.frequency + band, to: Float(sampleRate / 2)) }
        state.deallocate()
        fadeState.deallocate()
        state = .allocate(capacity: 2 * bandCount * channelCount)
        fadeState = .allocate(capacity: 2 * bandCount * channelCount)
        reset()
    }

    public func reset() {
        state.update(repeating: 0, count: 2 * bandCount * channelCount)
        fadeState.update(repeating: 0, count: 2 * bandCount * channelCount)
        // Settle on the current parameters at once: there is no signal to protect from a jump.
        for index in 0..<bandCount {
            var band = Band()
            band.type = targetType(index)
            band.bypassed = targetBypass(index)
            (band.frequency, band.bandwidth, band.gain) = targets(index)
            band.coefficients = design(band)
            bands[index] = band
        }
        currentGlobalGain = targetGlobalGain
        appliedChangeCount = parameters.changeCount
    }

    public func process(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        if appliedChangeCount != parameters.changeCount { applyParameterChanges() }
        if isSettled {
            processSettled(channels, frameCount: frameCount)
            applyGlobalGain(channels, frameCount: frameCount)
            return
        }
        var offset = 0
        while offset < frameCount {
            let step = isSettled ? frameCount - offset : min(Self.glideStepFrames, frameCount - offset)
            for index in 0..<bandCount { processBand(index, channels, offset: offset, frames: step) }
            offset += step
        }
        applyGlobalGain(channels, frameCount: frameCount)
    }

    // MARK: - Parameters to bands

    private var targetGlobalGain: Float { Float(EffectMath.gain(decibels: Double(parameters[Self.globalGain]))) }
    private func targetType(_ band: Int) -> NBandEQFilterType {
        NBandEQFilterType(rawValue: Int(parameters[Self.filterType + UInt32(band)])) ?? .parametric
    }
    private func targetBypass(_ band: Int) -> Bool { parameters[Self.bypassBand + UInt32(band)] >= 0.5 }
    private func targets(_ band: Int) -> (frequency: Double, bandwidth: Double, gain: Double) {
        let b = UInt32(band)
        return (Double(parameters[Self.frequency + b]), Double(parameters[Self.bandwidth + b]), Double(parameters[Self.gain + b]))
    }

    private func design(_ band: Band) -> BiquadCoefficients {
        band.bypassed ? .identity
            : BiquadCoefficients(band.type, frequency: band.frequency, bandwidth: band.bandwidth,
                                 gainDecibels: band.gain, sampleRate: sampleRate)
    }

    /// Picks up new targets: a type or bypass change starts a crossfade, anything else a glide.
    private func applyParameterChanges() {
        appliedChangeCount = parameters.changeCount
        for index in 0..<bandCount {
            let type = targetType(index), bypassed = targetBypass(index), target = targets(index)
            var band = bands[index]
            if type != band.type || bypassed != band.bypassed {
                let wasAudible = !band.bypassed || band.fadeRemaining > 0
                band.type = type
                band.bypassed = bypassed
                (band.frequency, band.bandwidth, band.gain) = target
                band.gliding = false
                if wasAudible || !bypassed {
                    band.fadeFrom = band.coefficients
                    let states = 2 * channelCount
                    (fadeState + index * states).update(from: state + index * states, count: states)
                    (state + index * states).update(repeating: 0, count: states)
                    band.fadeRemaining = Self.crossfadeFrames
                }
                band.coefficients = design(band)
            } else if target != (band.frequency, band.bandwidth, band.gain) {
                band.gliding = !band.bypassed
                if band.bypassed { (band.frequency, band.bandwidth, band.gain) = target }
            }
            bands[index] = band
        }
    }

    private var isSettled: Bool {
        for index in 0..<bandCount where bands[index].gliding || bands[index].fadeRemaining > 0 { return false }
        return true
    }

    /// Moves a gliding band one step towards its targets (log frequency and bandwidth, gain in dB).
    private func glide(_ index: Int, frames: Int) {
        let target = targets(index)
        var band = bands[index]
        let k = 1 - exp(-Double(frames) / (Self.glideSeconds * sampleRate))
        band.frequency *= pow(target.frequency / band.frequency, k)
        band.bandwidth *= pow(target.bandwidth / band.bandwidth, k)
        band.gain += (target.gain - band.gain) * k
        if abs(log2(target.frequency / band.frequency)) < 1e-4, abs(log2(target.bandwidth / band.bandwidth)) < 1e-4,
           abs(target.gain - band.gain) < 1e-3 {
            (band.frequency, band.bandwidth, band.gain) = target
            band.gliding = false
        }
        band.coefficients = design(band)
        bands[index] = band
    }

    // MARK: - Render

    private func processBand(_ index: Int, _ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>,
                             offset: Int, frames: Int) {
        if bands[index].gliding { glide(index, frames: frames) }
        let band = bands[index]
        let fading = min(band.fadeRemaining, frames)
        if fading > 0 {
            for channel in 0..<channelCount {
                let slot = 2 * (index * channelCount + channel)
                crossfade(channels[channel] + offset, frames: fading, band: band,
                          to: state + slot, from: fadeState + slot)
            }
            bands[index].fadeRemaining -= fading
        }
        guard !band.bypassed, frames > fading else { return }
        for channel in 0..<channelCount {
            band.coefficients.run(channels[channel] + offset + fading, frames: frames - fading,
                                  state: state + 2 * (index * channelCount + channel))
        }
    }

    /// With nothing gliding or fading, the active bands run in groups of four, one pass per
    /// group: the four sections' coefficients and states sit in registers for the whole block, so
    /// their recursions overlap in the pipeline instead of each waiting on its own previous
    /// sample through memory. A group short of four is padded with pass-through sections
    /// (y = x + 0 exactly), so the output is the same as running the bands one after another.
    private func processSettled(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        var active = 0
        for index in 0..<bandCount where !bands[index].bypassed {
            activeBands[active] = index
            active += 1
        }
        guard active > 0 else { return }
        for channel in 0..<channelCount {
            var first = 0
            while first < active {
                processGroup(channels[channel], frameCount: frameCount, channel: channel, slots: first..<min(first + 4, active))
                first += 4
            }
        }
    }

    /// Up to four active bands (`slots` of `activeBands`) over one channel's block.
    @inline(__always)
    private func processGroup(_ samples: UnsafeMutablePointer<Float>, frameCount: Int, channel: Int, slots: Range<Int>) {
        var c = (BiquadCoefficients.identity, BiquadCoefficients.identity, BiquadCoefficients.identity, BiquadCoefficients.identity)
        var st = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        func slot(_ k: Int) -> Int? { slots.lowerBound + k < slots.upperBound ? activeBands[slots.lowerBound + k] : nil }
        func statePointer(_ index: Int) -> UnsafeMutablePointer<Double> { state + 2 * (index * channelCount + channel) }
        if let i = slot(0) { c.0 = bands[i].coefficients; st.0 = statePointer(i)[0]; st.1 = statePointer(i)[1] }
        if let i = slot(1) { c.1 = bands[i].coefficients; st.2 = statePointer(i)[0]; st.3 = statePointer(i)[1] }
        if let i = slot(2) { c.2 = bands[i].coefficients; st.4 = statePointer(i)[0]; st.5 = statePointer(i)[1] }
        if let i = slot(3) { c.3 = bands[i].coefficients; st.6 = statePointer(i)[0]; st.7 = statePointer(i)[1] }
        for frame in 0..<frameCount {
            var x = Double(samples[frame])
            var y = c.0.b0 * x + st.0
            st.0 = c.0.b1 * x - c.0.a1 * y + st.1
            st.1 = c.0.b2 * x - c.0.a2 * y
            x = y
            y = c.1.b0 * x + st.2
            st.2 = c.1.b1 * x - c.1.a1 * y + st.3
            st.3 = c.1.b2 * x - c.1.a2 * y
            x = y
            y = c.2.b0 * x + st.4
            st.4 = c.2.b1 * x - c.2.a1 * y + st.5
            st.5 = c.2.b2 * x - c.2.a2 * y
            x = y
            y = c.3.b0 * x + st.6
            st.6 = c.3.b1 * x - c.3.a1 * y + st.7
            st.7 = c.3.b2 * x - c.3.a2 * y
            samples[frame] = Float(y)
        }
        if let i = slot(0) { statePointer(i)[0] = st.0; statePointer(i)[1] = st.1 }
        if let i = slot(1) { statePointer(i)[0] = st.2; statePointer(i)[1] = st.3 }
        if let i = slot(2) { statePointer(i)[0] = st.4; statePointer(i)[1] = st.5 }
        if let i = slot(3) { statePointer(i)[0] = st.6; statePointer(i)[1] = st.7 }
    }

    /// Runs the old and the new filter side by side, moving linearly from the old output to the new.
    private func crossfade(_ samples: UnsafeMutablePointer<Float>, frames: Int, band: Band,
                           to newState: UnsafeMutablePointer<Double>, from oldState: UnsafeMutablePointer<Double>) {
        let total = Double(Self.crossfadeFrames)
        for frame in 0..<frames {
            let x = Double(samples[frame])
            let old = band.fadeFrom.tick(x, state: oldState)
            let new = band.coefficients.tick(x, state: newState)
            let t = Double(Self.crossfadeFrames - band.fadeRemaining + frame + 1) / total
            samples[frame] = Float(old + (new - old) * t)
        }
    }

    private func applyGlobalGain(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int) {
        let target = targetGlobalGain
        let start = currentGlobalGain
        currentGlobalGain = target
        if start == target {
            guard target != 1 else { return }
            for channel in 0..<channelCount { MixKernel.scale(channels[channel], by: target, frames: frameCount) }
            return
        }
        // A linear ramp across the block from the previous gain.
        let step = (target - start) / Float(frameCount)
        for channel in 0..<channelCount {
            let samples = channels[channel]
            for frame in 0..<frameCount { samples[frame] *= start + step * Float(frame + 1) }
        }
    }
}
