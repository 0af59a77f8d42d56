import SimCore
import VirtualDevices

/// What the generator must remember so its steps stay valid, and the follow-ups earlier steps owe.
struct GeneratorState {
    enum System { case idle, ringing, inCall, alarm, siri }
    var running: Set<String> = []
    /// The app in the foreground (one at a time: launching or foregrounding an app sends the
    /// one there to the background), nil when none is.
    var foreground: String?
    /// Attached accessory ids (`kind#n`), named by the device's own rule.
    var accessories = AccessoryIDAllocator()
    var system = System.idle
    /// Apps whose record-permission dialog the user was due to answer (it shows once per app).
    var permissionAsked: Set<String> = []
    /// The step being generated, and the follow-ups owed, each due from a step on.
    var index = 0
    var owed: [(due: Int, followUp: FollowUp)] = []

    /// Ids name the kind without its parameters: `usb-interface:2x2` is `usb-interface#1`.
    @discardableResult
    mutating func attach(_ accessory: String) -> String {
        accessories.attach(kind: accessory)
    }

    /// Owes `followUp` one to three steps from now.
    mutating func owe(_ followUp: FollowUp, random: inout SimRandom) {
        owed.append((index + Int(random.integer(in: 1...3)), followUp))
    }

    /// Owes `followUp` at the very next step, before anything owed earlier.
    mutating func oweNext(_ followUp: FollowUp) {
        owed.insert((index + 1, followUp), at: 0)
    }

    /// `app` launched or came to the foreground; the app that was there went to the background.
    mutating func broughtToForeground(_ app: String) {
        running.insert(app)
        foreground = app
    }

    /// `app` went to the background or ended.
    mutating func left(_ app: String, terminated: Bool) {
        if foreground == app { foreground = nil }
        if terminated { running.remove(app) }
    }

    /// An app that took the audio gives it back later, two times in three: the order in which an
    /// interrupted app hears "ended" (or nothing) and a ducked one comes back. What the scenario
    /// activated (`bySession`) the scenario deactivates; what the app started, it stops or deactivates.
    mutating func oweRelease(of app: String, bySession: Bool, random: inout SimRandom) {
        if random.chance(2, in: 3) { owe(.release(app, bySession: bySession), random: &random) }
    }

    /// `app` asked for the microphone (a `request-permission`, or a call or recording it
    /// started): the first time, the user answers the dialog one to three steps later.
    mutating func askedForPermission(_ app: String, random: inout SimRandom) {
        guard permissionAsked.insert(app).inserted else { return }
        owe(.answerPermission(app), random: &random)
    }

    /// The oldest follow-up due by now, taken off the list.
    mutating func dueFollowUp() -> FollowUp? {
        guard let position = owed.firstIndex(where: { $0.due <= index }) else { return nil }
        return owed.remove(at: position).followUp
    }
}

/// A step an earlier step made likely.
enum FollowUp {
    /// The app stops its audio (one of its model's stop commands) or deactivates its session;
    /// `bySession`: it was a scenario's `activate`, so a scenario's `deactivate` undoes it.
    case release(String, bySession: Bool)
    /// The accessory attached earlier is unplugged.
    case detach(String)
    /// The user, having just brought the app to the foreground, gives it this command.
    case command(String, String)
    /// The user answers the app's record-permission dialog.
    case answerPermission(String)
}
