import Foundation
import AVFAudio
import AudioToolbox
import SimCore
import Soundcheck

/// MIDI scheduled on an instrument node of an engine that the simulated device pulls (not an
/// offline render): where the note lands at the speaker port, and when a SysEx takes effect.
enum EngineMIDIChecks {
    static var all: [BuiltInCheck] { [scheduledNoteAtThePort] }

    /// The app's view of the block: a node sample time the render already reached, and the IO
    /// frame that sample time played at (its host time's frame on the device's IO clock).
    ///
    /// AUv3 sample times are the node's frame count; a running engine's node sample time and the
    /// device's IO frames advance together, one IO buffer per render, so a time `n` samples after
    /// `lastRenderTime` plays `n` frames after that render's first IO frame.
    static var scheduledNoteAtThePort: BuiltInCheck { BuiltInCheck(["MIDI-AU-SAMPLE-OFFSET"], "on the device, a note-on scheduled through a running engine's sampler at lastRenderTime + 4,800 samples starts at the speaker port on exactly that IO frame; a GM System On SysEx sent through the block for a later sample time silences the note at once (within one IO buffer and the 30 ms release), not at its sample time") { p in
        let device = try p.device()
        let (engine, sampler) = try device.launch("Synth", backgroundAudio: true) { () throws -> (AVAudioEngine, AVAudioUnitSampler) in
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
            let engine = AVAudioEngine()
            let sampler = AVAudioUnitSampler()
            engine.attach(sampler)
            // At the hardware's rate (the sampler's own default is 44.1 kHz): node samples are IO frames.
            engine.connect(sampler, to: engine.mainMixerNode, format: engine.outputNode.outputFormat(forBus: 0))
            try engine.start()
            return (engine, sampler)
        }
        defer { engine.stop() }
        _ = device.advance(by: .milliseconds(50))
        let clock = try p.require(device.server.ioClock, "the device's IO clock")
        let ioRate = Double(device.server.currentHardware.sampleRate)
        let ioBuffer = Int(device.run(as: "Synth") { AVAudioSession.sharedInstance().ioBufferDuration } * ioRate)
        let schedule = try p.require(sampler.auAudioUnit.scheduleMIDIEventBlock, "the sampler's scheduleMIDIEventBlock")
        func renderedFrame() throws -> (sampleTime: Int64, ioFrame: Int64) {
            let time = try p.require(sampler.lastRenderTime, "the running sampler's lastRenderTime")
            try p.require(time.isHostTimeValid && time.sampleRate == ioRate,
                          "a render time with a host time (\(time.isHostTimeValid)), at the device's \(ioRate) Hz (\(time.sampleRate))")
            return (time.sampleTime, clock.frame(at: HostTime(nanoseconds: Int64(time.hostTime))))
        }

        let rendered = try renderedFrame()
        let noteOn: [UInt8] = [0x90, 69, 127]
        device.run(as: "Synth") { schedule(rendered.sampleTime + 4_800, 0, noteOn.count, noteOn) }
        _ = device.advance(by: .milliseconds(200))
        let speaker = try p.require(device.sink("Speaker")?.samples(channel: 1), "the speaker's samples")
        let onset = speaker.firstIndex { $0 != 0 }
        p.expect(onset, equals: Int(rendered.ioFrame) + 4_800, "the note's first sample at the speaker (IO frame)")

        // GM System On (F0 7E 7F 09 01 F7) stamped 9,600 samples ahead releases every note now.
        let sysEx: [UInt8] = [0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7]
        let before = try renderedFrame()
        let sentFrame = Int(device.server.ioFrameNow)
        device.run(as: "Synth") { schedule(before.sampleTime + 9_600, 0, sysEx.count, sysEx) }
        _ = device.advance(by: .milliseconds(250))
        let after = try p.require(device.sink("Speaker")?.samples(channel: 1), "the speaker's samples")
        let stamped = Int(before.ioFrame) + 9_600
        let release = Int(0.03 * ioRate)
        try p.require(after.count > stamped + ioBuffer, "the run reached past the SysEx's sample time")
        p.expect(after[(sentFrame - ioBuffer - 480)..<(sentFrame - ioBuffer)].contains { $0 != 0 }, "the note sounds until the SysEx is sent")
        p.expect(after[(sentFrame + ioBuffer + release)..<(stamped + ioBuffer)].allSatisfy { $0 == 0 },
                 "silent from one IO buffer and the release after sending (frame \(sentFrame + ioBuffer + release)), before its sample time (frame \(stamped))")
    } }
}
