import AudioGraph
import Foundation
import AudioToolbox

/// `AVAudioUnitMIDIInstrument`: a node wrapping a music device (no input bus, one output bus),
/// played by MIDI sent through its methods. Each message reaches the instrument as a
/// `MusicDeviceMIDIEvent` with offset 0 would: it takes effect at the first frame of the node's
/// next render. The only music device the simulation has is Apple's AUSampler; a node made
/// with any other description accepts MIDI and stays silent (on Apple platforms an unknown
/// component raises an Objective-C exception instead, which a Swift app cannot catch).
open class AVAudioUnitMIDIInstrument: AVAudioUnit, AVAudioMixing, @unchecked Sendable {
    /// The voices, for the descriptions the simulation has.
    let instrument: SamplerKernel?
    private var mixing = MixingSettings()
    public var volume: Float { get { mixing.volume } set { mixing.volume = newValue } }
    public var pan: Float { get { mixing.pan } set { mixing.pan = newValue } }
    override var mixingVolume: Float { mixing.volume }
    override var mixingPan: Float { mixing.pan }

    public init(audioComponentDescription description: AudioComponentDescription) {
        let isSampler = description.componentType == kAudioUnitType_MusicDevice && description.componentSubType == kAudioUnitSubType_Sampler
        let kernel = SamplerKernel()
        instrument = isSampler ? kernel : nil
        super.init(description: description, name: isSampler ? "AUSampler" : "", kernel: kernel, inputs: 0)
    }

    /// An instrument has no input: its output keeps its own format.
    override var outputFollowsInput: Bool { false }

    public override func reset() {
        instrument?.reset()
        schedule.removeAll()
    }

    /// MIDI scheduled at sample times through `auAudioUnit.scheduleMIDIEventBlock`.
    private var schedule = MIDIEventSchedule()

    /// Renders the cycle in pieces split at the scheduled events due in it, so each takes effect
    /// on its exact frame (`nodeFrames` is the sample time of the cycle's first frame).
    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        guard let instrument else { return output.clear(frames: frames) }
        var rendered = 0
        while let (offset, event) = schedule.next(start: nodeFrames, frames: frames) {
            if offset > rendered {
                instrument.render(into: output.channels, channelCount: output.channelCount, start: rendered, frameCount: offset - rendered)
                rendered = offset
            }
            instrument.handle(status: event.status, data1: event.data1, data2: event.data2)
        }
        instrument.render(into: output.channels, channelCount: output.channelCount, start: rendered, frameCount: frames - rendered)
    }

    /// Queues `length` bytes of complete MIDI 1.0 messages at `sampleTime` (a System Exclusive
    /// message takes effect at once: the sampler acts only on General MIDI System On).
    func scheduleMIDIEvent(at sampleTime: AUEventSampleTime, length: Int, bytes: UnsafePointer<UInt8>) {
        guard let instrument else { return }
        var index = 0
        while index < length {
            let status = bytes[index]
            if status == 0xF0 {
                return instrument.handle(sysEx: UnsafeBufferPointer(start: bytes + index, count: length - index))
            }
            let size = Self.messageLength(status)
            guard status & 0x80 != 0, index + size <= length else { return }
            _ = schedule.insert(.init(time: sampleTime, status: status, data1: size > 1 ? bytes[index + 1] & 0x7F : 0,
                                      data2: size > 2 ? bytes[index + 2] & 0x7F : 0))
            index += size
        }
    }

    /// Queues one channel message at `sampleTime` (a sequencer's event in the coming render).
    func scheduleSequencedEvent(at sampleTime: AUEventSampleTime, status: UInt8, data1: UInt8, data2: UInt8) {
        guard instrument != nil else { return }
        _ = schedule.insert(.init(time: sampleTime, status: status, data1: data1, data2: data2))
    }

    /// The length of a MIDI 1.0 message starting with `status`.
    private static func messageLength(_ status: UInt8) -> Int {
        switch status {
        case 0x80...0xBF, 0xE0...0xEF, 0xF2: 3
        case 0xC0...0xDF, 0xF1, 0xF3: 2
        default: 1
        }
    }

    override func makeAUAudioUnit(_ unit: AudioUnit) -> AUAudioUnit { InstrumentAUAudioUnit(audioUnit: unit, node: self) }

    // MARK: MIDI

    /// A note-on; velocity 0 is a note-off.
    public func startNote(_ note: UInt8, withVelocity velocity: UInt8, onChannel channel: UInt8) {
        sendMIDIEvent(0x90 | channel & 0x0F, data1: note, data2: velocity)
    }

    public func stopNote(_ note: UInt8, onChannel channel: UInt8) {
        sendMIDIEvent(0x80 | channel & 0x0F, data1: note, data2: 0)
    }

    public func sendController(_ controller: UInt8, withValue value: UInt8, onChannel channel: UInt8) {
        sendMIDIEvent(0xB0 | channel & 0x0F, data1: controller, data2: value)
    }

    /// `pitchbend` is 14-bit, 0 … 16383, 8192 the centre.
    public func sendPitchBend(_ pitchbend: UInt16, onChannel channel: UInt8) {
        sendMIDIEvent(0xE0 | channel & 0x0F, data1: UInt8(pitchbend & 0x7F), data2: UInt8(pitchbend >> 7 & 0x7F))
    }

    /// Channel pressure (aftertouch).
    public func sendPressure(_ pressure: UInt8, onChannel channel: UInt8) {
        sendMIDIEvent(0xD0 | channel & 0x0F, data1: pressure)
    }

    /// Polyphonic key pressure.
    public func sendPressure(forKey key: UInt8, withValue value: UInt8, onChannel channel: UInt8) {
        sendMIDIEvent(0xA0 | channel & 0x0F, data1: key, data2: value)
    }

    public func sendProgramChange(_ program: UInt8, onChannel channel: UInt8) {
        sendMIDIEvent(0xC0 | channel & 0x0F, data1: program)
    }

    /// Bank select (controllers 0 and 32), then the program change.
    public func sendProgramChange(_ program: UInt8, bankMSB: UInt8, bankLSB: UInt8, onChannel channel: UInt8) {
        sendController(0, withValue: bankMSB, onChannel: channel)
        sendController(32, withValue: bankLSB, onChannel: channel)
        sendProgramChange(program, onChannel: channel)
    }

    public func sendMIDIEvent(_ midiStatus: UInt8, data1: UInt8, data2: UInt8) {
        instrument?.handle(status: midiStatus, data1: data1 & 0x7F, data2: data2 & 0x7F)
    }

    public func sendMIDIEvent(_ midiStatus: UInt8, data1: UInt8) {
        sendMIDIEvent(midiStatus, data1: data1, data2: 0)
    }

    /// A complete System Exclusive message, F0 through F7 (AUSampler acts on General MIDI
    /// System On; others are accepted and ignored).
    public func sendMIDISysExEvent(_ midiData: Data) {
        guard let instrument else { return }
        midiData.withUnsafeBytes { instrument.handle(sysEx: $0.bindMemory(to: UInt8.self)) }
    }
}

/// The instrument node's `auAudioUnit`: its `scheduleMIDIEventBlock` queues MIDI on the node,
/// to be applied on the exact frame of its sample time in the render that covers it.
final class InstrumentAUAudioUnit: AUAudioUnitV2Bridge, @unchecked Sendable {
    private weak var node: AVAudioUnitMIDIInstrument?

    init(audioUnit: AudioUnit, node: AVAudioUnitMIDIInstrument) {
        self.node = node
        super.init(audioUnit: audioUnit)
    }

    override var scheduleMIDIEventBlock: AUScheduleMIDIEventBlock? {
        { [weak node] sampleTime, _, length, bytes in node?.scheduleMIDIEvent(at: sampleTime, length: length, bytes: bytes) }
    }
}
