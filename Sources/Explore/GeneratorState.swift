import SimCore

/// What the generator must remember so its steps stay valid, and the follow-ups earlier steps owe.
struct GeneratorState {
    enum System { case idle, ringing, inCall, alarm, siri }
    var running: Set<String> = []
    /// Attached accessory ids (`kind#n`), and how many of each kind were ever attached.
    var attached: [String] = []
    var attachCounts: [String: Int] = [:]
    var system = System.idle
    /// The step being generated, and the follow-ups owed, each due from a step on.
    var index = 0
    var owed: [(due: Int, followUp: FollowUp)] = []

    /// Ids name the kind without its parameters: `usb-interface:2x2` is `usb-interface#1`.
    mutating func attach(_ accessory: String) {
        let kind = String(accessory.prefix { $0 != ":" })
        let n = (attachCounts[kind] ?? 0) + 1
        attachCounts[kind] = n
        attached.append("\(kind)#\(n)")
    }

    /// Owes `followUp` one to three steps from now.
    mutating func owe(_ followUp: FollowUp, random: inout SimRandom) {
        owed.append((index + Int(random.integer(in: 1...3)), followUp))
    }

    /// An app that took the audio gives it back later, two times in three: the order in which an
    /// interrupted app hears "ended" (or nothing) and a ducked one comes back. What the scenario
    /// activated (`bySession`) the scenario deactivates; what the app started, it stops or deactivates.
    mutating func oweRelease(of app: String, bySession: Bool, random: inout SimRandom) {
        if random.chance(2, in: 3) { owe(.release(app, bySession: bySession), random: &random) }
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
}
