import AudioGraph
import CoreAudioTypes
import SimCore

/// Everything RemoteIO's render side uses, allocated on the control side when the unit starts
/// or the hardware changes: client-format buffers, the time stamp and flags handed to callbacks
/// (raw memory, so a callback that calls back into the unit never overlaps a Swift access), the
/// captured input, and libsoxr converters when the client rate is not the hardware's.
final class RemoteIORenderState {
    let clientOutput: AudioStreamBasicDescription
    let clientInput: AudioStreamBasicDescription
    /// Hardware frames one cycle can bring.
    let hardwareCapacity: Int
    let outputBuffers: OwnedBufferList
    let captureBuffers: OwnedBufferList
    let timeStamp: UnsafeMutablePointer<AudioTimeStamp>
    let flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>
    /// The captured input (mono, client rate) this cycle, for `AudioUnitRender` on bus 1.
    let captured: UnsafeMutablePointer<Float>
    let capturedCapacity: Int
    var capturedFrames = 0
    /// This cycle's microphone at the hardware rate, where voice processing works on it.
    let microphone: UnsafeMutablePointer<Float>
    /// Client-rate output converted to the hardware rate, one channel per client channel.
    let outputStage: UnsafeMutablePointer<Float>
    /// Client rate → hardware rate, fed what each cycle's render callback returned; nil at equal rates.
    let outputConverter: SampleRateConverter?
    /// How long the output still has to play after the client's last frame was pulled: what the
    /// rate converter holds (it is primed to hold a few cycles) at the hardware rate.
    var heldOutput: HostDuration {
        HostDuration(nanoseconds: Int64(outputConverter?.availableFrames ?? 0) * 1_000_000_000 / Int64(max(1, hardwareRate)))
    }
    /// The most client frames one render callback is asked for.
    let pullFrames: Int
    /// Hardware rate → client rate, one IO buffer (`inputChunk`) at a time.
    let inputConverter: SampleRateConverter?
    let inputChunk: Int
    let hardwareRate: Int
    /// Hardware frames rendered since the state was made: where the client clocks stand.
    var hardwareFrames: Int64 = 0
    /// The IO frame of the cycle being rendered (what a MusicPlayer driven by this unit's render
    /// notifications turns into a host time; the time stamps may start at zero instead).
    var cycleIOFrame: Int64 = 0
    var outputSampleTime: Int64 = 0
    var inputSampleTime: Int64 = 0

    init(clientOutput: AudioStreamBasicDescription, clientInput: AudioStreamBasicDescription,
         hardware: RemoteIOUnit.HardwareSnapshot, maximumFramesPerSlice: Int) {
        self.clientOutput = clientOutput
        self.clientInput = clientInput
        hardwareCapacity = max(4096, hardware.ioBufferFrames)
        self.hardwareRate = hardware.sampleRate
        let hardwareRate = SampleRate(framesPerSecond: Int64(hardware.sampleRate))
        let outputRate = Self.rate(clientOutput.mSampleRate)
        let inputRate = Self.rate(clientInput.mSampleRate)
        // The converters hold a few cycles (primed with silence), so each cycle's callbacks get
        // exactly the client clock's share of the IO buffer and the hardware still gets whole buffers.
        let converterFrames = 4 * hardwareCapacity
        if outputRate != hardwareRate {
            pullFrames = Int((Double(hardware.ioBufferFrames) * outputRate.hertz / hardwareRate.hertz).rounded(.up))
            let converter = SampleRateConverter(channelCount: clientOutput.channelCount, from: outputRate, to: hardwareRate,
                                                maxReadFrames: converterFrames, chunkFrames: pullFrames)
            converter.prime(toHold: 2 * hardware.ioBufferFrames)
            outputConverter = converter
        } else {
            pullFrames = hardware.ioBufferFrames
            outputConverter = nil
        }
        inputChunk = hardware.ioBufferFrames
        if inputRate != hardwareRate {
            let converter = SampleRateConverter(channelCount: 1, from: hardwareRate, to: inputRate, maxReadFrames: converterFrames,
                                                chunkFrames: inputChunk)
            converter.prime(toHold: 2 * Int((Double(inputChunk) * inputRate.hertz / hardwareRate.hertz).rounded(.up)))
            inputConverter = converter
        } else {
            inputConverter = nil
        }
        let clientCapacity = max(maximumFramesPerSlice, pullFrames)
        outputBuffers = OwnedBufferList(format: clientOutput, capacity: clientCapacity)
        capturedCapacity = 2 * hardwareCapacity * max(1, Int((inputRate.hertz / hardwareRate.hertz).rounded(.up)))
        captureBuffers = OwnedBufferList(format: clientInput, capacity: capturedCapacity)
        microphone = .allocate(capacity: hardwareCapacity)
        microphone.initialize(repeating: 0, count: hardwareCapacity)
        captured = .allocate(capacity: capturedCapacity)
        captured.initialize(repeating: 0, count: capturedCapacity)
        let stageCount = hardwareCapacity * clientOutput.channelCount
        outputStage = .allocate(capacity: stageCount)
        outputStage.initialize(repeating: 0, count: stageCount)
        timeStamp = .allocate(capacity: 1)
        timeStamp.initialize(to: AudioTimeStamp())
        flags = .allocate(capacity: 1)
        flags.initialize(to: [])
    }

    deinit {
        captured.deallocate()
        microphone.deallocate()
        outputStage.deallocate()
        timeStamp.deallocate()
        flags.deallocate()
    }

    /// Rates are whole hertz here; a fractional client rate is rounded.
    private static func rate(_ hertz: Double) -> SampleRate {
        SampleRate(framesPerSecond: Int64(hertz.rounded()))
    }

    /// How many client frames at `clientRate` one cycle of `frames` hardware frames carries: the
    /// client clock's share of it, whole frames, so the counts vary by one (1,024 hardware
    /// frames at 48 kHz give 341, 341, 342 … at 16 kHz) and never drift from the hardware clock.
    /// The same for every cycle when the rates are equal or divide evenly.
    func clientFrames(ofCycle frames: Int, clientRate: Int) -> Int {
        let (rate, start) = (Int64(hardwareRate), hardwareFrames)
        return Int(((start + Int64(frames)) * Int64(clientRate)) / rate - (start * Int64(clientRate)) / rate)
    }

    /// Stamps `sampleTime` (valid sample time only) and clears the flags for the next callback.
    func stamp(_ sampleTime: Int64) {
        timeStamp.pointee = AudioTimeStamp()
        timeStamp.pointee.mSampleTime = Float64(sampleTime)
        timeStamp.pointee.mFlags = .sampleTimeValid
        flags.pointee = []
    }
}
