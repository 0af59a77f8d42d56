import Foundation

// The engine's types with Apple's Swift spellings and raw values (AVAudioTypes.h, AVAudioNode.h,
// AVAudioEngine.h, AVAudioIONode.h, AVAudioSourceNode.h, AVAudioSinkNode.h).

/// A node's input or output bus number.
public typealias AVAudioNodeBus = Int

/// Called with a block of the samples a node's bus rendered and the time of its first frame.
public typealias AVAudioNodeTapBlock = (AVAudioPCMBuffer, AVAudioTime) -> Void

/// Called when a scheduled buffer, file or segment is done with. Not `@Sendable`, as in Apple's
/// SDK: an app's handler may capture its own state (the simulation calls it on its one scheduler).
public typealias AVAudioNodeCompletionHandler = () -> Void

public enum AVAudioEngineManualRenderingMode: Int, Sendable {
    /// The app pulls as fast as it likes, from any thread; the engine may block.
    case offline = 0
    /// The app pulls from a real-time context with the manual rendering block.
    case realtime = 1
}

public enum AVAudioEngineManualRenderingStatus: Int, Sendable {
    case error = -1
    case success = 0
    /// The input node's block returned less than asked for.
    case insufficientDataFromInputNode = 1
    /// The operation cannot be done in the current context (e.g. a node is being changed).
    case cannotDoInCurrentContext = 2
}

/// The engine's manual-rendering error codes (OSStatus values, domain `NSOSStatusErrorDomain`).
public enum AVAudioEngineManualRenderingError: OSStatus, Error, Sendable {
    /// The call is not allowed in this manual rendering mode (e.g. `renderOffline` in `.realtime`).
    case invalidMode = -80800
    /// The engine must be stopped for this call.
    case initialized = -80801
    /// The engine must be running for this call.
    case notRunning = -80802
}

/// Renders `frames` frames into the buffer list; the optional pointer receives an OSStatus.
public typealias AVAudioEngineManualRenderingBlock =
    (AVAudioFrameCount, UnsafeMutablePointer<AudioBufferList>, UnsafeMutablePointer<OSStatus>?)
    -> AVAudioEngineManualRenderingStatus

/// Supplies the input node's samples in manual rendering mode; nil or too few means no data.
public typealias AVAudioIONodeInputBlock = (AVAudioFrameCount) -> UnsafePointer<AudioBufferList>?

/// A source node's render block: sets `isSilence` as a hint, fills the buffer list with
/// `frameCount` frames at the time stamp and returns noErr (0) or an error.
public typealias AVAudioSourceNodeRenderBlock = (UnsafeMutablePointer<ObjCBool>, UnsafePointer<AudioTimeStamp>,
                                                 AVAudioFrameCount, UnsafeMutablePointer<AudioBufferList>) -> OSStatus

/// A sink node's receiver block: gets `frameCount` frames of the input chain at the time stamp.
public typealias AVAudioSinkNodeReceiverBlock = (UnsafePointer<AudioTimeStamp>, AVAudioFrameCount,
                                                 UnsafePointer<AudioBufferList>) -> OSStatus

extension Notification.Name {
    /// Posted (object: the engine) after the engine stopped itself because the hardware's sample
    /// rate or channel count changed while it rendered to the device.
    public static let AVAudioEngineConfigurationChange = Notification.Name("AVAudioEngineConfigurationChangeNotification")
}
