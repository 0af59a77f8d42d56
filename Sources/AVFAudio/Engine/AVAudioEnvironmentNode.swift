import AudioGraph
import Foundation

/// Raw values as AVAudioEnvironmentNode.h.
public enum AVAudioEnvironmentDistanceAttenuationModel: Int, Sendable {
    case exponential = 1, inverse = 2, linear = 3
}

/// `AVAudioEnvironmentDistanceAttenuationParameters`: how a source's level falls with its
/// distance from the listener. Beyond `maximumDistance` it falls no further; nearer than
/// `referenceDistance` it is not louder.
open class AVAudioEnvironmentDistanceAttenuationParameters: NSObject, @unchecked Sendable {
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

/// The output an environment node renders for, with Apple's raw values.
public enum AVAudioEnvironmentOutputType: Int, Sendable {
    case auto = 0
    case headphones = 1
    case builtInSpeakers = 2
    case externalSpeakers = 3
}

/// `AVAudio3DVectorOrientation`: where the listener faces and which way is up.
public struct AVAudio3DVectorOrientation: Sendable, Equatable {
    public var forward: AVAudio3DVector
    public var up: AVAudio3DVector
    /// All zero, as Swift imports C structs.
    public init() { (forward, up) = (AVAudio3DVector(), AVAudio3DVector()) }
    public init(forward: AVAudio3DVector, up: AVAudio3DVector) { (self.forward, self.up) = (forward, up) }
}

/// `AVAudio3DAngularOrientation`: degrees, −180 … 180. Yaw turns the listener about the y (up)
/// axis, positive to the right as seen from above; pitch about the x axis, positive looking up;
/// roll about the z axis, positive tilting the right ear down. Applied roll, then pitch, then yaw.
public struct AVAudio3DAngularOrientation: Sendable, Equatable {
    public var yaw: Float
    public var pitch: Float
    public var roll: Float
    /// All zero, as Swift imports C structs.
    public init() { (yaw, pitch, roll) = (0, 0, 0) }
    public init(yaw: Float, pitch: Float, roll: Float) { (self.yaw, self.pitch, self.roll) = (yaw, pitch, roll) }
}

/// `AVAudioEnvironmentNode`: a mixer that places its mono inputs around a listener. Each mono
/// source is panned with the equal-power law by where it lies to the listener's left or right
/// (the sine of its azimuth from the listener's own right axis, so turning the listener moves
/// the sources) and attenuated by its distance (`distanceAttenuationParameters`); its
/// `obstruction` (dB) attenuates its direct path, its `occlusion` (dB) the direct path and its
/// reverb send. With the reverb on (`reverbParameters`) a source's `reverbBlend` crossfades it
/// from direct (0) to all reverb (1). Stereo inputs pass through at their volume and pan, as
/// Apple documents. The output is stereo (a wider output gets the stereo image on its first two
/// channels). Every rendering algorithm renders as equal-power panning, and obstruction and
/// occlusion attenuate without filtering.
open class AVAudioEnvironmentNode: AVAudioNode, AVAudioMixing, MixingDestinationHost, @unchecked Sendable {
    /// 0 … 1, default 1.
    public var outputVolume: Float = 1 { didSet { outputVolume = min(max(outputVolume, 0), 1) } }
    /// Default the origin.
    public var listenerPosition = AVAudio3DPoint()
    /// Default forward (0, 0, −1), up (0, 1, 0). Setting it sets `listenerAngularOrientation` to
    /// the same orientation, and the other way round.
    public var listenerVectorOrientation: AVAudio3DVectorOrientation {
        get { orientation.vectors }
        set { orientation = ListenerOrientation(vectors: newValue) }
    }
    public var listenerAngularOrientation: AVAudio3DAngularOrientation {
        get { orientation.angles }
        set { orientation = ListenerOrientation(angles: newValue) }
    }
    public let distanceAttenuationParameters = AVAudioEnvironmentDistanceAttenuationParameters()
    public let reverbParameters = AVAudioEnvironmentReverbParameters()
    /// Which output the rendering is tuned for; `.auto` (the default) follows the route. Every type
    /// renders as equal-power panning here, so the setting is kept and read back only.
    public var outputType = AVAudioEnvironmentOutputType.auto
    /// Follow the listener's head with head-tracking headphones (AirPods). The simulated routes
    /// have no head tracker, so the listener stays where `listenerAngularOrientation` puts it.
    public var isListenerHeadTrackingEnabled = false
    public var applicableRenderingAlgorithms: [NSNumber] {
        [AVAudio3DMixingRenderingAlgorithm.equalPowerPanning, .sphericalHead, .HRTF, .HRTFHQ, .soundField, .stereoPassThrough, .auto]
            .map { NSNumber(value: $0.rawValue) }
    }

    private var orientation = ListenerOrientation(angles: AVAudio3DAngularOrientation(yaw: 0, pitch: 0, roll: 0))
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
        reverbParameters.prepare(sampleRate: outputFormat(forBus: 0).sampleRate, maximumFrames: maximumFrames)
    }

    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        output.clear(frames: frames)
        let sends = reverbParameters.beginSends(frames: frames)
        for bus in 0..<min(bridges.count, routings.count) {
            guard let bridge = bridges[bus], let routing = routings[bus], let (source, _) = inputNode(bus) else { continue }
            let channels = bridge.pull(source, frames: frames, serial: serial, serials: serials)
            let mixing = destinationMixing(bus: bus)
            if bridge.channelCount == 1, source.spatial.sourceMode != .bypass, source.spatial.renderingAlgorithm != .stereoPassThrough {
                let place = placement(of: source.spatial, reverb: sends != nil)
                let gain = mixing.volume * outputVolume
                MixKernel.accumulate(channels[0], into: output.channels[0], gain: gain * place.left, frames: frames)
                if output.channelCount > 1 {
                    MixKernel.accumulate(channels[0], into: output.channels[1], gain: gain * place.right, frames: frames)
                }
                if let sends, place.send > 0 { MixKernel.accumulate(channels[0], into: sends, gain: gain * place.send, frames: frames) }
            } else {
                routing.accumulate(channels, into: output.channels, frames: frames, volume: mixing.volume * outputVolume, pan: mixing.pan)
            }
        }
        if sends != nil { reverbParameters.finishSends(into: output, frames: frames, gain: 1) }
    }

    /// The left and right gains of a mono source's direct path, and its reverb send: equal-power
    /// panning by the sine of its azimuth from the listener's right axis, times its distance
    /// attenuation; obstruction on the direct path, occlusion on both; with the reverb on, the
    /// source's `reverbBlend` divides it between the two.
    func placement(of spatial: SpatialSettings, reverb: Bool) -> (left: Float, right: Float, send: Float) {
        let p = spatial.position, l = listenerPosition
        let offset = AVAudio3DVector(x: p.x - l.x, y: p.y - l.y, z: p.z - l.z)
        let distance = offset.length
        let right = orientation.right
        let side = distance > 0 ? offset.dot(right) / distance : 0
        let angle = (min(max(side, -1), 1) + 1) * Float.pi / 4
        let level = distanceAttenuationParameters.gain(distance: distance) * Float(EngineMath.gain(decibels: Double(spatial.occlusion)))
        let blend = reverb ? spatial.reverbBlend : 0
        let direct = level * (1 - blend) * Float(EngineMath.gain(decibels: Double(spatial.obstruction)))
        return (cos(angle) * direct, sin(angle) * direct, level * blend)
    }
}

/// The listener's orientation, kept as both the vectors and the angles so each reads back what
/// was set. Vectors given are normalized (up made perpendicular to forward).
struct ListenerOrientation {
    let vectors: AVAudio3DVectorOrientation
    let angles: AVAudio3DAngularOrientation
    /// The listener's right: forward × up.
    let right: AVAudio3DVector

    init(angles: AVAudio3DAngularOrientation) {
        self.angles = angles
        let (yaw, pitch, roll) = (Self.radians(angles.yaw), Self.radians(angles.pitch), Self.radians(angles.roll))
        let forward = AVAudio3DVector(x: sin(yaw) * cos(pitch), y: sin(pitch), z: -cos(yaw) * cos(pitch))
        // Up with no roll, then turned about forward towards the listener's right by the roll.
        let level = AVAudio3DVector(x: -sin(yaw) * sin(pitch), y: cos(pitch), z: cos(yaw) * sin(pitch))
        let levelRight = forward.cross(level)
        let up = level.scaled(cos(roll)).adding(levelRight.scaled(sin(roll)))
        vectors = AVAudio3DVectorOrientation(forward: forward, up: up)
        right = forward.cross(up)
    }

    init(vectors given: AVAudio3DVectorOrientation) {
        let forward = given.forward.normalized ?? AVAudio3DVector(x: 0, y: 0, z: -1)
        let up = given.up.adding(forward.scaled(-given.up.dot(forward))).normalized ?? Self.levelUp(forward)
        vectors = AVAudio3DVectorOrientation(forward: forward, up: up)
        right = forward.cross(up)
        let pitch = asin(min(max(forward.y, -1), 1))
        let yaw = atan2(forward.x, -forward.z)
        let level = Self.levelUp(forward)
        let roll = atan2(up.dot(forward.cross(level)), up.dot(level))
        angles = AVAudio3DAngularOrientation(yaw: Self.degrees(yaw), pitch: Self.degrees(pitch), roll: Self.degrees(roll))
    }

    /// The up vector with no roll for a listener facing `forward`.
    private static func levelUp(_ forward: AVAudio3DVector) -> AVAudio3DVector {
        let yaw = atan2(forward.x, -forward.z), pitch = asin(min(max(forward.y, -1), 1))
        return AVAudio3DVector(x: -sin(yaw) * sin(pitch), y: cos(pitch), z: cos(yaw) * sin(pitch))
    }

    private static func radians(_ degrees: Float) -> Float { degrees * .pi / 180 }
    private static func degrees(_ radians: Float) -> Float { radians * 180 / .pi }
}

extension AVAudio3DVector {
    var length: Float { dot(self).squareRoot() }
    var normalized: AVAudio3DVector? { length > 1e-6 ? scaled(1 / length) : nil }
    func dot(_ other: AVAudio3DVector) -> Float { x * other.x + y * other.y + z * other.z }
    func cross(_ o: AVAudio3DVector) -> AVAudio3DVector {
        AVAudio3DVector(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
    }
    func scaled(_ factor: Float) -> AVAudio3DVector { AVAudio3DVector(x: x * factor, y: y * factor, z: z * factor) }
    func adding(_ o: AVAudio3DVector) -> AVAudio3DVector { AVAudio3DVector(x: x + o.x, y: y + o.y, z: z + o.z) }
}

enum EngineMath {
    static func gain(decibels: Double) -> Double { pow(10, decibels / 20) }
}
