/// One step of a render program. Plain values only (no references, no closures), so running a
/// program is a switch over a flat array.
public enum RenderOp: Sendable, Hashable {
    /// Render voice `voice` (its source, start/stop window and gain ramp) into scratch channels
    /// `firstScratch ..< firstScratch + channels`.
    case renderVoice(voice: Int, firstScratch: Int)
    /// Call client voice `voice`'s `RenderClient` for scratch channels `firstScratch…`, giving it
    /// output channel `inputChannel` (already mixed this cycle) as its input, or none when −1.
    case renderClient(voice: Int, firstScratch: Int, inputChannel: Int)
    /// Add a scratch channel into an output channel at `gain`, times the pan gain of `voice`'s
    /// pan ramp for `side`.
    case accumulate(scratch: Int, output: Int, gain: Float, voice: Int, side: PanLaw.Side)
}
