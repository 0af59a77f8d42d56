import AudioGraph
import Foundation

/// Raw values as AVAudioEnvironmentNode.h.
public enum AVAudioEnvironmentDistanceAttenuationModel: Int, Sendable {
    case exponential = 1, inverse = 2, linear = 3
}

/// `AVAudioEnvironmentDistanceAttenuationParameters`: how a source's level falls with its
/// distance from the listener. Beyond `maximumDistance` it falls no further; nearer than
/// `referenceDistance` it is not louder.
public final class AVAudioEnvironmentDistanceAttenuationParameters: NSObject, @unchecked Sendable {
    /// Default `.inverse`.
    public var distanceAttenuationModel = AVAudioEnvironmentDistanceAttenuationModel.inverse
    /// Metres, default 1.
    public var referenceDistance: Float = 1 { didSet { referenceDistance = max(referenceDistance, 0) } }
    /// Metres, default 100,000.
    public var maximumDistance: Float = 100_000 { didSet { maximumDistance = max(maximumDistance, 0) } }
    /// Default 1.
    public var rolloffFactor: Float = 1 { didSet { rolloffFactor = max(rolloffFactor, 0) } }

    /// The gain at `distance` metres: the OpenAL formulas Apple's models are named after.
    func gain(distance: Float) -> Float {
        let reference = max(referenceDistance, 1e-6)
        let d = min(max(distance, reference), max(maximumDistance, reference))
        switch distanceAttenuationModel {
        case .inverse: return reference / (reference + rolloffFactor * (d - reference))
        case .exponential: return pow(d / reference, -rolloffFactor)
        case .linear:
            let span = max(maximumDistance, reference) - reference
            return span > 0 ? max(0, 1 - rolloffFactor * (d - reference) / span) : 1
        }
    }
}

/// `AVAudio3DVectorOrientation`: where the listener faces and which way is up.
public struct AVAudio3DVectorOrientation: Sendable, Equatable {
    public var forward: AVAudio3DVector
    public var up: AVAudio3DVector
    public init(forward: AVAudio3DVector, up: AVAudio3DVector) { (self.forward, self.up) = (forward, up) }
}

/// `AVAudio3DAngularOrientation`: degrees. Yaw turns the listener about the up axis (positive to
/// the right, as seen from above); pitch and roll are kept but do not change the panning.
public struct AVAudio3DAngularOrientation: Sendable, Equatable {
    public var yaw: Float
    public var pitch: Float
    public var roll: Float
    public init(yaw: Float, pitch: Float, roll: Float) { (self.yaw, self.pitch, self.roll) = (yaw, pitch, roll) }
}

/// `AVAudioEnvironmentNode`: a mixer that places its mono inputs around a listener. Each mono
/// source is panned with the equal-power law by where it lies to the listener's left or right
/// (the sine of its azimuth) and attenuated by its distance (`distanceAttenuationParameters`),
/// and by its `obstruction` and `occlusion`; stereo inputs pass through at their volume and pan,
/// as Apple documents. The output is stereo (a wider output gets the stereo image on its first
/// two channels). Every rendering algorithm renders as equal-power panning, and the
/// environment's reverb is not simulated.
public final class AVAudioEnvironmentNode: AVAudioNode, AVAudioMixing, MixingDestinationHost, @unchecked Sendable {
    /// 0 … 1, default 1.
    public var outputVolume: Float = 1 { didSet { outputVolume = min(max(outputVolume, 0), 1) } }
    /// Default the origin.
    public var listenerPosition = AVAudio3DPoint()
    /// Default forward (0, 0, −1), up (0, 1, 0). Setting the angular orientation sets this too.
    public var listenerVectorOrientation = AVAudio3DVectorOrientation(forward: AVAudio3DVector(x: 0, y: 0, z: -1),
                                                                     up: AVAudio3DVector(x: 0, y: 1, z: 0))
    public var listenerAngularOrientation = AVAudio3DAngularOrientation(yaw: 0, pitch: 0, roll: 0) {
        didSet {
            let yaw = Double(listenerAngularOrientation.yaw) * Double.pi / 180
            listenerVectorOrientation.forward = AVAudio3DVector(x: Float(sin(yaw)), y: 0, z: Float(-cos(yaw)))
            listenerVectorOrientation.up = AVAudio3DVector(x: 0, y: 1, z: 0)
        }
    }
    public let distanceAttenuationParameters = AVAudioEnvironmentDistanceAttenuationParameters()
    public var applicableRenderingAlgorithms: [NSNumber] {
        [AVAudio3DMixingRenderingAlgorithm.equalPowerPanning, .sphericalHead, .HRTF, .HRTFHQ, .soundField, .stereoPassThrough, .auto]
            .map { NSNumber(value: $0.rawValue) }
    }

    private var mixing = MixingSettings()
    public var volume: Float { get { mixing.volume } set { mixing.volume = newValue } }
    public var pan: Float { get { mixing.pan } set { mixing.pan = newValue } }
    override var mixingVolume: Float { mixing.volume }
    override var mixingPan: Float { mixing.pan }

    var overrides: [DestinationOverride?] = []
    private var bridges: [RateBridge?] = []
    private var routings: [ChannelRouting?] = []

    public init() {
        super.init(inputs: 1, outputs: 1)
    }

    /// The first input bus with nothing connected to it.
    public var nextAvailableInputBus: AVAudioNodeBus { firstFreeInputBus }

    override func prepareRender(maximumFrames: Int) {
        super.prepareRender(maximumFrames: maximumFrames)
        (bridges, routings) = inputStages(previous: [], maximumFrames: maximumFrames)
    }

    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        output.clear(frames: frames)
        for bus in 0..<min(bridges.count, routings.count) {
            guard let bridge = bridges[bus], let routing = routings[bus], let (source, _) = inputNode(bus) else { continue }
            let channels = bridge.pull(source, frames: frames, serial: serial, serials: serials)
            let mixing = destinationMixing(bus: bus)
            if bridge.channelCount == 1, source.spatial.sourceMode != .bypass, source.spatial.renderingAlgorithm != .stereoPassThrough {
                let (left, right) = placement(of: source.spatial)
                let gain = mixing.volume * outputVolume
                MixKernel.accumulate(channels[0], into: output.channels[0], gain: gain * left, frames: frames)
                if output.channelCount > 1 {
                    MixKernel.accumulate(channels[0], into: output.channels[1], gain: gain * right, frames: frames)
                }
            } else {
                routing.accumulate(channels, into: output.channels, frames: frames, volume: mixing.volume * outputVolume, pan: mixing.pan)
            }
        }
    }

    /// The left and right gains of a mono source at `spatial.position`: equal-power panning by the
    /// sine of its azimuth, times its distance attenuation, obstruction and occlusion.
    func placement(of spatial: SpatialSettings) -> (left: Float, right: Float) {
        let p = spatial.position, l = listenerPosition
        let (dx, dy, dz) = (p.x - l.x, p.y - l.y, p.z - l.z)
        let distance = (dx * dx + dy * dy + dz * dz).squareRoot()
        let forward = listenerVectorOrientation.forward, up = listenerVectorOrientation.up
        // right = forward × up
        let right = (forward.y * up.z - forward.z * up.y, forward.z * up.x - forward.x * up.z, forward.x * up.y - forward.y * up.x)
        let rightLength = (right.0 * right.0 + right.1 * right.1 + right.2 * right.2).squareRoot()
        let side = distance > 0 && rightLength > 0 ? (dx * right.0 + dy * right.1 + dz * right.2) / (distance * rightLength) : 0
        let angle = (min(max(side, -1), 1) + 1) * Float.pi / 4
        let level = distanceAttenuationParameters.gain(distance: distance)
            * Float(EngineMath.gain(decibels: Double(spatial.obstruction + spatial.occlusion)))
        return (cos(angle) * level, sin(angle) * level)
    }
}

enum EngineMath {
    static func gain(decibels: Double) -> Double { pow(10, decibels / 20) }
}
