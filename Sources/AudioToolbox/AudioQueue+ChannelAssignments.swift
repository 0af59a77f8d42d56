import MediaServer
import CoreAudioTypes

/// One queue channel's place on the route (AudioQueue.h): the owning port's UID and the channel
/// number within it, counted from 1 — as Apple's multiroute article writes `mChannelNumber: 1`
/// for a port's first channel.
public struct AudioQueueChannelAssignment {
    public var mDeviceUID: Unmanaged<CFString>
    public var mChannelNumber: UInt32

    public init(mDeviceUID: Unmanaged<CFString>, mChannelNumber: UInt32) {
        self.mDeviceUID = mDeviceUID
        self.mChannelNumber = mChannelNumber
    }
}

/// `kAudioQueueProperty_ChannelAssignments` (write-only): one assignment per channel of the
/// queue's format, each naming a channel of a port on the app's current route. The queue's
/// RemoteIO output then carries queue channel k to the k-th assignment's route channel alone
/// (a channel map over the route's channels), so a multiRoute app sends a queue where it wants.
extension AudioQueueObject {
    func setChannelAssignments(_ data: UnsafeRawPointer, _ size: UInt32) -> OSStatus {
        let stride = MemoryLayout<AudioQueueChannelAssignment>.stride
        let count = Int(size) / stride
        guard Int(size) % stride == 0, count == Int(format.mChannelsPerFrame) else { return kAudioQueueErr_InvalidPropertySize }
        guard let binding else { return kAudioQueueErr_InvalidDevice }
        let ports = binding.server.currentRoute(for: binding.app).outputs
        var assignments: [ChannelAssignment] = []
        for index in 0..<count {
            let entry = data.loadUnaligned(fromByteOffset: index * stride, as: AudioQueueChannelAssignment.self)
            let uid = entry.mDeviceUID.takeUnretainedValue() as String
            // Channel numbers start at 1: 0 names no channel.
            guard let port = ports.first(where: { $0.uid == uid }), (1...max(1, port.channels.count)).contains(Int(entry.mChannelNumber)) else {
                return kAudioQueueErr_InvalidPropertyValue
            }
            assignments.append(ChannelAssignment(portUID: uid, channelNumber: Int(entry.mChannelNumber)))
        }
        channelAssignments = assignments
        if let output {
            applyChannelAssignments(to: output)
            if output.isRunning { output.reattach() }
        }
        return 0
    }

    /// The output's channel map over the route's channels: the assigned queue channel, or silence.
    func applyChannelAssignments(to unit: RemoteIOUnit) {
        guard let channelAssignments, let binding else { return }
        let routeChannels = binding.server.currentRoute(for: binding.app).outputs.flatMap { port in
            (1...max(1, port.channels.count)).map { ChannelAssignment(portUID: port.uid, channelNumber: $0) }
        }
        unit.channelMap = routeChannels.map { channel in Int32(channelAssignments.firstIndex(of: channel) ?? -1) }
    }
}
