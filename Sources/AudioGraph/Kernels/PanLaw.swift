/// How a pan position in −1 (left) … +1 (right) sets the gains of the left and right outputs.
///
/// A balance law: at the centre both sides are at unity, and panning attenuates the opposite
/// side linearly to zero. Chosen so that a mono source at the default pan plays "the same mono
/// data to the first two channels" at full level, as Apple describes the default mapping (seed
/// 004), rather than the −3 dB of a constant-power law.
public enum PanLaw {
    /// Which output a routed source channel feeds, for the pan gain it takes.
    public enum Side: Sendable, Hashable {
        case centre, left, right
    }

    @inline(__always)
    public static func gain(_ side: Side, pan: Float) -> Float {
        let clamped = min(max(pan, -1), 1)
        switch side {
        case .centre: return 1
        case .left: return min(1, 1 - clamped)
        case .right: return min(1, 1 + clamped)
        }
    }
}
