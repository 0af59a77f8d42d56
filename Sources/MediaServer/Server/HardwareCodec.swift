/// The device's one hardware audio decoder (AAC, MP3, ALAC), as the 2010 talk "Audio Development
/// for iPhone OS, Part 1" describes it: only a non-mixable session may use it, and only one
/// client at a time; everyone else decodes in software, mixed on the CPU.
///
/// A holder keeps the decoder until it releases it (its queue stops or is disposed) or loses it:
/// when another permitted client asks while the holder's app is interrupted, inactive or has
/// become mixable, the holder is revoked (told through its `revoke` closure — its queue is torn
/// down, as a hardware-codec queue cannot survive an interruption) and the newcomer gets it.
/// Every decision is traced (`codec.*`).
public final class HardwareCodec {
    private struct Holder {
        let app: AppID
        let id: Int
        let revoke: () -> Void
    }

    private unowned let server: AudioServer
    private var holder: Holder?
    private var nextID = 1

    private init(server: AudioServer) { self.server = server }

    /// The server's one decoder.
    public static func of(_ server: AudioServer) -> HardwareCodec {
        server.attachment(for: AppID("mediaserverd"), key: "MediaServer.HardwareCodec") { HardwareCodec(server: server) }
    }

    /// Whether `app`'s session may use the hardware codec now: a non-mixable category that plays
    /// (soloAmbient, playback, playAndRecord without mixWithOthers), not interrupted.
    public func isPermitted(_ app: AppID) -> Bool {
        let configuration = server.configuration(of: app)
        return !configuration.isMixable && configuration.category.allowsOutput && !server.isInterrupted(app)
    }

    /// The app holding the decoder, if any.
    public var holderApp: AppID? { holder?.app }

    /// Asks for the decoder for one client of `app` (`client` names it in the trace). Returns a
    /// token to release it with, or nil when the session is not permitted or another client
    /// that still may keep it holds it.
    public func acquire(for app: AppID, client: String, revoke: @escaping () -> Void) -> Int? {
        guard isPermitted(app) else {
            server.record(.codecHardwareRefused, ["app": .string(app.name), "client": .string(client), "reason": .string("session")])
            return nil
        }
        if let current = holder {
            guard current.app != app, !isPermitted(current.app) || !server.isActive(current.app) else {
                server.record(.codecHardwareRefused, ["app": .string(app.name), "client": .string(client), "reason": .string("busy")])
                return nil
            }
            holder = nil
            server.record(.codecHardwareRevoked, ["app": .string(current.app.name), "by": .string(app.name)])
            current.revoke()
        }
        let id = nextID
        nextID += 1
        holder = Holder(app: app, id: id, revoke: revoke)
        server.record(.codecHardwareAcquired, ["app": .string(app.name), "client": .string(client)])
        return id
    }

    /// Gives the decoder back (a stopped, disposed or torn-down client); a stale token is ignored.
    public func release(_ token: Int) {
        guard let current = holder, current.id == token else { return }
        holder = nil
        server.record(.codecHardwareReleased, ["app": .string(current.app.name)])
    }

    /// Records that a client decodes in software (the trace shows every client's codec).
    public func noteSoftware(for app: AppID, client: String) {
        server.record(.codecSoftware, ["app": .string(app.name), "client": .string(client)])
    }
}
