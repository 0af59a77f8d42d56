/// The one rule that names accessories, `kind#n`: an accessory takes one more than the highest
/// instance of its kind present now (attached, or held off the network by a dropout), so the
/// first of a kind is `#1` and, once every earlier one is gone, a new one is `#1` again. An
/// unplugged `hdmi#1` plugged back in is `hdmi#1`.
///
/// The device applies the rule to the accessories it has (`nextInstance(among:)`); the scenario
/// parser and the explore generator, which know only the steps, keep an allocator of the ids each
/// step leaves present, so a step that names an id the device cannot have is caught before the
/// run. Those three once counted differently (the parser and the generator numbered every attach
/// ever), and a detach of `hdmi#2` after a re-attach passed validation and was refused at run time.
public struct AccessoryIDAllocator: Sendable, Equatable {
    /// Ids present, oldest first.
    public private(set) var ids: [String] = []
    /// Every id named so far, present or gone.
    private var named: Set<String> = []

    public init() {}

    /// Present from the start: a scenario's `accessories:`, in order.
    public init(attaching kinds: [String]) {
        for kind in kinds { attach(kind: kind) }
    }

    /// Names the next accessory of `kind` and counts it as present. `kind` is the kind's name or
    /// its spec (`usb-interface:4x4` is a `usb-interface`), as an id names it.
    @discardableResult
    public mutating func attach(kind: String) -> String {
        let name = Self.kindName(kind)
        let id = Self.id(kind: name, instance: Self.nextInstance(among: ids.compactMap { Self.instance(in: $0, of: name) }))
        ids.append(id)
        named.insert(id)
        return id
    }

    /// The accessory left; false when no accessory with that id is present.
    @discardableResult
    public mutating func detach(_ id: String) -> Bool {
        guard let index = ids.firstIndex(of: id) else { return false }
        ids.remove(at: index)
        return true
    }

    public func contains(_ id: String) -> Bool { ids.contains(id) }

    /// Whether `id` was ever named, even if it has gone since: detaching it again is an error the
    /// device reports at run time (a scenario may mean it, and expect the refusal), while an id
    /// never named cannot be meant at all.
    public func hasNamed(_ id: String) -> Bool { named.contains(id) }

    /// The rule: one more than the highest of the kind's present instances, 1 with none present.
    public static func nextInstance(among present: some Sequence<Int>) -> Int {
        1 + (present.max() ?? 0)
    }

    public static func id(kind name: String, instance: Int) -> String { "\(name)#\(instance)" }

    /// `usb-interface:4x4` → `usb-interface`.
    static func kindName(_ kind: String) -> String { String(kind.prefix { $0 != ":" }) }

    /// The instance in `id` when it names an accessory of kind `name`.
    static func instance(in id: String, of name: String) -> Int? {
        guard id.hasPrefix(name + "#") else { return nil }
        return Int(id.dropFirst(name.count + 1))
    }
}
