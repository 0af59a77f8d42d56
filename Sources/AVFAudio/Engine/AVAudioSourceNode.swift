import Foundation
import CoreAudioTypes

/// `AVAudioSourceNode`: a node whose samples come from the app's render block, called once per
/// render pass with the node's time stamp, on the render side (it must not allocate or block).
/// Made with a format, the block renders in that format and the node's output takes it (a
/// different connection channel count is mapped by layout; the rate must be the block's).
public final class AVAudioSourceNode: AVAudioNode, AVAudioMixing, @unchecked Sendable {
    private let renderBlock: AVAudioSourceNodeRenderBlock
    private let blockFormat: AVAudioFormat?
    private var mixing = MixingSettings()
    public var volume: Float { get { mixing.volume } set { mixing.volume = newValue } }
    public var pan: Float { get { mixing.pan } set { mixing.pan = newValue } }
    override var mixingVolume: Float { mixing.volume }
    override var mixingPan: Float { mixing.pan }

    private var view: BufferListView?
    private var blockBuffer: RenderBuffer?
    private var routing: ChannelRouting?

    /// The block renders in the node's output format (the connection's).
    public init(renderBlock block: @escaping AVAudioSourceNodeRenderBlock) {
        renderBlock = block
        blockFormat = nil
        super.init(inputs: 0, outputs: 1)
    }

    /// The block renders in `format`.
    public init(format: AVAudioFormat, renderBlock block: @escaping AVAudioSourceNodeRenderBlock) {
        renderBlock = block
        blockFormat = format
        super.init(inputs: 0, outputs: 1, format: format)
    }

    override func prepareRender(maximumFrames: Int) {
        super.prepareRender(maximumFrames: maximumFrames)
        let format = blockFormat ?? outputFormats[0]
        if let blockFormat, blockFormat.channelCount != outputFormats[0].channelCount {
            blockBuffer = RenderBuffer(channelCount: Int(blockFormat.channelCount), capacity: maximumFrames)
            routing = ChannelRouting(from: blockFormat, to: outputFormats[0])
        } else {
            (blockBuffer, routing) = (nil, nil)
        }
        if view?.channelCount != Int(format.channelCount) { view = BufferListView(channelCount: Int(format.channelCount)) }
    }

    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        guard let view else { return output.clear(frames: frames) }
        let target = blockBuffer ?? output
        view.point(at: target.channels, frames: frames)
        var stamp = AudioTimeStamp()
        stamp.mSampleTime = Double(nodeFrames)
        stamp.mFlags = .sampleTimeValid
        if let host = serials.cycleHostTime { (stamp.mHostTime, stamp.mFlags) = (host, [.sampleTimeValid, .hostTimeValid]) }
        var isSilence = ObjCBool(false)
        let status = withUnsafePointer(to: &stamp) { renderBlock(&isSilence, $0, AVAudioFrameCount(frames), view.list.unsafeMutablePointer) }
        if status != 0 || isSilence.boolValue {
            target.clear(frames: frames)
        } else {
            view.collect(into: target.channels, frames: frames)
        }
        if let blockBuffer, let routing {
            output.clear(frames: frames)
            routing.accumulate(blockBuffer.channels, into: output.channels, frames: frames, volume: 1, pan: 0)
        }
    }
}

/// `AVAudioSinkNode`: hands the app its input chain's samples, once per render pass on the
/// device's IO cycle. No output bus (so no tap), no conversion, not in manual rendering mode.
public final class AVAudioSinkNode: AVAudioNode, @unchecked Sendable {
    private let receiverBlock: AVAudioSinkNodeReceiverBlock
    private var view: BufferListView?

    public init(receiverBlock block: @escaping AVAudioSinkNodeReceiverBlock) {
        receiverBlock = block
        super.init(inputs: 1, outputs: 0)
    }

    override func prepareRender(maximumFrames: Int) {
        super.prepareRender(maximumFrames: maximumFrames)
        let channels = Int(inputFormats[0].channelCount)
        if view?.channelCount != channels { view = BufferListView(channelCount: channels) }
    }

    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        guard let view, let input = inputNode(0), engine?.isInManualRenderingMode == false else { return }
        let channels = input.node.pull(frames, serial: serial, serials: serials)
        view.point(at: channels, frames: frames)
        var stamp = AudioTimeStamp()
        stamp.mSampleTime = Double(nodeFrames)
        stamp.mFlags = .sampleTimeValid
        if let host = serials.cycleHostTime { (stamp.mHostTime, stamp.mFlags) = (host, [.sampleTimeValid, .hostTimeValid]) }
        _ = withUnsafePointer(to: &stamp) { receiverBlock($0, AVAudioFrameCount(frames), view.list.unsafePointer) }
    }
}
