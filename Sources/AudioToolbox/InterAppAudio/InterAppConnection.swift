import AudioGraph
import CoreAudioTypes

/// What one host-to-node connection renders with, allocated when the host initializes the node
/// unit: the node's output in its client format, the host's input for effect nodes, the timeline
/// the host's callbacks report.
final class InterAppConnection {
    let nodeOutput: OwnedBufferList
    let hostInput: OwnedBufferList
    let nodeInput: OwnedBufferList
    /// For host buffers that arrive without memory (`mData` nil).
    let hostOutput: OwnedBufferList
    let scratch: UnsafeMutablePointer<Float>
    let capacity: Int
    let flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>
    let timeline: UnsafeMutablePointer<HostTimeline>
    var inputFrames = 0
    /// The transport as the node last heard it, to tell its HostTransportState listeners.
    var reportedTransport: (playing: Bool, recording: Bool) = (false, false)

    init(nodeOutputFormat: AudioStreamBasicDescription, nodeInputFormat: AudioStreamBasicDescription,
         hostInputFormat: AudioStreamBasicDescription, hostOutputFormat: AudioStreamBasicDescription, capacity: Int) {
        self.capacity = capacity
        nodeOutput = OwnedBufferList(format: nodeOutputFormat, capacity: capacity)
        nodeInput = OwnedBufferList(format: nodeInputFormat, capacity: capacity)
        hostInput = OwnedBufferList(format: hostInputFormat, capacity: capacity)
        hostOutput = OwnedBufferList(format: hostOutputFormat, capacity: capacity)
        scratch = .allocate(capacity: capacity)
        scratch.initialize(repeating: 0, count: capacity)
        flags = .allocate(capacity: 1)
        flags.initialize(to: [])
        timeline = .allocate(capacity: 1)
        timeline.initialize(to: HostTimeline())
    }

    deinit {
        scratch.deallocate()
        flags.deallocate()
        timeline.deallocate()
    }

    /// Copies `frames` of channel-by-channel audio from one list to another, converting sample
    /// type and layout (not rate): a missing source channel repeats the last one.
    func transfer(_ frames: Int, from source: UnsafeMutablePointer<AudioBufferList>, _ sourceFormat: AudioStreamBasicDescription,
                  to destination: UnsafeMutablePointer<AudioBufferList>, _ destinationFormat: AudioStreamBasicDescription) {
        let sourceChannels = max(1, sourceFormat.channelCount)
        for channel in 0..<destinationFormat.channelCount {
            PCMTransfer.read(source, format: sourceFormat, channel: min(channel, sourceChannels - 1), into: scratch, frames: frames)
            PCMTransfer.write(scratch, into: destination, format: destinationFormat, channel: channel, frames: frames)
        }
    }

    /// Points buffers without memory at `owned`'s, sized for `frames`. Render side: it indexes the
    /// list instead of using `contains(where:)` or `for … in`, whose generic paths read elements
    /// through the collection's read coroutine, which allocates its frame in debug builds.
    static func fillMissing(_ list: UnsafeMutablePointer<AudioBufferList>, from owned: OwnedBufferList, frames: Int) {
        let buffers = UnsafeMutableAudioBufferListPointer(list)
        var prepared = false
        for index in 0..<min(buffers.count, owned.list.count) where buffers[index].mData == nil {
            if !prepared { owned.prepare(frames: frames) }
            prepared = true
            buffers[index] = owned.list[index]
        }
    }
}
