import Foundation
import CoreAudioTypes

/// The engine's manual rendering mode: the app pulls the output instead of the device.
struct ManualRendering {
    var mode: AVAudioEngineManualRenderingMode
    var format: AVAudioFormat
    var maximumFrameCount: AVAudioFrameCount
    /// Frames rendered so far, in the render format's rate.
    var sampleTime: AVAudioFramePosition = 0
}

extension AVAudioEngine {
    /// Switches to manual rendering in `pcmFormat` (the output node's format from now on), for
    /// pulls of at most `maximumFrameCount` frames. The engine must be stopped (-80801).
    /// Connections are kept; taps on the IO nodes are removed.
    public func enableManualRenderingMode(_ mode: AVAudioEngineManualRenderingMode, format pcmFormat: AVAudioFormat,
                                          maximumFrameCount: AVAudioFrameCount) throws {
        guard !isRunning else {
            throw Self.error(AVAudioEngineManualRenderingError.initialized.rawValue, "manual rendering needs a stopped engine")
        }
        guard pcmFormat.isPCM, pcmFormat.commonFormat == .pcmFormatFloat32, pcmFormat.sampleRate > 0,
              pcmFormat.channelCount > 0, maximumFrameCount > 0 else {
            throw Self.error(-10868, "manual rendering needs a float PCM format and a maximum frame count")
        }
        if device != nil { stopDevice() }
        manual = ManualRendering(mode: mode, format: pcmFormat, maximumFrameCount: maximumFrameCount)
        maximumRenderFrames = max(Int(maximumFrameCount), RateBridge.minimumPullCapacity)
        isPrepared = false
        removeIOTaps()
        outputNode.outputFormats[0] = pcmFormat
        followOutputFormat()
        for node in nodes { node.resetRenderTimeline() }
        graphChanged()
    }

    /// Back to the device: stops and resets the engine and removes the IO nodes' taps.
    public func disableManualRenderingMode() {
        guard manual != nil else { return }
        stop()
        reset()
        manual = nil
        maximumRenderFrames = Self.deviceMaximumFrames
        inputNodeIfMade?.manualInput = nil
        removeIOTaps()
        refreshIOFormats()
    }

    public var isInManualRenderingMode: Bool { manual != nil }
    public var manualRenderingMode: AVAudioEngineManualRenderingMode { manual?.mode ?? .offline }
    /// 0 Hz, 0 channels when not in manual rendering mode.
    public var manualRenderingFormat: AVAudioFormat { manual?.format ?? .engineInvalid }
    /// 0 when not in manual rendering mode.
    public var manualRenderingMaximumFrameCount: AVAudioFrameCount { manual?.maximumFrameCount ?? 0 }
    /// Frames rendered since manual rendering started (or the last `reset()`).
    public var manualRenderingSampleTime: AVAudioFramePosition { manual?.sampleTime ?? 0 }

    /// Renders `numberOfFrames` frames into `buffer` (offline mode). `buffer.frameLength` is the
    /// frames rendered, whatever the status. Throws for a realtime engine (-80800), a stopped
    /// one (-80802), a buffer in another format or too small, or more frames than the maximum.
    public func renderOffline(_ numberOfFrames: AVAudioFrameCount, to buffer: AVAudioPCMBuffer) throws
        -> AVAudioEngineManualRenderingStatus {
        guard let manual else { throw Self.error(AVAudioEngineManualRenderingError.invalidMode.rawValue, "not in manual rendering mode") }
        guard manual.mode == .offline else {
            throw Self.error(AVAudioEngineManualRenderingError.invalidMode.rawValue, "renderOffline is for the offline mode; use manualRenderingBlock")
        }
        guard isRunning else { throw Self.error(AVAudioEngineManualRenderingError.notRunning.rawValue, "the engine is not running") }
        guard buffer.format.isEqual(manual.format), numberOfFrames <= buffer.frameCapacity,
              numberOfFrames <= manual.maximumFrameCount else {
            buffer.frameLength = 0
            throw Self.error(-50, "the buffer must be in the manual rendering format and hold the frames asked for")
        }
        var status: OSStatus = 0
        let result = renderManually(numberOfFrames, into: buffer.mutableAudioBufferList, status: &status)
        buffer.frameLength = result.frames
        deliverPending()
        return result.status
    }

    /// The block a realtime app calls from its own render context; fetch it once and keep it.
    /// Taps and completion handlers are served after each call (in the simulation there is no
    /// other thread for them), which allocates only when there is something to hand over.
    public var manualRenderingBlock: AVAudioEngineManualRenderingBlock {
        { [unowned self] frames, list, status in
            var code: OSStatus = 0
            let result = renderManually(frames, into: list, status: &code)
            status?.pointee = code
            deliverPending()
            return result.status
        }
    }

    /// One manual pull: checks the request, renders in slices, copies into the app's list.
    private func renderManually(_ frames: AVAudioFrameCount, into list: UnsafeMutablePointer<AudioBufferList>,
                                status: inout OSStatus) -> (status: AVAudioEngineManualRenderingStatus, frames: AVAudioFrameCount) {
        guard let manual, isRunning, !isZombie else {
            status = AVAudioEngineManualRenderingError.notRunning.rawValue
            return (.error, 0)
        }
        guard frames <= manual.maximumFrameCount else { status = -10874; return (.error, 0) }
        let buffers = UnsafeMutableAudioBufferListPointer(list)
        let input = inputNodeIfMade
        input?.inputWasShort = false
        var done = 0
        while done < Int(frames) {
            let slice = min(Int(frames) - done, maximumRenderFrames)
            let channels = renderPass(slice)
            copy(channels, frames: slice, into: buffers, at: done)
            done += slice
        }
        for index in buffers.indices { buffers[index].mDataByteSize = UInt32(done * MemoryLayout<Float>.size) }
        self.manual?.sampleTime += AVAudioFramePosition(done)
        if input?.inputWasShort == true, input?.manualInput != nil { return (.insufficientDataFromInputNode, frames) }
        return (.success, frames)
    }

    /// Copies deinterleaved output channels into a buffer list (one buffer per channel).
    private func copy(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frames: Int,
                      into buffers: UnsafeMutableAudioBufferListPointer, at offset: Int) {
        let count = Int(outputNode.outputFormat(forBus: 0).channelCount)
        for index in 0..<min(count, buffers.count) {
            guard let data = buffers[index].mData?.assumingMemoryBound(to: Float.self) else { continue }
            (data + offset).update(from: channels[index], count: frames)
        }
    }

    var inputNodeIfMade: AVAudioInputNode? { hasInputNode ? inputNode : nil }

    private func removeIOTaps() {
        for node in [outputNode as AVAudioNode] + (hasInputNode ? [inputNode] : []) {
            for bus in node.taps.indices { node.taps[bus] = nil }
        }
    }

    /// The IO nodes' device-side formats follow the hardware again.
    func refreshIOFormats() {
        outputNode.outputFormats[0] = ioFormat(input: false)
        followOutputFormat()
        if hasInputNode { inputNode.outputFormats[0] = ioFormat(input: true) }
        graphChanged()
    }
}

extension AVAudioEngine {
    /// The main mixer the engine connected to the output node renders in the output's format:
    /// switching to or from manual rendering moves that connection to the new format.
    fileprivate func followOutputFormat() {
        guard let mixer = mainMixerIfMade, inputConnectionPoint(for: outputNode, inputBus: 0)?.node === mixer else { return }
        mixer.outputFormats[0] = outputNode.outputFormats[0]
    }
}
