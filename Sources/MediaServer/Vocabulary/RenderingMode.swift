/// `AVAudioSession.RenderingMode` (iOS 17.2): how the system renders what the session plays. The
/// simulation decides among the first four from the route (MediaPolicy+Rendering.swift); the two
/// Dolby modes need Dolby-encoded content, which no simulated app plays.
public enum RenderingMode: Int, CaseIterable, Hashable, Sendable {
    /// Nothing playing (no asset loaded or playing, in Apple's words).
    case notApplicable = 0
    case monoStereo = 1
    case surround = 2
    /// Spatial audio on capable headphones (also Apple's fallback for Dolby content the route can't render).
    case spatialAudio = 3
    case dolbyAudio = 4
    case dolbyAtmos = 5
}
