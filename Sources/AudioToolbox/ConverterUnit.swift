import AudioGraph
import CoreAudioTypes
import SimCore

/// `kAudioUnitSubType_AUConverter`: one input, one output, converting sample format, rate
/// (libsoxr, pulling the input in fixed chunks so the result does not depend on how the output
/// is sliced) and channel count (mono to every channel, several to mono by averaging, otherwise
/// channel for channel with the rest silent).
final class ConverterUnit: ProcessingUnit {
    /// Input frames per pull when converting rates.
    static let chunkFrames = 256
    private var converter: SampleRateConverter?
    private var stage: UnsafeMutablePointer<Float>?
    private var stageStride = 0
    private var pullTime: UnsafeMutablePointer<AudioTimeStamp>?
    private var inputSampleTime: Int64 = 0

    init(component: RegisteredComponent) {
        super.init(component: component, inputBuses: 1)
    }

    deinit { releaseStage() }

    private var convertsRate: Bool { inputFormats[0].mSampleRate.rounded() != outputFormat.mSampleRate.rounded() }

    override func inputCapacity(forOutput frames: Int) -> Int { max(frames, Self.chunkFrames) }

    override func prepareKind(_ resources: ProcessingResources) throws(AUError) {
        releaseStage()
        inputSampleTime = 0
        let channels = inputFormats[0].channelCount
        stageStride = resources.outputFrames
        stage = .allocate(capacity: channels * stageStride)
        stage?.initialize(repeating: 0, count: channels * stageStride)
        pullTime = .allocate(capacity: 1)
        pullTime?.initialize(to: AudioTimeStamp())
        converter = convertsRate
            ? SampleRateConverter(channelCount: channels, from: Self.rate(inputFormats[0].mSampleRate), to: Self.rate(outputFormat.mSampleRate),
                                  maxReadFrames: resources.outputFrames, chunkFrames: Self.chunkFrames)
            : nil
    }

    override func deallocateResources() {
        super.deallocateResources()
        releaseStage()
        converter = nil
    }

    override func resetState() {
        guard isInitialized, let resources else { return }
        try? prepareKind(resources)
    }

    private func releaseStage() {
        stage?.deallocate()
        stage = nil
        pullTime?.deallocate()
        pullTime = nil
    }

    private static func rate(_ hertz: Double) -> SampleRate { SampleRate(framesPerSecond: Int64(hertz.rounded())) }

    override func process(_ frames: Int, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                          _ timeStamp: UnsafePointer<AudioTimeStamp>, _ resources: ProcessingResources) -> OSStatus {
        guard let stage, let pullTime else { return kAudioUnitErr_Uninitialized }
        let channels = inputFormats[0].channelCount
        if let converter {
            while converter.needsInput(toRead: frames) {
                pullTime.pointee = AudioTimeStamp()
                pullTime.pointee.mSampleTime = Float64(inputSampleTime)
                pullTime.pointee.mFlags = .sampleTimeValid
                let status = pullInput(0, Self.chunkFrames, pullTime, resources)
                guard status == 0 else { return status }
                inputSampleTime += Int64(Self.chunkFrames)
                for channel in 0..<channels {
                    converter.inputChunk(channel: channel).update(from: resources.inputPlanar(0, channel), count: Self.chunkFrames)
                }
                converter.convertChunk()
            }
            converter.read(frames, into: stage, stride: stageStride)
        } else {
            let status = pullInput(0, frames, timeStamp, resources)
            guard status == 0 else { return status }
            for channel in 0..<channels { (stage + channel * stageStride).update(from: resources.inputPlanar(0, channel), count: frames) }
        }
        mapChannels(from: stage, channels: channels, frames: frames, resources)
        return 0
    }

    private func mapChannels(from stage: UnsafeMutablePointer<Float>, channels: Int, frames: Int, _ resources: ProcessingResources) {
        let outputs = outputFormat.channelCount
        for output in 0..<outputs {
            let destination = resources.outputPlanar(output)
            if channels == 1 {
                destination.update(from: stage, count: frames)
            } else if outputs == 1 {
                MixKernel.clear(destination, frames: frames)
                for channel in 0..<channels {
                    MixKernel.accumulate(stage + channel * stageStride, into: destination, gain: 1 / Float(channels), frames: frames)
                }
            } else if output < channels {
                destination.update(from: stage + output * stageStride, count: frames)
            } else {
                MixKernel.clear(destination, frames: frames)
            }
        }
    }
}
