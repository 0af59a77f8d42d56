/// Which inputs a `multiRoute` session records from. The sources disagree, so both readings are
/// available; the talk that introduced the category is the default:
/// - `allEligible` (default): the WWDC 2012 talk "Audio Session and Multiroute Audio in iOS" shows
///   headphones plus a 2-in/2-out USB interface as "three inputs … the iPad built-in microphone
///   and the two USB inputs";
/// - `lastInPort`: the SDK header's reading, "input is limited to the last-in input port".
public enum MultiRouteInputRule: String, CaseIterable, Hashable, Sendable {
    case lastInPort
    case allEligible
}
