import AudioGraph
import Foundation
import MediaServer
import SimCore
import VirtualDevices

/// Writing the recorded frames: from the app's input tap, at the IO rate, to the file's format.
extension AVAudioRecorder {
    /// Writes `frames` and closes the file as soon as the IO cycle holding their end has rendered.
    func finalize(_ binding: AppBinding, frames: [(start: Int64, end: Int64?)]) {
        let server = binding.server
        let last = frames.compactMap(\.end).max() ?? 0
        let rendered = server.inputSink(app: binding.app)?.position ?? 0
        if rendered < last, let cycle = server.ioCycle, let when = server.hostTime(ofIOFrame: cycle.start + Int64(cycle.frames)) {
            let fileToClose = file
            try? server.schedule("AVAudioRecorder.finalize", at: when) { [weak self] in
                guard let self, self.file === fileToClose else { return }
                self.finalize(binding, frames: frames)
            }
            return
        }
        guard let file else { return }
        self.file = nil
        if !isRecording { server.stopInput(app: binding.app) }
        do {
            let samples = try recordedSamples(binding, frames: frames)
            try write(samples, rate: server.ioSampleRate ?? .hz48000, to: file)
            try file.finish()
            AppContext.run(as: binding) { delegate?.audioRecorderDidFinishRecording(self, successfully: true) }
        } catch {
            file.close()
            AppContext.run(as: binding) {
                delegate?.audioRecorderEncodeErrorDidOccur(self, error: error)
                delegate?.audioRecorderDidFinishRecording(self, successfully: false)
            }
        }
    }

    private func recordedSamples(_ binding: AppBinding, frames: [(start: Int64, end: Int64?)]) throws -> [Float] {
        let total = frames.reduce(0) { $0 + Int(max(0, ($1.end ?? $1.start) - $1.start)) }
        guard total > 0 else { return [] }
        guard let tap = binding.server.inputSink(app: binding.app)?.samples(channel: 1) else {
            throw AVAudioFile.error(kAudioFileUnspecifiedError, "AVAudioRecorder: the input tap kept no samples")
        }
        var samples: [Float] = []
        samples.reserveCapacity(total)
        let server = binding.server
        for stretch in frames {
            guard let end = stretch.end, let clock = server.ioClock, let rate = server.ioSampleRate else { continue }
            // Stretch by stretch and IO segment by segment: what was read before the IO restarted
            // at another rate is converted to the rate the rest is at.
            var start = stretch.start
            while start < min(end, Int64(tap.count)) {
                let stop = min(end, Int64(tap.count), clock.segmentEnd(ofFrame: start))
                let piece = Array(tap[Int(start)..<Int(stop)])
                let pieceRate = clock.segment(ofFrame: start).rate
                samples += pieceRate == rate ? piece : Self.convert(piece, from: pieceRate, to: rate.hertz)
                start = stop
            }
        }
        return samples
    }

    /// Converts `samples` (mono at `rate`) to the file's rate and writes them to every channel.
    private func write(_ samples: [Float], rate: SampleRate, to file: AVAudioFile) throws {
        let fileRate = file.processingFormat.sampleRate
        let converted = Int64(fileRate) == rate.integralHertz ? samples : Self.convert(samples, from: rate, to: fileRate)
        let chunk = 16_384
        var offset = 0
        while offset < converted.count {
            let count = min(chunk, converted.count - offset)
            guard let buffer = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: AVAudioFrameCount(count)),
                  let data = buffer.floatChannelData else {
                throw AVAudioFile.error(kAudio_ParamError, "AVAudioRecorder: no float buffer for \(file.processingFormat)")
            }
            buffer.frameLength = AVAudioFrameCount(count)
            for channel in 0..<Int(file.processingFormat.channelCount) {
                converted.withUnsafeBufferPointer { source in
                    data[channel].update(from: source.baseAddress! + offset, count: count)
                }
            }
            try file.write(from: buffer)
            offset += count
        }
    }

    /// Offline libsoxr conversion: exactly round(n · to / from) output frames.
    static func convert(_ samples: [Float], from rate: SampleRate, to hertz: Double) -> [Float] {
        let target = SampleRate(framesPerSecond: Int64(hertz.rounded()))
        let count = Int((Double(samples.count) * hertz / rate.hertz).rounded())
        let maxRead = 4096
        let converter = SampleRateConverter(channelCount: 1, from: rate, to: target, maxReadFrames: maxRead)
        var output = [Float](repeating: 0, count: count)
        var input = 0
        var produced = 0
        output.withUnsafeMutableBufferPointer { out in
            while produced < count {
                let frames = min(maxRead, count - produced)
                while converter.needsInput(toRead: frames) {
                    let chunk = converter.inputChunk(channel: 0)
                    for index in 0..<converter.chunkFrames {
                        chunk[index] = input + index < samples.count ? samples[input + index] : 0
                    }
                    input += converter.chunkFrames
                    converter.convertChunk()
                }
                converter.read(frames, into: out.baseAddress! + produced, stride: 0)
                produced += frames
            }
        }
        return output
    }
}
