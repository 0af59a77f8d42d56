internal import COpenAL
import MediaServer

// Apple's OpenAL output capturer (iOS 7, oalMacOSX_OALExtensions.h): an app captures what its
// current context renders. Apps get the five functions through `alcGetProcAddress` with the
// proc-pointer types Swift imports; here they capture OpenAL Soft's loopback mix on the render
// side (OpenALDevice) and hand it out converted to the asked rate and format.

public typealias alcOutputCapturerPrepareProcPtr = @convention(c) (OpenAL.ALCuint, OpenAL.ALCenum, OpenAL.ALCsizei) -> Void
public typealias alcOutputCapturerStartProcPtr = @convention(c) () -> Void
public typealias alcOutputCapturerStopProcPtr = @convention(c) () -> Void
public typealias alcOutputCapturerAvailableSamplesProcPtr = @convention(c) () -> OpenAL.ALint
public typealias alcOutputCapturerSamplesProcPtr = @convention(c) (UnsafeMutableRawPointer?, OpenAL.ALCsizei) -> Void

/// Apple's extension functions by name: the output capturer's and the rendering quality's
/// (OpenALRenderingQuality); nil for any other name.
public func alcGetProcAddress(_ device: OpaquePointer?, _ funcname: UnsafePointer<ALCchar>?) -> UnsafeMutableRawPointer? {
    guard let funcname else { return nil }
    let name = String(cString: funcname)
    return OpenALOutputCapturer.procAddress(name) ?? OpenALRenderingQuality.procAddress(name)
}

extension OpenALOutputCapturer {
    static func procAddress(_ name: String) -> UnsafeMutableRawPointer? {
        let prepare: alcOutputCapturerPrepareProcPtr = { OpenALApp.calling?.capturer()?.prepare(frequency: Int($0), format: $1, samples: Int($2)) }
        let start: alcOutputCapturerStartProcPtr = { OpenALApp.calling?.capturer()?.isCapturing = true }
        let stop: alcOutputCapturerStopProcPtr = { OpenALApp.calling?.capturer()?.isCapturing = false }
        let available: alcOutputCapturerAvailableSamplesProcPtr = { ALint(OpenALApp.calling?.capturer()?.availableSamples ?? 0) }
        let samples: alcOutputCapturerSamplesProcPtr = { buffer, count in
            guard let buffer else { return }
            OpenALApp.calling?.capturer()?.read(into: buffer, samples: Int(count))
        }
        switch name {
        case "alcOutputCapturerPrepare": return unsafeBitCast(prepare, to: UnsafeMutableRawPointer.self)
        case "alcOutputCapturerStart": return unsafeBitCast(start, to: UnsafeMutableRawPointer.self)
        case "alcOutputCapturerStop": return unsafeBitCast(stop, to: UnsafeMutableRawPointer.self)
        case "alcOutputCapturerAvailableSamples": return unsafeBitCast(available, to: UnsafeMutableRawPointer.self)
        case "alcOutputCapturerSamples": return unsafeBitCast(samples, to: UnsafeMutableRawPointer.self)
        default: return nil
        }
    }
}

/// What one device's capturer holds: the last `capacity` stereo frames of the mix at the mixer
/// rate (a ring the render side writes without allocating), read on the control side at the
/// app's rate (linear interpolation) and format (8- or 16-bit, mono as the channels' mean).
final class OpenALOutputCapturer {
    let mixerRate: Int
    var isCapturing = false
    private var ring = UnsafeMutablePointer<Float>.allocate(capacity: 2)
    private var capacity = 1
    private var start = 0
    private var count = 0
    private var frequency = 44_100
    private var format = AL_FORMAT_STEREO16
    /// Where the next read starts, in mixer frames past `start` (fractional when rates differ).
    private var position = 0.0

    init(mixerRate: Int) { self.mixerRate = mixerRate }
    deinit { ring.deallocate() }

    /// `alcOutputCapturerPrepare`: room for `samples` frames at `frequency`; forgets what it held.
    func prepare(frequency: Int, format: ALCenum, samples: Int) {
        guard frequency > 0, samples > 0,
              [AL_FORMAT_MONO8, AL_FORMAT_MONO16, AL_FORMAT_STEREO8, AL_FORMAT_STEREO16].contains(format) else { return }
        self.frequency = frequency
        self.format = format
        capacity = max(1, samples * mixerRate / frequency + 1)
        ring.deallocate()
        ring = .allocate(capacity: 2 * capacity)
        (start, count, position) = (0, 0, 0)
    }

    /// Render side: the interleaved stereo mix of one cycle.
    func append(_ interleaved: UnsafePointer<Float>, frames: Int) {
        guard isCapturing else { return }
        for frame in 0..<frames {
            let slot = (start + count) % capacity
            ring[2 * slot] = interleaved[2 * frame]
            ring[2 * slot + 1] = interleaved[2 * frame + 1]
            if count < capacity {
                count += 1
            } else {
                start = (start + 1) % capacity
                position = max(0, position - 1)
            }
        }
    }

    private var step: Double { Double(mixerRate) / Double(frequency) }

    /// `alcOutputCapturerAvailableSamples`: whole frames at the app's rate ready to read.
    var availableSamples: Int { max(0, Int((Double(count - 1) - position) / step) + 1) }

    /// `alcOutputCapturerSamples`: the oldest `samples` frames, in the prepared format.
    func read(into buffer: UnsafeMutableRawPointer, samples: Int) {
        let channels = format == AL_FORMAT_STEREO8 || format == AL_FORMAT_STEREO16 ? 2 : 1
        let wide = format == AL_FORMAT_MONO16 || format == AL_FORMAT_STEREO16
        for index in 0..<min(samples, availableSamples) {
            let (left, right) = frame(at: position)
            position += step
            let values = channels == 2 ? [left, right] : [(left + right) / 2]
            for (channel, value) in values.enumerated() {
                let clamped = max(-1, min(1, value))
                let offset = index * channels + channel
                if wide {
                    buffer.storeBytes(of: Int16((clamped * 32_767).rounded()), toByteOffset: offset * 2, as: Int16.self)
                } else {
                    buffer.storeBytes(of: UInt8((clamped * 127).rounded() + 128), toByteOffset: offset, as: UInt8.self)
                }
            }
        }
        let consumed = Int(position)
        start = (start + consumed) % capacity
        count -= consumed
        position -= Double(consumed)
    }

    /// The mix at a fractional frame past `start`, interpolated between its neighbours.
    private func frame(at position: Double) -> (Float, Float) {
        let first = Int(position), fraction = Float(position - Double(first))
        let a = (start + first) % capacity, b = (start + min(first + 1, count - 1)) % capacity
        return (ring[2 * a] + (ring[2 * b] - ring[2 * a]) * fraction, ring[2 * a + 1] + (ring[2 * b + 1] - ring[2 * a + 1]) * fraction)
    }
}

extension OpenALApp {
    /// The capturer of the current context's device (nil without a current context).
    func capturer() -> OpenALOutputCapturer? {
        guard let current, let handle = contextDevice[current] else { return nil }
        return devices[handle]?.capturer
    }
}
