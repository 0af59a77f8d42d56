import MediaServer
import CoreAudioTypes

// Audio Queue Services' C functions as Swift sees them. A queue belongs to the app whose code
// creates it (`AppContext.current`). The run loop and mode arguments are accepted for
// source compatibility (pass nil, or anything): callbacks always run on the simulation
// scheduler, in the app's context.

private func withQueue(_ handle: AudioQueueRef, _ body: (AudioQueueObject) -> OSStatus) -> OSStatus {
    guard let queue = ObjectHandle.resolve(handle, as: AudioQueueObject.self) else { return kAudio_ParamError }
    return body(queue)
}

public func AudioQueueNewOutput(_ inFormat: UnsafePointer<AudioStreamBasicDescription>, _ inCallbackProc: @escaping AudioQueueOutputCallback,
                                _ inUserData: UnsafeMutableRawPointer?, _ inCallbackRunLoop: AnyObject?, _ inCallbackRunLoopMode: AnyObject?,
                                _ inFlags: UInt32, _ outAQ: UnsafeMutablePointer<AudioQueueRef?>) -> OSStatus {
    let status = AudioQueueObject.supports(inFormat.pointee)
    guard status == 0 else { return status }
    guard AppContext.current != nil else { return kAudioQueueErr_InvalidDevice }
    let queue = AudioQueueObject(format: inFormat.pointee, callback: .output(inCallbackProc), userData: inUserData)
    queue.handle = ObjectHandle.make(for: queue)
    outAQ.pointee = queue.handle
    return 0
}

/// A recording queue: enqueued buffers come back full of the route's input through the callback
/// (AudioQueueObject+Input.swift). Linear PCM only.
public func AudioQueueNewInput(_ inFormat: UnsafePointer<AudioStreamBasicDescription>, _ inCallbackProc: @escaping AudioQueueInputCallback,
                               _ inUserData: UnsafeMutableRawPointer?, _ inCallbackRunLoop: AnyObject?, _ inCallbackRunLoopMode: AnyObject?,
                               _ inFlags: UInt32, _ outAQ: UnsafeMutablePointer<AudioQueueRef?>) -> OSStatus {
    let status = AudioQueueObject.supportsInput(inFormat.pointee)
    guard status == 0 else { return status }
    guard AppContext.current != nil else { return kAudioQueueErr_InvalidDevice }
    let queue = AudioQueueObject(format: inFormat.pointee, callback: .input(inCallbackProc), userData: inUserData)
    queue.handle = ObjectHandle.make(for: queue)
    outAQ.pointee = queue.handle
    return 0
}

public func AudioQueueDispose(_ inAQ: AudioQueueRef, _ inImmediate: Bool) -> OSStatus {
    let status = withQueue(inAQ) { queue in
        queue.dispose()
        return 0
    }
    if status == 0 { _ = ObjectHandle.dispose(inAQ) }
    return status
}

public func AudioQueueAllocateBuffer(_ inAQ: AudioQueueRef, _ inBufferByteSize: UInt32,
                                     _ outBuffer: UnsafeMutablePointer<AudioQueueBufferRef?>) -> OSStatus {
    AudioQueueAllocateBufferWithPacketDescriptions(inAQ, inBufferByteSize, 0, outBuffer)
}

public func AudioQueueAllocateBufferWithPacketDescriptions(_ inAQ: AudioQueueRef, _ inBufferByteSize: UInt32, _ inNumberPacketDescriptions: UInt32,
                                                           _ outBuffer: UnsafeMutablePointer<AudioQueueBufferRef?>) -> OSStatus {
    withQueue(inAQ) { queue in
        guard inBufferByteSize > 0 else { return kAudioQueueErr_InvalidParameter }
        outBuffer.pointee = queue.allocateBuffer(capacity: inBufferByteSize, packetDescriptions: inNumberPacketDescriptions)
        return 0
    }
}

public func AudioQueueFreeBuffer(_ inAQ: AudioQueueRef, _ inBuffer: AudioQueueBufferRef) -> OSStatus {
    withQueue(inAQ) { $0.freeBuffer(inBuffer) }
}

/// AAC and Apple Lossless packets are located by the descriptions passed here, or else by those the
/// buffer carries (`mPacketDescriptionCount`); MP3 frames describe themselves.
public func AudioQueueEnqueueBuffer(_ inAQ: AudioQueueRef, _ inBuffer: AudioQueueBufferRef, _ inNumPacketDescs: UInt32,
                                    _ inPacketDescs: UnsafePointer<AudioStreamPacketDescription>?) -> OSStatus {
    withQueue(inAQ) { queue in
        let descriptions = inPacketDescs.map { UnsafeBufferPointer(start: $0, count: Int(inNumPacketDescs)) }
            ?? UnsafeBufferPointer(start: inBuffer.pointee.mPacketDescriptions,
                                   count: Int(min(inBuffer.pointee.mPacketDescriptionCount, inBuffer.pointee.mPacketDescriptionCapacity)))
        return queue.enqueue(inBuffer, descriptions: descriptions)
    }
}

/// Chooses the codec (the hardware codec policy's failures show here) and reports the frames
/// decoded and ready to play.
public func AudioQueuePrime(_ inAQ: AudioQueueRef, _ inNumberOfFramesToPrepare: UInt32,
                            _ outNumberOfFramesPrepared: UnsafeMutablePointer<UInt32>?) -> OSStatus {
    withQueue(inAQ) { queue in
        let status = queue.prime()
        if status == 0 { outNumberOfFramesPrepared?.pointee = UInt32(clamping: queue.fifo.availableFrames) }
        return status
    }
}

/// Starts now (a start time is accepted and not honoured: playback begins with the next IO buffer).
public func AudioQueueStart(_ inAQ: AudioQueueRef, _ inStartTime: UnsafePointer<AudioTimeStamp>?) -> OSStatus {
    withQueue(inAQ) { $0.start() }
}

public func AudioQueuePause(_ inAQ: AudioQueueRef) -> OSStatus { withQueue(inAQ) { $0.pause() } }

public func AudioQueueStop(_ inAQ: AudioQueueRef, _ inImmediate: Bool) -> OSStatus {
    withQueue(inAQ) { $0.stop(immediate: inImmediate) }
}

/// An output queue decodes at enqueue, so flushing has nothing left to push through; an input
/// queue hands back the buffer it is filling with what it recorded so far.
public func AudioQueueFlush(_ inAQ: AudioQueueRef) -> OSStatus {
    withQueue(inAQ) { queue in
        queue.flushInput()
        return 0
    }
}

/// Hands back every buffer not yet played (through the callback); the queue keeps running.
public func AudioQueueReset(_ inAQ: AudioQueueRef) -> OSStatus {
    withQueue(inAQ) { queue in
        queue.reset()
        return 0
    }
}

/// The queue's sample time (frames played, or recorded, at its own rate) and the host time now;
/// with a timeline of the queue's, whether the timeline broke since the last read (`AudioQueueTimeline`).
public func AudioQueueGetCurrentTime(_ inAQ: AudioQueueRef, _ inTimeline: AudioQueueTimelineRef?,
                                     _ outTimeStamp: UnsafeMutablePointer<AudioTimeStamp>?,
                                     _ outTimelineDiscontinuity: UnsafeMutablePointer<DarwinBoolean>?) -> OSStatus {
    withQueue(inAQ) { queue in
        guard queue.runState != .stopped else { return kAudioQueueErr_InvalidRunState }
        var discontinuity = false
        if let inTimeline {
            guard let timeline = ObjectHandle.resolve(inTimeline, as: AudioQueueTimeline.self), timeline.queue === queue else {
                return kAudio_ParamError
            }
            discontinuity = timeline.readDiscontinuity()
        }
        var stamp = AudioTimeStamp()
        stamp.mSampleTime = Double(queue.capture?.recordedFrames ?? queue.fifo.consumedFrames)
        stamp.mHostTime = UInt64(max(0, queue.binding?.server.now.nanoseconds ?? 0))
        stamp.mFlags = [.sampleTimeValid, .hostTimeValid]
        outTimeStamp?.pointee = stamp
        outTimelineDiscontinuity?.pointee = DarwinBoolean(discontinuity)
        return 0
    }
}
