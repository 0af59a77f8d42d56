/// A parameter (gain, pan) as a function of the frame position: a list of linear ramps, each
/// starting at an absolute frame.
///
/// Ramps are defined in sample time, not per cycle: the value at frame `f` depends only on `f`
/// and the ramps set so far, so a ramp gives identical samples however the audio is cut into IO
/// cycles. Setting a ramp is control-side work; reading and `discard(before:)` are render-safe.
public struct ParameterTimeline: Sendable {
    struct Segment: Sendable {
        var startFrame: Int64
        var from: Float
        var to: Float
        var lengthFrames: Int64

        @inline(__always)
        func value(at frame: Int64) -> Float {
            let elapsed = frame - startFrame
            guard elapsed < lengthFrames else { return to }
            return from + (to - from) * (Float(elapsed) / Float(lengthFrames))
        }

        var endFrame: Int64 { startFrame + lengthFrames }
    }

    private var segments: [Segment]

    public init(_ value: Float) {
        segments = [Segment(startFrame: .min / 2, from: value, to: value, lengthFrames: 0)]
        segments.reserveCapacity(8)
    }

    /// The value the parameter reaches once every ramp has finished.
    public var target: Float { segments[segments.count - 1].to }

    /// Ramps linearly from the value at `frame` to `target` over `lengthFrames` (0: a step).
    /// A ramp cannot start before the last one did; it is moved to that frame.
    public mutating func ramp(to target: Float, at frame: Int64, lengthFrames: Int64) {
        let start = max(frame, segments[segments.count - 1].startFrame)
        let from = value(at: start)
        while let last = segments.last, last.startFrame == start, segments.count > 1 { segments.removeLast() }
        segments.append(Segment(startFrame: start, from: from, to: target, lengthFrames: max(0, lengthFrames)))
    }

    /// The value at `frame`.
    @inline(__always)
    public func value(at frame: Int64) -> Float {
        var index = segments.count - 1
        while index > 0 && segments[index].startFrame > frame { index -= 1 }
        return segments[index].value(at: frame)
    }

    /// The value if it holds still over `frames` frames from `frame`, else nil.
    @inline(__always)
    public func constantValue(from frame: Int64, frames: Int) -> Float? {
        var index = segments.count - 1
        while index > 0 && segments[index].startFrame > frame { index -= 1 }
        let segment = segments[index]
        if index + 1 < segments.count && segments[index + 1].startFrame < frame + Int64(frames) { return nil }
        guard segment.endFrame <= frame || segment.from == segment.to else { return nil }
        return segment.to
    }

    /// Writes the value at each of `frames` frames from `frame`.
    public func fill(_ destination: UnsafeMutablePointer<Float>, from frame: Int64, frames: Int) {
        for index in 0..<frames { destination[index] = value(at: frame + Int64(index)) }
    }

    /// Drops ramps entirely superseded before `frame` (render-safe: shifts, never allocates).
    public mutating func discard(before frame: Int64) {
        while segments.count > 1 && segments[1].startFrame <= frame { segments.removeFirst() }
    }
}
