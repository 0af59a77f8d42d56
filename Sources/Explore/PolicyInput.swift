import MediaServer
import VirtualDevices

/// One input `PolicyExplorer` gave the policy, kept as values and written out only when a run
/// fails: building a sentence for every input would cost more than the input itself.
enum PolicyInput: CustomStringConvertible {
    /// A category change; nil: the platform refused the category and options drawn.
    case setCategory(AppID, SessionCategory?)
    case activate(AppID)
    case deactivate(AppID, notify: Bool)
    case ioStarted(AppID)
    case ioStopped(AppID)
    case lifecycle(AppID, AppLifecycle)
    /// The device's ports became port set `n` (none attached, or one accessory).
    case ports(Int)
    case interruptionBegan(SystemInterruptionSource)
    case interruptionEnded(SystemInterruptionSource)
    case mediaServicesReset

    var description: String {
        switch self {
        case let .setCategory(app, category): category.map { "setCategory \(app) \($0)" } ?? "setCategory \(app)"
        case let .activate(app): "activate \(app)"
        case let .deactivate(app, notify): "deactivate \(app)\(notify ? " notify" : "")"
        case let .ioStarted(app): "ioStarted \(app)"
        case let .ioStopped(app): "ioStopped \(app)"
        case let .lifecycle(app, lifecycle): "\(lifecycle) \(app)"
        case let .ports(n): "ports \(n)"
        case let .interruptionBegan(source): "\(source) began"
        case let .interruptionEnded(source): "\(source) ended"
        case .mediaServicesReset: "media services reset"
        }
    }
}
