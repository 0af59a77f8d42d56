import CoreAudioTypes
import MediaServer

public typealias AudioQueueTimelineRef = OpaquePointer

/// A queue's timeline (`AudioQueueCreateTimeline`): lets an app reading the queue's time with
/// `AudioQueueGetCurrentTime` learn whether the timeline broke since its last read. Apple names
/// the causes "changes in device state or processing overloads"; the simulated device has no
/// overloads, and its changes of state are the ones below (`AudioQueueObject.DeviceState`): the
/// route the queue plays to or records from, an IO restart at another hardware rate, a media
/// server reset, and the system stopping the queue (an interruption). Each is reported once.
final class AudioQueueTimeline {
    weak var queue: AudioQueueObject?
    private var seen: AudioQueueObject.DeviceState

    init(queue: AudioQueueObject) {
        self.queue = queue
        seen = queue.deviceState
    }

    /// Whether the device's state changed since the last read (or the timeline's creation).
    func readDiscontinuity() -> Bool {
        guard let now = queue?.deviceState else { return false }
        defer { seen = now }
        return now != seen
    }
}

extension AudioQueueObject {
    /// What a timeline compares between reads.
    struct DeviceState: Equatable {
        var ports: [String]
        var rateChanges: Int
        var mediaServerEpoch: Int
        var systemStops: Int
    }

    var deviceState: DeviceState {
        guard let binding else { return DeviceState(ports: [], rateChanges: 0, mediaServerEpoch: 0, systemStops: systemStops) }
        let route = binding.server.currentRoute(for: binding.app)
        return DeviceState(ports: (capture != nil ? route.inputs : route.outputs).map(\.uid),
                           rateChanges: binding.server.ioClock?.segments.count ?? 0,
                           mediaServerEpoch: binding.server.epoch, systemStops: systemStops)
    }
}

public func AudioQueueCreateTimeline(_ inAQ: AudioQueueRef, _ outTimeline: UnsafeMutablePointer<AudioQueueTimelineRef?>) -> OSStatus {
    guard let queue = ObjectHandle.resolve(inAQ, as: AudioQueueObject.self) else { return kAudio_ParamError }
    outTimeline.pointee = ObjectHandle.make(for: AudioQueueTimeline(queue: queue))
    return 0
}

/// A timeline of another queue, or one already disposed, is `kAudio_ParamError` (our choice: Apple
/// documents no code for it).
public func AudioQueueDisposeTimeline(_ inAQ: AudioQueueRef, _ inTimeline: AudioQueueTimelineRef) -> OSStatus {
    guard let queue = ObjectHandle.resolve(inAQ, as: AudioQueueObject.self),
          let timeline = ObjectHandle.resolve(inTimeline, as: AudioQueueTimeline.self), timeline.queue === queue else { return kAudio_ParamError }
    _ = ObjectHandle.dispose(inTimeline)
    return 0
}
