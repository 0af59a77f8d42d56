/// Which inputs a `multiRoute` session records from. The sources disagree, so both readings are
/// available and the one the SDK header states is the default:
/// - `lastInPort`: "input is limited to the last-in input port" (AVAudioSessionTypes.h, reference
///   avaudiosession.md §10.2, §10.6);
/// - `allEligible`: the WWDC 2012 talk (seed 004) shows headphones plus a 2-in/2-out USB interface
///   as "three inputs … the iPad built-in microphone and the two USB inputs".
public enum MultiRouteInputRule: String, CaseIterable, Hashable, Sendable {
    case lastInPort
    case allEligible
}
