import SimCore

/// The synth with a playout delay, as BLE-MIDI instrument apps use one: every note plays 20 ms
/// after its sender's time stamp (longer than the slowest 15 ms connection interval plus
/// processing and jitter), so notes keep the spacing the player gave them however the link's
/// connection events bunch their arrivals.
public final class TimedSynthApp: SynthApp, @unchecked Sendable {
    override public class var playoutDelay: HostDuration { .milliseconds(20) }
}
