import Foundation

/// A point (or vector) in metres: x to the right, y up, z towards the listener's back (a listener
/// with the default orientation faces −z).
public struct AVAudio3DPoint: Sendable, Equatable {
    public var x: Float
    public var y: Float
    public var z: Float

    public init() { (x, y, z) = (0, 0, 0) }
    public init(x: Float, y: Float, z: Float) { (self.x, self.y, self.z) = (x, y, z) }
}

public typealias AVAudio3DVector = AVAudio3DPoint

/// AVAudioTypes.h's inline makers.
public func AVAudioMake3DPoint(_ x: Float, _ y: Float, _ z: Float) -> AVAudio3DPoint { AVAudio3DPoint(x: x, y: y, z: z) }
public func AVAudioMake3DVector(_ x: Float, _ y: Float, _ z: Float) -> AVAudio3DVector { AVAudio3DVector(x: x, y: y, z: z) }
public func AVAudioMake3DVectorOrientation(_ forward: AVAudio3DVector, _ up: AVAudio3DVector) -> AVAudio3DVectorOrientation {
    AVAudio3DVectorOrientation(forward: forward, up: up)
}
public func AVAudioMake3DAngularOrientation(_ yaw: Float, _ pitch: Float, _ roll: Float) -> AVAudio3DAngularOrientation {
    AVAudio3DAngularOrientation(yaw: yaw, pitch: pitch, roll: roll)
}

/// Raw values as AVAudioMixing.h.
public enum AVAudio3DMixingRenderingAlgorithm: Int, Sendable {
    case equalPowerPanning = 0, sphericalHead = 1, HRTF = 2, soundField = 3, stereoPassThrough = 5, HRTFHQ = 6, auto = 7
}

public enum AVAudio3DMixingSourceMode: Int, Sendable {
    case spatializeIfMono = 0, bypass = 1, pointSource = 2, ambienceBed = 3
}

public enum AVAudio3DMixingPointSourceInHeadMode: Int, Sendable {
    case mono = 0, bypass = 1
}

/// `AVAudio3DMixing`: how a source is placed by an `AVAudioEnvironmentNode` it feeds (other
/// mixers ignore these).
public protocol AVAudio3DMixing: AnyObject {
    /// Default `.equalPowerPanning`: the only algorithm the simulation renders; the others are
    /// accepted and rendered the same way.
    var renderingAlgorithm: AVAudio3DMixingRenderingAlgorithm { get set }
    var sourceMode: AVAudio3DMixingSourceMode { get set }
    var pointSourceInHeadMode: AVAudio3DMixingPointSourceInHeadMode { get set }
    /// 0.5 … 2.0, default 1 (kept; the simulation does not change the playback rate for it).
    var rate: Float { get set }
    /// 0 (dry) … 1 (wet), default 0 (kept; the environment's reverb is not simulated).
    var reverbBlend: Float { get set }
    /// −100 … 0 dB, default 0: attenuates the direct path (obstruction) or everything (occlusion).
    var obstruction: Float { get set }
    var occlusion: Float { get set }
    /// Metres, in the environment's coordinates; default the origin.
    var position: AVAudio3DPoint { get set }
}

/// The values behind `AVAudio3DMixing`, kept by every node (only the adopters expose them).
struct SpatialSettings {
    var renderingAlgorithm = AVAudio3DMixingRenderingAlgorithm.equalPowerPanning
    var sourceMode = AVAudio3DMixingSourceMode.spatializeIfMono
    var pointSourceInHeadMode = AVAudio3DMixingPointSourceInHeadMode.mono
    var rate: Float = 1 { didSet { rate = min(max(rate, 0.5), 2) } }
    var reverbBlend: Float = 0 { didSet { reverbBlend = min(max(reverbBlend, 0), 1) } }
    var obstruction: Float = 0 { didSet { obstruction = min(max(obstruction, -100), 0) } }
    var occlusion: Float = 0 { didSet { occlusion = min(max(occlusion, -100), 0) } }
    var position = AVAudio3DPoint()
}

extension AVAudio3DMixing where Self: AVAudioNode {
    public var renderingAlgorithm: AVAudio3DMixingRenderingAlgorithm {
        get { spatial.renderingAlgorithm } set { spatial.renderingAlgorithm = newValue }
    }
    public var sourceMode: AVAudio3DMixingSourceMode { get { spatial.sourceMode } set { spatial.sourceMode = newValue } }
    public var pointSourceInHeadMode: AVAudio3DMixingPointSourceInHeadMode {
        get { spatial.pointSourceInHeadMode } set { spatial.pointSourceInHeadMode = newValue }
    }
    public var rate: Float { get { spatial.rate } set { spatial.rate = newValue } }
    public var reverbBlend: Float { get { spatial.reverbBlend } set { spatial.reverbBlend = newValue } }
    public var obstruction: Float { get { spatial.obstruction } set { spatial.obstruction = newValue } }
    public var occlusion: Float { get { spatial.occlusion } set { spatial.occlusion = newValue } }
    public var position: AVAudio3DPoint { get { spatial.position } set { spatial.position = newValue } }
}
