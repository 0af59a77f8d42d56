import AudioGraph
import Foundation

/// Scheduling buffers, files and segments on a player node.
extension AVAudioPlayerNode {
    public func scheduleBuffer(_ buffer: AVAudioPCMBuffer, completionHandler: AVAudioNodeCompletionHandler? = nil) {
        scheduleBuffer(buffer, at: nil, options: [], completionHandler: completionHandler)
    }

    /// Plays `buffer` at player time `when` (nil: after the previous item). The buffer must have
    /// the node's output channel count and rate (Apple raises an exception otherwise).
    public func scheduleBuffer(_ buffer: AVAudioPCMBuffer, at when: AVAudioTime?,
                               options: AVAudioPlayerNodeBufferOptions = [],
                               completionHandler: AVAudioNodeCompletionHandler? = nil) {
        let completion = completionHandler.map { PlayerCompletion(handler: .plain($0), type: .dataConsumed) }
        schedule(buffer, at: when, options: options, completion: completion)
    }

    public func scheduleBuffer(_ buffer: AVAudioPCMBuffer, completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType,
                               completionHandler: AVAudioPlayerNodeCompletionHandler? = nil) {
        scheduleBuffer(buffer, at: nil, options: [], completionCallbackType: callbackType, completionHandler: completionHandler)
    }

    public func scheduleBuffer(_ buffer: AVAudioPCMBuffer, at when: AVAudioTime?, options: AVAudioPlayerNodeBufferOptions = [],
                               completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType,
                               completionHandler: AVAudioPlayerNodeCompletionHandler? = nil) {
        let completion = completionHandler.map { PlayerCompletion(handler: .typed($0), type: callbackType) }
        schedule(buffer, at: when, options: options, completion: completion)
    }

    /// Plays the whole file (converted to the node's output rate) at `when`.
    public func scheduleFile(_ file: AVAudioFile, at when: AVAudioTime?, completionHandler: AVAudioNodeCompletionHandler? = nil) {
        let completion = completionHandler.map { PlayerCompletion(handler: .plain($0), type: .dataConsumed) }
        scheduleSegment(of: file, from: 0, frames: nil, at: when, completion: completion)
    }

    public func scheduleFile(_ file: AVAudioFile, at when: AVAudioTime?,
                             completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType,
                             completionHandler: AVAudioPlayerNodeCompletionHandler? = nil) {
        let completion = completionHandler.map { PlayerCompletion(handler: .typed($0), type: callbackType) }
        scheduleSegment(of: file, from: 0, frames: nil, at: when, completion: completion)
    }

    /// Plays `numberFrames` frames of the file from `startFrame` at `when`.
    public func scheduleSegment(_ file: AVAudioFile, startingFrame startFrame: AVAudioFramePosition,
                                frameCount numberFrames: AVAudioFrameCount, at when: AVAudioTime?,
                                completionHandler: AVAudioNodeCompletionHandler? = nil) {
        let completion = completionHandler.map { PlayerCompletion(handler: .plain($0), type: .dataConsumed) }
        scheduleSegment(of: file, from: startFrame, frames: numberFrames, at: when, completion: completion)
    }

    public func scheduleSegment(_ file: AVAudioFile, startingFrame startFrame: AVAudioFramePosition,
                                frameCount numberFrames: AVAudioFrameCount, at when: AVAudioTime?,
                                completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType,
                                completionHandler: AVAudioPlayerNodeCompletionHandler? = nil) {
        let completion = completionHandler.map { PlayerCompletion(handler: .typed($0), type: callbackType) }
        scheduleSegment(of: file, from: startFrame, frames: numberFrames, at: when, completion: completion)
    }

    // MARK: The async forms Swift makes of the completion-handler methods (they return when the handler would run)

    public func scheduleBuffer(_ buffer: AVAudioPCMBuffer) async {
        await withCheckedContinuation { done in scheduleBuffer(buffer) { done.resume() } }
    }

    public func scheduleBuffer(_ buffer: AVAudioPCMBuffer, at when: AVAudioTime?, options: AVAudioPlayerNodeBufferOptions = []) async {
        await withCheckedContinuation { done in scheduleBuffer(buffer, at: when, options: options) { done.resume() } }
    }

    public func scheduleBuffer(_ buffer: AVAudioPCMBuffer, completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType) async
        -> AVAudioPlayerNodeCompletionCallbackType {
        await withCheckedContinuation { done in
            scheduleBuffer(buffer, completionCallbackType: callbackType) { done.resume(returning: $0) }
        }
    }

    public func scheduleBuffer(_ buffer: AVAudioPCMBuffer, at when: AVAudioTime?, options: AVAudioPlayerNodeBufferOptions = [],
                               completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType) async
        -> AVAudioPlayerNodeCompletionCallbackType {
        await withCheckedContinuation { done in
            scheduleBuffer(buffer, at: when, options: options, completionCallbackType: callbackType) { done.resume(returning: $0) }
        }
    }

    public func scheduleFile(_ file: AVAudioFile, at when: AVAudioTime?) async {
        await withCheckedContinuation { done in scheduleFile(file, at: when) { done.resume() } }
    }

    public func scheduleFile(_ file: AVAudioFile, at when: AVAudioTime?,
                             completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType) async
        -> AVAudioPlayerNodeCompletionCallbackType {
        await withCheckedContinuation { done in
            scheduleFile(file, at: when, completionCallbackType: callbackType) { done.resume(returning: $0) }
        }
    }

    public func scheduleSegment(_ file: AVAudioFile, startingFrame startFrame: AVAudioFramePosition,
                                frameCount numberFrames: AVAudioFrameCount, at when: AVAudioTime?) async {
        await withCheckedContinuation { done in
            scheduleSegment(file, startingFrame: startFrame, frameCount: numberFrames, at: when) { done.resume() }
        }
    }

    public func scheduleSegment(_ file: AVAudioFile, startingFrame startFrame: AVAudioFramePosition,
                                frameCount numberFrames: AVAudioFrameCount, at when: AVAudioTime?,
                                completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType) async
        -> AVAudioPlayerNodeCompletionCallbackType {
        await withCheckedContinuation { done in
            scheduleSegment(file, startingFrame: startFrame, frameCount: numberFrames, at: when,
                            completionCallbackType: callbackType) { done.resume(returning: $0) }
        }
    }

    // MARK: Helpers

    private func schedule(_ buffer: AVAudioPCMBuffer, at when: AVAudioTime?, options: AVAudioPlayerNodeBufferOptions,
                          completion: PlayerCompletion?) {
        guard buffer.format.channelCount == outputFormats[0].channelCount else {
            return engineException("scheduleBuffer: the buffer has \(buffer.format.channelCount) channels, the player's output \(outputFormats[0].channelCount)")
        }
        guard let samples = Self.planarSamples(of: buffer) else {
            return engineException("scheduleBuffer: the buffer must hold float samples")
        }
        enqueue(samples: samples, channels: Int(buffer.format.channelCount), frames: Int(buffer.frameLength),
                at: when, options: options, completion: completion)
    }

    private func scheduleSegment(of file: AVAudioFile, from startFrame: AVAudioFramePosition, frames: AVAudioFrameCount?,
                                 at when: AVAudioTime?, completion: PlayerCompletion?) {
        guard startFrame >= 0 else { return engineException("scheduleSegment: the start frame is negative") }
        let format = file.processingFormat
        guard format.channelCount == outputFormats[0].channelCount else {
            return engineException("scheduleFile: the file has \(format.channelCount) channels, the player's output \(outputFormats[0].channelCount)")
        }
        let available = max(0, file.length - startFrame)
        let count = AVAudioFrameCount(min(Int64(frames ?? AVAudioFrameCount(clamping: available)), available))
        guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: max(count, 1)) else { return }
        file.framePosition = startFrame
        if count > 0 { try? file.read(into: buffer, frameCount: count) }
        guard var samples = Self.planarSamples(of: buffer) else { return }
        var length = Int(buffer.frameLength)
        let channels = Int(format.channelCount)
        if format.sampleRate != outputRate, length > 0, outputRate > 0 {
            (samples, length) = Self.resample(samples, channels: channels, frames: length, from: format.sampleRate, to: outputRate)
        }
        enqueue(samples: samples, channels: channels, frames: length, at: when, options: [], completion: completion)
    }

    private func enqueue(samples: [Float], channels: Int, frames: Int, at when: AVAudioTime?,
                         options: AVAudioPlayerNodeBufferOptions, completion: PlayerCompletion?) {
        if when.map({ !$0.isSampleTimeValid && !$0.isHostTimeValid }) == true {
            return engineException("schedule: the time has neither a valid sample time nor a valid host time")
        }
        if options.contains(.interrupts) {
            interruptQueue()
        } else if options.contains(.interruptsAtLoop) {
            endLoopAtNextBoundary()
        }
        let start = when.flatMap { $0.isSampleTimeValid ? $0.sampleTime : nil }
        items.append(ScheduledAudio(samples: samples, channelCount: channels, frameCount: frames, requestedStart: start,
                                    loops: options.contains(.loops), completion: completion))
        // The render side appends finished completions without allocating.
        finished.reserveCapacity(finished.count + items.count)
    }

    /// `.interrupts`: what plays ends now and what waits is dropped; their handlers are called.
    private func interruptQueue() {
        for item in items[head...] { if let completion = item.completion { finished.append(completion) } }
        items.removeAll()
        head = 0
        previousEnd = playerPosition
        deliverPending()
    }

    /// `.interruptsAtLoop`: a looping item ends at the end of its current loop.
    private func endLoopAtNextBoundary() {
        guard head < items.count, items[head].loops, items[head].loopEnd == nil else { return }
        let item = items[head]
        guard let start = item.start, item.frameCount > 0 else {
            items[head].loopEnd = nil
            items.remove(at: head)
            return
        }
        let frames = Int64(item.frameCount)
        let played = max(0, playerPosition - start)
        items[head].loopEnd = start + max(1, (played + frames - 1) / frames) * frames
        // Items queued behind the loop are dropped: the new one follows the loop.
        let dropped = items[(head + 1)...].compactMap(\.completion)
        items.removeSubrange((head + 1)...)
        finished.append(contentsOf: dropped)
    }

    /// The buffer's valid frames as planar float samples, channel after channel.
    static func planarSamples(of buffer: AVAudioPCMBuffer) -> [Float]? {
        guard let data = buffer.floatChannelData else { return nil }
        let frames = Int(buffer.frameLength)
        var samples: [Float] = []
        samples.reserveCapacity(frames * Int(buffer.format.channelCount))
        for channel in 0..<Int(buffer.format.channelCount) {
            for frame in 0..<frames { samples.append(data[channel][frame * buffer.stride]) }
        }
        return samples
    }

    /// Converts a whole planar stretch to `outputRate` with libsoxr (flushed, aligned).
    static func resample(_ samples: [Float], channels: Int, frames: Int, from inputRate: Double,
                         to outputRate: Double) -> ([Float], Int) {
        let converter = FlushingRateConverter(channelCount: channels, from: inputRate, to: outputRate)
        samples.withUnsafeBufferPointer { pointer in
            converter.append((0..<channels).map { pointer.baseAddress! + $0 * frames }, frames: frames)
        }
        converter.finish()
        let length = converter.availableFrames
        var result = [Float](repeating: 0, count: length * channels)
        result.withUnsafeMutableBufferPointer { pointer in
            _ = converter.read(length, into: (0..<channels).map { pointer.baseAddress! + $0 * length })
        }
        return (result, length)
    }
}
