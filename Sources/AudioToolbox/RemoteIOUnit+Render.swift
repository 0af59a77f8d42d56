import AudioGraph
import CoreAudioTypes

/// The render side: once per IO cycle the device calls `render(_:)`; the unit hands the input
/// to the input callback, then pulls the render callback for the output. Nothing here
/// allocates, locks or logs (the app's callbacks are the app's business).
extension RemoteIOUnit: RenderClient {
    func render(_ cycle: RenderClientCycle) {
        guard let state = renderState else { return }
        state.cycleIOFrame = cycle.sampleTime
        if inputEnabled { capture(cycle, state) }
        // Connected to a host, the host pulls the output (RemoteNodeUnit.renderBus).
        if outputEnabled && !interAppRunning { play(cycle, state) }
        state.hardwareFrames += Int64(cycle.frames)
    }

    // MARK: Input

    private func capture(_ cycle: RenderClientCycle, _ state: RemoteIORenderState) {
        let frames = min(cycle.frames, state.hardwareCapacity)
        if let input = cycle.input {
            state.microphone.update(from: input, count: frames)
        } else {
            state.microphone.update(repeating: 0, count: frames)
        }
        processMicrophone(state.microphone, frames: frames, sampleTime: cycle.sampleTime)
        if let input = cycle.input {
            // What the unit captured (processed, or silenced by MuteOutput) is the app's recording.
            if outputMuted { input.update(repeating: 0, count: frames) } else { input.update(from: state.microphone, count: frames) }
        }
        if let converter = state.inputConverter {
            let chunk = converter.inputChunk(channel: 0)
            if frames == state.inputChunk {
                chunk.update(from: state.microphone, count: frames)
            } else {
                chunk.update(repeating: 0, count: state.inputChunk)
            }
            converter.convertChunk()
            let share = state.clientFrames(ofCycle: frames, clientRate: Int(state.clientInput.mSampleRate.rounded()))
            let available = min(share, converter.availableFrames, state.capturedCapacity)
            converter.read(available, into: state.captured, stride: state.capturedCapacity)
            state.capturedFrames = available
        } else {
            let count = min(frames, state.capturedCapacity)
            state.captured.update(from: state.microphone, count: count)
            state.capturedFrames = count
        }
        if outputMuted { state.captured.update(repeating: 0, count: state.capturedFrames) }
        let sampleTime = startTimestampsAtZero ? state.inputSampleTime : cycle.sampleTime
        state.inputSampleTime += Int64(state.capturedFrames)
        guard let proc = inputCallback.inputProc, state.capturedFrames > 0 else { return }
        state.stamp(sampleTime)
        _ = proc(inputCallback.inputProcRefCon ?? noUserData, state.flags, state.timeStamp, 1,
                 UInt32(state.capturedFrames), nil)
    }

    /// `AudioUnitRender` on bus 1: this cycle's captured input in the client input format, into
    /// the caller's buffers or, where their `mData` is nil, the unit's own.
    func renderCaptured(_ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        guard inputEnabled else { return kAudioUnitErr_NoConnection }
        guard let state = renderState, Int(frames) <= state.capturedFrames else { return kAudio_ParamError }
        let buffers = UnsafeMutableAudioBufferListPointer(ioData)
        let format = state.clientInput
        let needed = format.isNonInterleaved ? format.channelCount : 1
        guard buffers.count >= needed else { return kAudio_ParamError }
        state.captureBuffers.prepare(frames: Int(frames))
        for index in 0..<needed where buffers[index].mData == nil {
            buffers[index] = state.captureBuffers.list[index]
        }
        for channel in 0..<format.channelCount {
            PCMTransfer.write(state.captured, into: ioData, format: format, channel: channel, frames: Int(frames))
        }
        return 0
    }

    // MARK: Output

    private func play(_ cycle: RenderClientCycle, _ state: RemoteIORenderState) {
        let frames = cycle.frames
        let clientChannels = state.clientOutput.channelCount
        let source: UnsafeMutablePointer<Float>
        if let converter = state.outputConverter {
            // One callback per cycle, for the client clock's share of it (RemoteIORenderState.clientFrames).
            let pulled = min(state.clientFrames(ofCycle: frames, clientRate: Int(state.clientOutput.mSampleRate.rounded())),
                             state.pullFrames)
            let ok = pull(pulled, state, cycle) == 0
            for channel in 0..<clientChannels {
                let chunk = converter.inputChunk(channel: channel)
                if ok {
                    PCMTransfer.read(state.outputBuffers.list.unsafeMutablePointer, format: state.clientOutput,
                                     channel: channel, into: chunk, frames: pulled)
                } else {
                    chunk.update(repeating: 0, count: pulled)
                }
            }
            converter.convert(frames: pulled)
            let ready = min(frames, converter.availableFrames)
            converter.read(ready, into: state.outputStage, stride: state.hardwareCapacity)
            for channel in 0..<clientChannels where ready < frames {
                (state.outputStage + channel * state.hardwareCapacity + ready).update(repeating: 0, count: frames - ready)
            }
            source = state.outputStage
        } else {
            guard frames <= state.hardwareCapacity, pull(frames, state, cycle) == 0 else { return }
            for channel in 0..<clientChannels {
                PCMTransfer.read(state.outputBuffers.list.unsafeMutablePointer, format: state.clientOutput, channel: channel,
                                 into: state.outputStage + channel * state.hardwareCapacity, frames: frames)
            }
            source = state.outputStage
        }
        for channel in 0..<cycle.outputChannels {
            let from = channelMap.map { channel < $0.count ? Int($0[channel]) : -1 } ?? channel
            guard from >= 0, from < clientChannels else { continue }
            cycle.outputChannel(channel).baseAddress!.update(from: source + from * state.hardwareCapacity, count: frames)
        }
    }

    /// Calls the render callback (through the render notifications) for `frames` client frames.
    private func pull(_ frames: Int, _ state: RemoteIORenderState, _ cycle: RenderClientCycle) -> OSStatus {
        let sampleTime = startTimestampsAtZero ? state.outputSampleTime : cycle.sampleTime
        state.outputSampleTime += Int64(frames)
        state.stamp(sampleTime)
        guard frames <= state.outputBuffers.capacity || frames > Int(maximumFramesPerSlice) else { return kAudio_ParamError }
        state.outputBuffers.prepare(frames: min(frames, state.outputBuffers.capacity))
        return render(state.flags, state.timeStamp, 0, UInt32(frames), state.outputBuffers.list.unsafeMutablePointer)
    }

    /// Bus 0: the render callback fills the client buffers (silence without one).
    func renderOutputBus(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                         _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        if let connection = outputConnection, let source = connection.sourceAudioUnit {
            return AudioUnitRender(source, flags, timeStamp, connection.sourceOutputNumber, frames, ioData)
        }
        guard let proc = renderCallback.inputProc else {
            for buffer in UnsafeMutableAudioBufferListPointer(ioData) {
                buffer.mData?.initializeMemory(as: UInt8.self, repeating: 0, count: Int(buffer.mDataByteSize))
            }
            flags.pointee.insert(.unitRenderAction_OutputIsSilence)
            return 0
        }
        return proc(renderCallback.inputProcRefCon ?? noUserData, flags, timeStamp, 0, frames, ioData)
    }
}
