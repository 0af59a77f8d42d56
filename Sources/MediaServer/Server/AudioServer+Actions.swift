import SimCore
import VirtualDevices

extension AudioServer {
    /// Carries out what the policy decided, in order: each effect becomes a trace record.
    /// Notifications reach the app's code only after the whole input is traced
    /// (AudioServer+Deliveries.swift): app code that calls back starts a new input, it does not
    /// interleave with this one, and the policy has finished its input by then anyway.
    func carry(_ effects: [PolicyEffect]) {
        afterEffects { carryNow(effects) }
    }

    private func carryNow(_ effects: [PolicyEffect]) {
        for effect in effects {
            switch effect {
            case let .activated(app): record(.activated(app: app.name))
            case let .deactivated(app): record(.deactivated(app: app.name))
            case let .setDucked(app, ducked): record(.ducked(app: app.name, ducked))
            case let .notify(app, notification): deliver(notification, to: app)
            case let .nowPlaying(app): record(.nowPlaying(app: app.name))
            case let .overrideReverted(app): record(.overrideReverted(app: app.name))
            case let .silenced(app, silenced): record(.silenced(app: app.name, silenced))
            case let .routeChanged(route): record(.routeChanged(TracedRoute(route)))
            case let .hardwareChanged(hardware):
                record(.hardwareChanged(hz: Int64(hardware.sampleRate), frames: Int64(hardware.ioBufferFrames)))
            case let .permissionDialog(app): record(.permissionDialog(app: app.name))
            case let .alertSpared(app, source): record(.alertSpared(app: app.name, source: source.name))
            }
        }
    }
}
