import Foundation
import AudioToolbox
import AVFAudio

/// Apple's effects, as AVAudioUnit nodes in an offline engine and as Audio Units through the C
/// API: their published parameters (IDs, ranges, defaults, presets' raw values) and what each does
/// to a tone or a click.
enum EngineEffectChecks {
    static var all: [BuiltInCheck] { parameters + equalizer + delayReverbDistortion + timeEffects }

    /// Decibels of `amplitude` relative to `reference`.
    static func decibels(_ amplitude: Double, _ reference: Double = 0.5) -> Double { 20 * log10(amplitude / reference) }

    static var parameters: [BuiltInCheck] { [
        BuiltInCheck(["ENGINE-EFFECT-DELAY-PARAMETERS"], "AUDelay publishes wet/dry 0…100 (50), time 0…2 s (1), feedback −100…100 (50), cutoff 10 Hz…SampleRate/2 (15 kHz), and clamps") { p in
            let unit = try EffectUnitRig.make(kAudioUnitType_Effect, kAudioUnitSubType_Delay)
            defer { _ = AudioComponentInstanceDispose(unit) }
            let published = try EffectUnitRig.parameters(unit)
            p.expect(published.map(\.id), equals: [kDelayParam_WetDryMix, kDelayParam_DelayTime, kDelayParam_Feedback, kDelayParam_LopassCutoff], "AUDelay's parameter IDs")
            p.expect(published.map(\.range), equals: [[0, 100, 50], [0, 2, 1], [-100, 100, 50], [10, 22_050, 15_000]], "AUDelay's ranges and defaults at 44.1 kHz")
            p.expect(AudioUnitSetParameter(unit, kDelayParam_DelayTime, kAudioUnitScope_Global, 0, 5, 0), equals: 0, "setting a delay time of 5 s")
            p.expect(EffectUnitRig.value(unit, kDelayParam_DelayTime), equals: 2, "a delay time of 5 s is clamped to")
            p.expect(AudioUnitSetParameter(unit, kDelayParam_Feedback, kAudioUnitScope_Global, 0, -300, 0), equals: 0, "setting a feedback of −300")
            p.expect(EffectUnitRig.value(unit, kDelayParam_Feedback), equals: -100, "a feedback of −300 is clamped to")
        },
        BuiltInCheck(["ENGINE-EFFECT-EQ-PARAMETERS"], "AUNBandEQ publishes global gain and five parameters per band with Apple's ranges; AVAudioUnitEQ's bands start bypassed and clamp") { p in
            let unit = try EffectUnitRig.make(kAudioUnitType_Effect, kAudioUnitSubType_NBandEQ)
            defer { _ = AudioComponentInstanceDispose(unit) }
            var two: UInt32 = 2
            p.expect(AudioUnitSetProperty(unit, kAUNBandEQProperty_NumberOfBands, kAudioUnitScope_Global, 0, &two, 4), equals: 0, "two bands")
            let published = try EffectUnitRig.parameters(unit)
            p.expect(published.map(\.id), equals: [0, 1000, 2000, 3000, 4000, 5000, 1001, 2001, 3001, 4001, 5001], "AUNBandEQ's parameter IDs for two bands")
            let ranges = Dictionary(published.map { ($0.id, $0.range) }, uniquingKeysWith: { first, _ in first })
            p.expect(ranges[kAUNBandEQParam_Gain + 1] ?? [], equals: [-96, 24, 0], "band gain −96…24 dB (0)")
            p.expect(ranges[kAUNBandEQParam_Bandwidth] ?? [], equals: [0.05, 5, 0.5], "bandwidth 0.05…5 octaves (0.5)")
            p.expect(ranges[kAUNBandEQParam_Frequency]?.first, equals: 20, "frequency from 20 Hz")
            p.expect(EffectUnitRig.value(unit, kAUNBandEQParam_BypassBand), equals: 1, "a band starts bypassed")

            let eq = AVAudioUnitEQ(numberOfBands: 3)
            p.expect(eq.bands.count == 3 && eq.bands.allSatisfy { $0.bypass && $0.filterType == .parametric && $0.gain == 0 },
                     "AVAudioUnitEQ's bands start bypassed, parametric, at 0 dB")
            eq.globalGain = 40
            p.expect(eq.globalGain, equals: 24, "a global gain of 40 dB is clamped to")
            eq.bands[1].bandwidth = 9
            p.expect(eq.bands[1].bandwidth, equals: 5, "a bandwidth of 9 octaves is clamped to")
            p.expect(AVAudioUnitEQFilterType.resonantHighShelf.rawValue, equals: 10, "resonantHighShelf's raw value")
            p.expect(!eq.bypass, "the EQ node itself is not bypassed")
            // A band switched on and cut by 24 dB at the tone's frequency takes it down by 24 dB.
            eq.bands[0].filterType = .parametric
            eq.bands[0].frequency = 1000
            eq.bands[0].bandwidth = 1
            eq.bands[0].gain = -24
            eq.bands[0].bypass = false
            eq.globalGain = 0
            let out = try EngineSignals.render(through: eq, EngineSignals.tone(frequency: 1000, seconds: 1), seconds: 1)
            let cut = decibels(EngineSignals.amplitude(out[24_000..<47_000], frequency: 1000, rate: 48_000))
            p.expect(abs(cut + 24) < 0.5, "a −24 dB band at 1 kHz: the tone falls by 24 dB (\(cut))")
        },
        BuiltInCheck(["ENGINE-EFFECT-REVERB-PARAMETERS"], "AUReverb2 publishes its seven parameters with Apple's ranges and defaults; the presets keep their raw values") { p in
            let unit = try EffectUnitRig.make(kAudioUnitType_Effect, kAudioUnitSubType_Reverb2)
            defer { _ = AudioComponentInstanceDispose(unit) }
            let published = try EffectUnitRig.parameters(unit)
            p.expect(published.map(\.id), equals: Array(0...6), "AUReverb2's parameter IDs")
            p.expect(published.map(\.defaultValue), equals: [100, 0, 0.008, 0.050, 1, 0.5, 1], "defaults")
            p.expect(published.map(\.minValue), equals: [0, -20, 0.0001, 0.0001, 0.001, 0.001, 1], "minimums")
            p.expect(published.map(\.maxValue), equals: [100, 20, 1, 1, 20, 20, 1000], "maximums")
            p.expect(AudioUnitSetParameter(unit, kReverb2Param_DryWetMix, kAudioUnitScope_Global, 0, 150, 0), equals: 0, "setting dry/wet 150")
            p.expect(EffectUnitRig.value(unit, kReverb2Param_DryWetMix), equals: 100, "dry/wet 150 is clamped to")
            p.expect(AVAudioUnitReverbPreset.largeHall2.rawValue == 12 && AVAudioUnitReverbPreset.plate.rawValue == 5
                     && AVAudioUnitReverbPreset.cathedral.rawValue == 8 && AVAudioUnitReverbPreset.smallRoom.rawValue == 0,
                     "AVAudioUnitReverbPreset raw values (smallRoom 0, plate 5, cathedral 8, largeHall2 12)")
            let reverb = AVAudioUnitReverb()
            reverb.loadFactoryPreset(.largeHall)
            var tail: Float64 = 0
            var size = UInt32(8)
            p.expect(AudioUnitGetProperty(reverb.audioUnit, kAudioUnitProperty_TailTime, kAudioUnitScope_Global, 0, &tail, &size), equals: 0, "reading TailTime")
            p.expect(tail > 2, "a large hall's tail is over 2 s (\(tail))")
        },
        BuiltInCheck(["ENGINE-EFFECT-DISTORTION-PARAMETERS"], "AUDistortion publishes sixteen parameters; preGain (14) −80…20 dB (−6) and wetDryMix (15) 0…100 (50); presets keep their raw values") { p in
            let unit = try EffectUnitRig.make(kAudioUnitType_Effect, kAudioUnitSubType_Distortion)
            defer { _ = AudioComponentInstanceDispose(unit) }
            let published = try EffectUnitRig.parameters(unit)
            p.expect(published.map(\.id), equals: Array(0...15), "AUDistortion's parameter IDs")
            p.expect(published.first { $0.id == kDistortionParam_SoftClipGain }?.range ?? [], equals: [-80, 20, -6], "soft-clip gain (preGain)")
            p.expect(published.first { $0.id == kDistortionParam_FinalMix }?.range ?? [], equals: [0, 100, 50], "final mix (wetDryMix)")
            p.expect(AVAudioUnitDistortionPreset.multiDistortedCubed.rawValue == 10 && AVAudioUnitDistortionPreset.speechWaves.rawValue == 21
                     && AVAudioUnitDistortionPreset.drumsBitBrush.rawValue == 0, "AVAudioUnitDistortionPreset raw values")
            let distortion = AVAudioUnitDistortion()
            distortion.loadFactoryPreset(.speechRadioTower)
            p.expect(distortion.wetDryMix, equals: 100, "speechRadioTower's final mix")
            p.expect(EffectUnitRig.value(distortion.audioUnit, kDistortionParam_FinalMix), equals: 100, "the unit's final mix after loading the preset")
        },
        BuiltInCheck(["ENGINE-EFFECT-TIMEPITCH-PARAMETERS"], "AUNewTimePitch publishes rate 1/32…32 (1), pitch −2400…2400 cents (0), overlap 3…32 (8), peak locking; rate clamps") { p in
            let unit = try EffectUnitRig.make(kAudioUnitType_FormatConverter, kAudioUnitSubType_NewTimePitch)
            defer { _ = AudioComponentInstanceDispose(unit) }
            let published = try EffectUnitRig.parameters(unit)
            p.expect(published.map(\.id), equals: [kNewTimePitchParam_Rate, kNewTimePitchParam_Pitch, kNewTimePitchParam_Overlap, kNewTimePitchParam_EnablePeakLocking], "AUNewTimePitch's parameter IDs")
            p.expect(published.map(\.range), equals: [[1.0 / 32, 32, 1], [-2400, 2400, 0], [3, 32, 8], [0, 1, 1]], "ranges and defaults")
            p.expect(AudioUnitSetParameter(unit, kNewTimePitchParam_Rate, kAudioUnitScope_Global, 0, 100, 0), equals: 0, "setting rate 100")
            p.expect(EffectUnitRig.value(unit, kNewTimePitchParam_Rate), equals: 32, "rate 100 is clamped to")
            let node = AVAudioUnitTimePitch()
            p.expect(node.rate == 1 && node.pitch == 0 && node.overlap == 8, "AVAudioUnitTimePitch starts at rate 1, pitch 0, overlap 8")
        },
        BuiltInCheck(["ENGINE-EFFECT-VARISPEED-PARAMETERS"], "AUVarispeed's playback rate 0.25…4 (1) and cents −2400…2400 (0) are one setting") { p in
            let unit = try EffectUnitRig.make(kAudioUnitType_FormatConverter, kAudioUnitSubType_Varispeed)
            defer { _ = AudioComponentInstanceDispose(unit) }
            let published = try EffectUnitRig.parameters(unit)
            p.expect(published.map(\.id), equals: [kVarispeedParam_PlaybackRate, kVarispeedParam_PlaybackCents], "AUVarispeed's parameter IDs")
            p.expect(published.map(\.range), equals: [[0.25, 4, 1], [-2400, 2400, 0]], "ranges and defaults")
            _ = AudioUnitSetParameter(unit, kVarispeedParam_PlaybackCents, kAudioUnitScope_Global, 0, -1200, 0)
            p.expect(EffectUnitRig.value(unit, kVarispeedParam_PlaybackRate), equals: 0.5, "−1200 cents is rate")
            _ = AudioUnitSetParameter(unit, kVarispeedParam_PlaybackRate, kAudioUnitScope_Global, 0, 2, 0)
            p.expect(EffectUnitRig.value(unit, kVarispeedParam_PlaybackCents), equals: 1200, "rate 2 is cents")
            _ = AudioUnitSetParameter(unit, kVarispeedParam_PlaybackRate, kAudioUnitScope_Global, 0, 10, 0)
            p.expect(EffectUnitRig.value(unit, kVarispeedParam_PlaybackRate), equals: 4, "rate 10 is clamped to")
            p.expect(AVAudioUnitVarispeed().rate, equals: 1, "AVAudioUnitVarispeed's initial rate")
        },
    ] }

    static var equalizer: [BuiltInCheck] { [
        BuiltInCheck(["ENGINE-EFFECT-EQ-PARAMETRIC"], "AUNBandEQ: one parametric band of +12 dB at 1 kHz lifts a 1 kHz tone four times; bypassing the effect restores it") { p in
            let rig = try EffectUnitRig(kAudioUnitType_Effect, kAudioUnitSubType_NBandEQ, configure: { unit in
                var bands: UInt32 = 1
                try check(AudioUnitSetProperty(unit, kAUNBandEQProperty_NumberOfBands, kAudioUnitScope_Global, 0, &bands, 4), "one band")
                try check(AudioUnitSetParameter(unit, kAUNBandEQParam_FilterType, kAudioUnitScope_Global, 0, Float(kAUNBandEQFilterType_Parametric), 0), "parametric")
                try check(AudioUnitSetParameter(unit, kAUNBandEQParam_Frequency, kAudioUnitScope_Global, 0, 1_000, 0), "1 kHz")
                try check(AudioUnitSetParameter(unit, kAUNBandEQParam_Bandwidth, kAudioUnitScope_Global, 0, 0.5, 0), "half an octave")
                try check(AudioUnitSetParameter(unit, kAUNBandEQParam_Gain, kAudioUnitScope_Global, 0, 12, 0), "+12 dB")
                try check(AudioUnitSetParameter(unit, kAUNBandEQParam_BypassBand, kAudioUnitScope_Global, 0, 0, 0), "band on")
                try check(AudioUnitInitialize(unit), "AudioUnitInitialize")
            }, source: EffectUnitRig.sine(1_000, 0.1))
            let lifted = toneAmplitude(try rig.render(44_100)[22_050...], frequency: 1_000, rate: 44_100)
            p.expect(abs(lifted - 0.1 * pow(10, 12.0 / 20)) < 0.01, "+12 dB: 0.1 becomes 0.398 (\(lifted))")
            var one: UInt32 = 1
            try check(AudioUnitSetProperty(rig.unit, kAudioUnitProperty_BypassEffect, kAudioUnitScope_Global, 0, &one, 4), "BypassEffect")
            let bypassed = toneAmplitude(try rig.render(8_192)[...], frequency: 1_000, rate: 44_100)
            p.expect(abs(bypassed - 0.1) < 0.002, "bypassed: the tone at 0.1 again (\(bypassed))")
        },
        BuiltInCheck(["ENGINE-EFFECT-EQ-LOWPASS"], "an AVAudioUnitEQ low-pass band at 1 kHz is −3 dB at 1 kHz, flat at 100 Hz, −12 dB an octave up and about −40 dB at 10 kHz") { p in
            func gain(at frequency: Double) throws -> Double {
                let eq = AVAudioUnitEQ(numberOfBands: 1)
                eq.bands[0].filterType = .lowPass
                eq.bands[0].frequency = 1000
                eq.bands[0].bypass = false
                let out = try EngineSignals.render(through: eq, EngineSignals.tone(frequency: frequency, seconds: 1), seconds: 0.3)
                return decibels(EngineSignals.amplitude(out[4_800..<14_400], frequency: frequency, rate: 48_000))
            }
            let (low, corner, octave, decade) = (try gain(at: 100), try gain(at: 1000), try gain(at: 2000), try gain(at: 10_000))
            p.expect(abs(low) < 0.1, "100 Hz passes (\(low) dB)")
            p.expect(abs(corner + 3.01) < 0.2, "−3 dB at the 1 kHz corner (\(corner) dB)")
            p.expect(abs(octave + 12.3) < 0.5, "−12 dB an octave above (\(octave) dB)")
            // Analog −40 dB/decade; the bilinear transform pulls 10 kHz a little lower at 48 kHz.
            p.expect(decade < -40 && decade > -44, "about −40 dB a decade above (\(decade) dB)")
        },
        BuiltInCheck(["ENGINE-EFFECT-EQ-BYPASS"], "AUNBandEQ's bypassed bands (the default), even at +18 dB, pass the signal bit for bit, and again once a band is switched on and off") { p in
            let input: (Int) -> Float = { frame in Float(sin(Double(frame) * 0.37)) * 0.8 + Float(frame % 7) * 0.01 }
            let rig = try EffectUnitRig(kAudioUnitType_Effect, kAudioUnitSubType_NBandEQ, configure: { unit in
                var bands: UInt32 = 4
                try check(AudioUnitSetProperty(unit, kAUNBandEQProperty_NumberOfBands, kAudioUnitScope_Global, 0, &bands, 4), "four bands")
                for band in 0..<UInt32(4) {
                    try check(AudioUnitSetParameter(unit, kAUNBandEQParam_Gain + band, kAudioUnitScope_Global, 0, 18, 0), "+18 dB")
                    try check(AudioUnitSetParameter(unit, kAUNBandEQParam_FilterType + band, kAudioUnitScope_Global, 0, Float(band), 0), "filter type")
                }
                try check(AudioUnitInitialize(unit), "AudioUnitInitialize")
            }, source: input)
            let passed = try rig.render(4_608)
            p.expect(passed == (0..<4_608).map(input), "bypassed bands pass the input bit for bit")
            try check(AudioUnitSetParameter(rig.unit, kAUNBandEQParam_BypassBand, kAudioUnitScope_Global, 0, 0, 0), "band 0 on")
            let shaped = try rig.render(4_608)
            p.expect(shaped != (4_608..<9_216).map(input), "a band switched on changes the signal")
            try check(AudioUnitSetParameter(rig.unit, kAUNBandEQParam_BypassBand, kAudioUnitScope_Global, 0, 1, 0), "band 0 off")
            let after = try rig.render(4_608)
            p.expect(Array(after[512...]) == (9_728..<13_824).map(input), "after the crossfade the signal passes bit for bit again")
        },
    ] }

    static var delayReverbDistortion: [BuiltInCheck] { [
        BuiltInCheck(["ENGINE-EFFECT-DELAY-ECHOES"], "AVAudioUnitDelay (wet 100 % by default) plays a click back after delayTime (0.1 s: frame 4,800)") { p in
            let delay = AVAudioUnitDelay()
            p.expect(delay.wetDryMix == 100 && delay.delayTime == 1 && delay.feedback == 50 && delay.lowPassCutoff == 15_000,
                     "AVAudioUnitDelay's defaults: wet 100, 1 s, feedback 50, cutoff 15 kHz")
            delay.delayTime = 0.1
            delay.feedback = 0
            delay.lowPassCutoff = 20_000
            let click = AVAudioPCMBuffer(pcmFormat: EngineSignals.mono48, frameCapacity: 1)!
            click.frameLength = 1
            click.floatChannelData![0][0] = 1
            let out = try EngineSignals.render(through: delay, click, seconds: 0.3)
            let loudest: Int = out.indices.max { (a: Int, b: Int) -> Bool in abs(out[a]) < abs(out[b]) } ?? -1
            p.expect(abs(loudest - 4_800) <= 2, "the echo at frame 4,800 (\(loudest))")
            p.expect(EngineSignals.peak(out[..<4_700]) < 0.01, "fully wet: nothing before the echo")
        },
        BuiltInCheck(["ENGINE-EFFECT-DELAY-ECHOES"], "AUDelay, fully wet with feedback 50, repeats an impulse every 0.1 s, each echo half the one before") { p in
            let rig = try EffectUnitRig(kAudioUnitType_Effect, kAudioUnitSubType_Delay, configure: { unit in
                try check(AudioUnitSetParameter(unit, kDelayParam_WetDryMix, kAudioUnitScope_Global, 0, 100, 0), "wet 100")
                try check(AudioUnitSetParameter(unit, kDelayParam_DelayTime, kAudioUnitScope_Global, 0, 0.1, 0), "0.1 s")
                try check(AudioUnitSetParameter(unit, kDelayParam_Feedback, kAudioUnitScope_Global, 0, 50, 0), "feedback 50")
                try check(AudioUnitSetParameter(unit, kDelayParam_LopassCutoff, kAudioUnitScope_Global, 0, 22_050, 0), "cutoff open")
                try check(AudioUnitInitialize(unit), "AudioUnitInitialize")
            }, source: { $0 == 0 ? 1 : 0 })
            let output = try rig.render(17_920)
            p.expect(output[..<4_400].allSatisfy { abs($0) < 0.01 }, "fully wet: the dry impulse is gone")
            // The sum around each echo (its area: the low-pass keeps DC gain 1).
            let echoes = (1...3).map { n in output[(n * 4_410 - 8)...(n * 4_410 + 24)].reduce(0.0) { $0 + Double($1) } }
            p.expect(abs(echoes[0] - 1) < 0.02 && abs(echoes[1] - 0.5) < 0.02 && abs(echoes[2] - 0.25) < 0.02,
                     "echoes at 0.1, 0.2, 0.3 s of 1, 0.5, 0.25 (\(echoes))")
            p.expect(EffectUnitRig.value(rig.unit, kDelayParam_DelayTime), equals: 0.1, "the delay time reads back")
        },
        BuiltInCheck(["ENGINE-EFFECT-REVERB-TAIL"], "AVAudioUnitReverb rings on after the input stops and fades; engine.reset() clears the tail") { p in
            let reverb = AVAudioUnitReverb()
            reverb.loadFactoryPreset(.cathedral)
            reverb.wetDryMix = 100
            let out = try EngineSignals.render(through: reverb, EngineSignals.tone(frequency: 500, seconds: 0.25), seconds: 1)
            let tail = EngineSignals.peak(out[14_400..<19_200])
            p.expect(tail > 0.01, "the tail 50–150 ms after the tone ends is audible (\(tail))")
            p.expect(EngineSignals.peak(out[40_000...]) < tail, "the tail fades")
            let engine = try EngineSignals.offlineEngine(format: EngineSignals.mono48)
            let player = AVAudioPlayerNode()
            let room = AVAudioUnitReverb()
            room.wetDryMix = 100
            engine.attach(player)
            engine.attach(room)
            engine.connect(player, to: room, format: EngineSignals.mono48)
            engine.connect(room, to: engine.mainMixerNode, format: EngineSignals.mono48)
            player.scheduleBuffer(EngineSignals.tone(frequency: 500, seconds: 0.25))
            try engine.start()
            player.play()
            _ = try EngineSignals.renderOffline(engine, seconds: 0.3)
            engine.reset()
            let after = try EngineSignals.renderOffline(engine, seconds: 0.1)
            p.expect(EngineSignals.peak(EngineSignals.samples(after, channel: 0)[...]), equals: 0, "the peak after engine.reset()")
        },
        BuiltInCheck(["ENGINE-EFFECT-DISTORTION-PRESETS"], "AVAudioUnitDistortion starts with preGain −6 dB and 50 % wet; loading multiDistortedCubed adds a cubic shaper's third harmonic") { p in
            let distortion = AVAudioUnitDistortion()
            p.expect(distortion.preGain == -6 && distortion.wetDryMix == 50, "preGain −6 dB and wetDryMix 50 at first")
            distortion.loadFactoryPreset(.multiDistortedCubed)
            distortion.wetDryMix = 100
            let out = try EngineSignals.render(through: distortion, EngineSignals.tone(frequency: 500, seconds: 1), seconds: 0.5, loops: true)
            let third = EngineSignals.amplitude(out[4_800...], frequency: 1500, rate: 48_000)
            p.expect(third > 0.005, "the third harmonic of 500 Hz (\(third))")
        },
        BuiltInCheck(["ENGINE-EFFECT-DISTORTION-HARMONICS"], "a 500 Hz sine through AVAudioUnitDistortion gains harmonics: none dry, strong at the preset's pre-gain, fewer at −30 dB pre-gain") { p in
            /// The level of the 2nd to 5th harmonics against the fundamental, in dB.
            func harmonics(wet: Float, preGain: Float? = nil, preset: AVAudioUnitDistortionPreset = .multiDistortedCubed) throws -> Double {
                let distortion = AVAudioUnitDistortion()
                distortion.loadFactoryPreset(preset)
                distortion.wetDryMix = wet
                if let preGain { distortion.preGain = preGain }
                let out = try EngineSignals.render(through: distortion, EngineSignals.tone(frequency: 500, seconds: 1), seconds: 0.3, loops: true)
                let window = out[4_800..<14_400]
                let fundamental = EngineSignals.amplitude(window, frequency: 500, rate: 48_000)
                let power = (2...5).map { (harmonic: Int) -> Double in
                    let amplitude = EngineSignals.amplitude(window, frequency: 500 * Double(harmonic), rate: 48_000)
                    return amplitude * amplitude
                }.reduce(0, +)
                return 10 * log10(max(power, 1e-30) / (fundamental * fundamental))
            }
            let dry = try harmonics(wet: 0)
            let cubed = try harmonics(wet: 100)
            let gentle = try harmonics(wet: 100, preGain: -30)
            p.expect(dry < -100, "dry: no harmonics (\(dry) dB)")
            p.expect(cubed > -20, "multiDistortedCubed fully wet: harmonics above −20 dB (\(cubed) dB)")
            p.expect(gentle < cubed - 10, "−30 dB pre-gain: harmonics over 10 dB lower (\(gentle) dB vs \(cubed) dB)")
        },
    ] }

    static var timeEffects: [BuiltInCheck] { [
        BuiltInCheck(["ENGINE-EFFECT-VARISPEED-RATE"], "AVAudioUnitVarispeed at rate 2 plays a 440 Hz tone at 880 Hz in half the time") { p in
            let varispeed = AVAudioUnitVarispeed()
            varispeed.rate = 2
            let out = try EngineSignals.render(through: varispeed, EngineSignals.tone(frequency: 440, seconds: 1), seconds: 1)
            let measured = EngineSignals.frequency(out[4_800..<20_000], around: 880)
            p.expect(abs(measured - 880) < 3, "an octave up: 880 Hz (\(measured))")
            p.expect(EngineSignals.peak(out[25_000...]) < 0.01, "the second of input lasted half a second")
        },
        BuiltInCheck(["ENGINE-EFFECT-VARISPEED-RATE"], "AUVarispeed at rate 2 plays a 500 Hz tone as 1 kHz, consuming input twice as fast") { p in
            let varispeed = try EffectUnitRig(kAudioUnitType_FormatConverter, kAudioUnitSubType_Varispeed, configure: { unit in
                try check(AudioUnitSetParameter(unit, kVarispeedParam_PlaybackRate, kAudioUnitScope_Global, 0, 2, 0), "rate 2")
                try check(AudioUnitInitialize(unit), "AudioUnitInitialize")
            }, source: EffectUnitRig.sine(500))
            let faster = toneAmplitude(try varispeed.render(44_100)[22_050...], frequency: 1_000, rate: 44_100)
            p.expect(abs(faster - 0.5) < 0.05, "the tone at 1 kHz, level 0.5 (\(faster))")
            // 87 slices of 512 output frames: twice that input, give or take the resampler's look-ahead.
            p.expect(abs(varispeed.consumed - 2 * 44_544) < 2_048, "pulled twice the input: \(varispeed.consumed) frames for 44,544")
        },
        BuiltInCheck(["ENGINE-EFFECT-TIMEPITCH-PITCH"], "AVAudioUnitTimePitch at +1200 cents plays a 440 Hz tone at 880 Hz") { p in
            let timePitch = AVAudioUnitTimePitch()
            timePitch.pitch = 1200
            let out = try EngineSignals.render(through: timePitch, EngineSignals.tone(frequency: 440, seconds: 1), seconds: 1, loops: true)
            let measured = EngineSignals.frequency(out[12_000..<36_000], around: 880)
            p.expect(abs(measured - 880) < 4, "an octave up: 880 Hz (\(measured))")
        },
        BuiltInCheck(["ENGINE-EFFECT-TIMEPITCH-PITCH", "ENGINE-EFFECT-TIMEPITCH-RATE"], "AUNewTimePitch: +1200 cents raises a 500 Hz tone an octave taking input at the same pace; rate 2 keeps 500 Hz and takes twice the input") { p in
            func rig(_ parameter: AudioUnitParameterID, _ value: Float) throws -> EffectUnitRig {
                try EffectUnitRig(kAudioUnitType_FormatConverter, kAudioUnitSubType_NewTimePitch, configure: { unit in
                    try check(AudioUnitSetParameter(unit, parameter, kAudioUnitScope_Global, 0, value, 0), "parameter \(parameter)")
                    try check(AudioUnitInitialize(unit), "AudioUnitInitialize")
                }, source: EffectUnitRig.sine(500))
            }
            let pitch = try rig(kNewTimePitchParam_Pitch, 1_200)
            let higher = try pitch.render(44_544)[22_050...]
            p.expect(toneAmplitude(higher, frequency: 1_000, rate: 44_100) > 0.3, "+1200 cents: 1 kHz is loud")
            p.expect(toneAmplitude(higher, frequency: 500, rate: 44_100) < 0.05, "+1200 cents: 500 Hz is gone")
            let pace = Double(pitch.consumed) / 44_544
            p.expect(pace > 0.95 && pace < 1.15, "+1200 cents keeps the duration: input per output \(pace)")
            let rate = try rig(kNewTimePitchParam_Rate, 2)
            let faster = try rate.render(44_544)[22_050...]
            p.expect(toneAmplitude(faster, frequency: 500, rate: 44_100) > 0.3, "rate 2 keeps the pitch: 500 Hz is loud")
            p.expect(toneAmplitude(faster, frequency: 1_000, rate: 44_100) < 0.05, "rate 2 does not raise it an octave")
            let speed = Double(rate.consumed) / 44_544
            p.expect(speed > 1.95 && speed < 2.15, "rate 2 halves the duration: input per output \(speed)")
        },
    ] }
}
