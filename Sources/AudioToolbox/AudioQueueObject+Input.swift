import MediaServer
import CoreAudioTypes
import SimCore

/// Input queues (`AudioQueueNewInput`): the queue's RemoteIO instance has input enabled and
/// output disabled, and its client input format is the queue's own PCM format, so the unit
/// delivers the route's input (the selected input port and data source, silence until record
/// permission is granted, converted to the queue's rate) ready to copy into the app's buffers.
/// Starting needs a category that records (record, playAndRecord, multiRoute); in any other
/// Start fails with the session's `cannotStartRecording` ('!rec').
extension AudioQueueObject {
    static let cannotStartRecording: OSStatus = 561_145_187
    /// The most frames one IO cycle can bring (the largest IO buffer, converted up).
    static let maximumCycleFrames = 8192

    /// Input queues record 16-bit integer or 32-bit float interleaved linear PCM, one or two channels.
    static func supportsInput(_ format: AudioStreamBasicDescription) -> OSStatus {
        guard format.mFormatID == kAudioFormatLinearPCM else { return kAudioFormatUnsupportedDataFormatError }
        guard format.mFormatFlags & kAudioFormatFlagIsNonInterleaved == 0 || format.mChannelsPerFrame == 1 else {
            return kAudioFormatUnsupportedDataFormatError
        }
        return supports(format)
    }

    func configureInput(_ unit: RemoteIOUnit, _ capture: AudioQueueCapture) {
        unit.outputEnabled = false
        unit.inputEnabled = true
        unit.clientInputFormat = format
        // Sample times are the device's frame count, so the host time of each buffer follows.
        unit.startTimestampsAtZero = false
        let hardwareRate = Double(max(1, binding?.server.currentHardware.sampleRate ?? 48_000))
        unit.inputCallback = AURenderCallbackStruct(inputProc: { [unowned unit] _, _, timeStamp, _, frames, _ in
            let count = min(Int(frames), capture.scratch.capacity)
            capture.scratch.prepare(frames: count)
            let status = unit.renderCaptured(UInt32(count), capture.scratch.list.unsafeMutablePointer)
            guard status == 0 else { return status }
            capture.record(frames: count, hostTime: UInt64(max(0, timeStamp.pointee.mSampleTime * 1e9 / hardwareRate)))
            return 0
        }, inputProcRefCon: nil)
    }

    /// Hands recorded buffers to the app's input callback, with the sample and host time of their
    /// first frame and their packet count (one packet per PCM frame).
    func deliver(_ recorded: [AudioQueueCapture.Filled]) {
        guard let binding, case let .input(callback) = callback else { return }
        for item in recorded where buffers.contains(item.buffer) {
            var stamp = AudioTimeStamp()
            stamp.mSampleTime = Double(item.sampleTime)
            stamp.mHostTime = item.hostTime
            stamp.mFlags = [.sampleTimeValid, .hostTimeValid]
            let packets = item.buffer.pointee.mAudioDataByteSize / max(1, format.mBytesPerFrame)
            AppContext.run(as: binding) { callback(userData, handle, item.buffer, &stamp, packets, nil) }
        }
    }

    /// `AudioQueueFlush` on an input queue: the buffer being filled comes back with what it holds.
    func flushInput() {
        guard let capture else { return }
        capture.flushPartial()
        deliver(capture.takeFilled())
    }
}
