#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// AUSampler's voice engine (`'aumu'/'samp'`, behind AVAudioUnitSampler), shared by the Audio
/// Unit and the engine node the way the effect kernels are.
///
/// With no instrument loaded AUSampler plays a plain sine tone per note; so does this kernel
/// (with audio files loaded each note plays the nearest file's sample, `loadZones`). A note
/// sounds at 440 Hz × 2^((note − 69 + bend + tuning) / 12), bend ±2 semitones (General MIDI's
/// default pitch-bend range), at a level of velocity/127 × volume/127 × expression/127 times the
/// gain parameter. The envelope is linear: 1 ms attack, full sustain, 30 ms release, after which
/// the voice is free and its output exactly zero. (Apple's default instrument has envelope
/// figures of its own that are not documented; these are the simulation's.)
///
/// MIDI is applied with `handle(status:data1:data2:)` between `render` calls; the caller splits
/// a render at each event's sample offset. Render side: no allocation, lock or log.
public final class SamplerKernel: EffectKernel {
    // Parameter IDs, ranges and defaults of AudioUnitParameters.h's kAUSamplerParam_*.
    public static let gain: UInt32 = 900
    public static let coarseTuning: UInt32 = 901
    public static let fineTuning: UInt32 = 902
    public static let pan: UInt32 = 903

    /// Voices sounding at once; a note beyond them takes the oldest voice.
    public static let polyphony = 64
    static let attackSeconds = 0.001
    static let releaseSeconds = 0.03

    private var parameters = EffectParameters([
        EffectParameterInfo(id: gain, name: "Gain", unit: .decibels, minValue: -90, maxValue: 12, defaultValue: 0),
        EffectParameterInfo(id: coarseTuning, name: "Coarse Tuning", unit: .generic, minValue: -24, maxValue: 24, defaultValue: 0),
        EffectParameterInfo(id: fineTuning, name: "Fine Tuning", unit: .cents, minValue: -99, maxValue: 99, defaultValue: 0),
        EffectParameterInfo(id: pan, name: "Pan", unit: .generic, minValue: -100, maxValue: 100, defaultValue: 0),
    ])
    /// Cents added to every note on top of the tuning parameters (AVAudioUnitSampler's
    /// `globalTuning`, −2400 … 2400).
    public var globalTuning: Float = 0 { didSet { retune() } }

    /// The parameters as the render side reads them (a lookup by ID is a search).
    private var (gainDecibels, coarse, fine, panning): (Float, Float, Float, Float) = (0, 0, 0, 0)
    private var sampleRate = 44_100.0
    private let voices: UnsafeMutablePointer<Voice>
    private let channels: UnsafeMutablePointer<ChannelState>
    private var zones = SampleZones()
    /// Counts note-ons, so the oldest voice is the one with the smallest stamp.
    private var noteCounter: UInt64 = 0

    struct Voice {
        var isActive = false
        var channel: UInt8 = 0
        var note: UInt8 = 0
        /// Held by the sustain pedal after its note-off.
        var isSustained = false
        var isReleasing = false
        var velocityGain: Float = 0
        var envelope: Float = 0
        var releaseStep: Float = 0
        /// Sine: phase in cycles; zone: read position in the zone's frames.
        var phase: Double = 0
        var increment: Double = 0
        var zone = -1
        var started: UInt64 = 0
    }

    struct ChannelState {
        var volume: UInt8 = 100
        var expression: UInt8 = 127
        var sustain = false
        /// 14-bit, 8192 = centre.
        var bend: UInt16 = 8192
        var program: UInt8 = 0
    }

    public init() {
        voices = .allocate(capacity: Self.polyphony)
        voices.initialize(repeating: Voice(), count: Self.polyphony)
        channels = .allocate(capacity: 16)
        channels.initialize(repeating: ChannelState(), count: 16)
    }

    deinit {
        voices.deallocate()
        channels.deallocate()
    }

    // MARK: EffectKernel

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        self.sampleRate = sampleRate
        reset()
    }

    /// Silences every voice and returns the controllers to their defaults.
    public func reset() {
        voices.update(repeating: Voice(), count: Self.polyphony)
        channels.update(repeating: ChannelState(), count: 16)
    }

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }
    public func setParameter(_ id: UInt32, _ value: Float) {
        parameters.set(id, value)
        (gainDecibels, coarse, fine, panning) = (parameters[Self.gain], parameters[Self.coarseTuning], parameters[Self.fineTuning],
                                                 parameters[Self.pan])
        retune()
    }
    public func parameter(_ id: UInt32) -> Float { parameters[id] }
    public var latency: Double { 0 }
    public var tailTime: Double { Self.releaseSeconds }

    /// The program last selected on `channel` (AUSampler keeps one instrument; it records the
    /// change and plays on).
    public func program(onChannel channel: Int) -> UInt8 { channels[channel & 15].program }

    /// Whether any voice is sounding (or releasing).
    public var isSounding: Bool {
        for index in 0..<Self.polyphony where voices[index].isActive { return true }
        return false
    }

    /// Plays `zones` instead of the sine from now on (control side); empty returns to the sine.
    public func loadZones(_ zones: SampleZones) {
        reset()
        self.zones = zones
    }

    // MARK: MIDI

    /// Applies one MIDI 1.0 message. Note-on with velocity 0 is a note-off. Controllers: 7
    /// volume, 11 expression, 64 sustain, 120 all sound off, 121 reset controllers, 123 all
    /// notes off. Others are accepted and ignored, as system messages are.
    public func handle(status: UInt8, data1: UInt8, data2: UInt8) {
        let channel = status & 0x0F
        switch status & 0xF0 {
        case 0x90 where data2 > 0: noteOn(channel, data1, velocity: data2)
        case 0x80, 0x90: noteOff(channel, data1)
        case 0xB0: controller(channel, data1, data2)
        case 0xC0: channels[Int(channel)].program = data1
        case 0xE0:
            channels[Int(channel)].bend = UInt16(data2) << 7 | UInt16(data1)
            retune()
        default: break
        }
    }

    /// Applies a complete System Exclusive message (F0 … F7). General MIDI System On
    /// (`F0 7E id 09 01 F7`, any device ID) returns every channel to its power-on state and
    /// releases every note; other messages are accepted and ignored.
    public func handle(sysEx bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 6, bytes[0] == 0xF0, bytes[1] == 0x7E, bytes[3] == 0x09, bytes[4] == 0x01, bytes[5] == 0xF7 else { return }
        for index in 0..<Self.polyphony where voices[index].isActive { release(index) }
        channels.update(repeating: ChannelState(), count: 16)
        retune()
    }

    private func noteOn(_ channel: UInt8, _ note: UInt8, velocity: UInt8) {
        for index in 0..<Self.polyphony where voices[index].isActive && voices[index].channel == channel && voices[index].note == note {
            release(index)
        }
        let index = freeVoice()
        noteCounter += 1
        voices[index] = Voice(isActive: true, channel: channel, note: note, velocityGain: Float(velocity) / 127,
                              releaseStep: Float(1 / max(1, Self.releaseSeconds * sampleRate)),
                              zone: zones.zone(for: note), started: noteCounter)
        voices[index].increment = increment(index)
    }

    private func noteOff(_ channel: UInt8, _ note: UInt8) {
        for index in 0..<Self.polyphony where voices[index].isActive && !voices[index].isReleasing
            && voices[index].channel == channel && voices[index].note == note {
            if channels[Int(channel)].sustain { voices[index].isSustained = true } else { release(index) }
        }
    }

    private func controller(_ channel: UInt8, _ number: UInt8, _ value: UInt8) {
        let state = channels + Int(channel)
        switch number {
        case 7: state.pointee.volume = value
        case 11: state.pointee.expression = value
        case 64:
            state.pointee.sustain = value >= 64
            if !state.pointee.sustain {
                for index in 0..<Self.polyphony where voices[index].isActive && voices[index].channel == channel && voices[index].isSustained {
                    release(index)
                }
            }
        case 120:
            for index in 0..<Self.polyphony where voices[index].channel == channel { voices[index].isActive = false }
        case 121:
            let program = state.pointee.program
            state.pointee = ChannelState(program: program)
            retune()
        case 123:
            for index in 0..<Self.polyphony where voices[index].isActive && voices[index].channel == channel { release(index) }
        default: break
        }
    }

    private func release(_ index: Int) {
        voices[index].isReleasing = true
        voices[index].isSustained = false
    }

    private func freeVoice() -> Int {
        var oldest = 0
        for index in 0..<Self.polyphony {
            if !voices[index].isActive { return index }
            if voices[index].started < voices[oldest].started { oldest = index }
        }
        return oldest
    }

    /// Semitones the channel's bend and the tuning add to every note.
    private func offsetSemitones(_ channel: UInt8) -> Double {
        let bend = (Double(channels[Int(channel)].bend) - 8192) / 8192 * 2
        let cents = Double(coarse) * 100 + Double(fine) + Double(globalTuning)
        return bend + cents / 100
    }

    private func increment(_ index: Int) -> Double {
        let voice = voices[index]
        let pitch = Double(voice.note) + offsetSemitones(voice.channel)
        if voice.zone >= 0 {
            let zone = zones.zones[voice.zone]
            return pow(2, (pitch - Double(zone.rootKey)) / 12) * zone.sampleRate / sampleRate
        }
        return 440 * pow(2, (pitch - 69) / 12) / sampleRate
    }

    private func retune() {
        for index in 0..<Self.polyphony where voices[index].isActive { voices[index].increment = increment(index) }
    }

    // MARK: Render

    /// Writes frames `start ..< start + frameCount` of every channel in `outputs` (overwriting):
    /// the voices' sum, panned across the first two channels by the pan parameter (a balance:
    /// the far side is turned down, the centre leaves both at full level).
    public func render(into outputs: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, channelCount: Int, start: Int, frameCount: Int) {
        guard channelCount > 0, frameCount > 0 else { return }
        let mono = outputs[0] + start
        mono.update(repeating: 0, count: frameCount)
        for index in 0..<Self.polyphony where voices[index].isActive { renderVoice(index, into: mono, frameCount: frameCount) }
        let level = pow(10, gainDecibels / 20)
        let pan = panning / 100
        let (left, right) = (level * min(1, 1 - pan), level * min(1, 1 + pan))
        for channel in stride(from: channelCount - 1, through: 0, by: -1) {
            let gain = channel == 0 ? left : channel == 1 ? right : level
            let samples = outputs[channel] + start
            for frame in 0..<frameCount { samples[frame] = mono[frame] * gain }
        }
    }

    private func renderVoice(_ index: Int, into mono: UnsafeMutablePointer<Float>, frameCount: Int) {
        let voice = voices + index
        let state = channels[Int(voice.pointee.channel)]
        let level = voice.pointee.velocityGain * Float(state.volume) / 127 * Float(state.expression) / 127
        let attackStep = Float(1 / max(1, Self.attackSeconds * sampleRate))
        for frame in 0..<frameCount {
            if voice.pointee.isReleasing {
                voice.pointee.envelope -= voice.pointee.releaseStep
                if voice.pointee.envelope <= 0 {
                    voice.pointee.isActive = false
                    return
                }
            } else if voice.pointee.envelope < 1 {
                voice.pointee.envelope = min(1, voice.pointee.envelope + attackStep)
            }
            guard let sample = nextSample(voice) else {
                voice.pointee.isActive = false
                return
            }
            mono[frame] += sample * voice.pointee.envelope * level
        }
    }

    /// The voice's next waveform sample, advancing its phase first (so a note's first sample is
    /// already off zero and its onset is the frame it starts on); nil when a zone's sample ends.
    private func nextSample(_ voice: UnsafeMutablePointer<Voice>) -> Float? {
        voice.pointee.phase += voice.pointee.increment
        guard voice.pointee.zone >= 0 else {
            if voice.pointee.phase >= 1 { voice.pointee.phase -= 1 }
            return Float(sin(2 * Double.pi * voice.pointee.phase))
        }
        return zones.zones[voice.pointee.zone].sample(at: voice.pointee.phase - voice.pointee.increment)
    }
}
