import OpenCoreAudioTypes

/// The `AudioUnit` handle apps hold points at a small slot that outlives the unit: after
/// `AudioComponentInstanceDispose` the slot is marked dead, so a call through a stale handle
/// returns an error instead of touching freed memory. (Each slot is 16 bytes, kept for the
/// process's life.)
enum AudioUnitHandle {
    private struct Slot {
        var magic: UInt64
        var unit: Unmanaged<AudioUnitBase>?
    }

    private static let live: UInt64 = 0x4155_4E49_545F_4F4B   // "AUNIT_OK"
    private static let dead: UInt64 = 0x4155_4E49_545F_4445   // "AUNIT_DE"

    static func make(for unit: AudioUnitBase) -> AudioUnit {
        let slot = UnsafeMutablePointer<Slot>.allocate(capacity: 1)
        slot.initialize(to: Slot(magic: live, unit: .passRetained(unit)))
        return OpaquePointer(slot)
    }

    static func resolve(_ handle: AudioUnit) -> AudioUnitBase? {
        let slot = UnsafeMutablePointer<Slot>(handle)
        guard slot.pointee.magic == live else { return nil }
        return slot.pointee.unit?.takeUnretainedValue()
    }

    /// Releases the unit and marks the slot dead; false if it already was.
    static func dispose(_ handle: AudioUnit) -> Bool {
        let slot = UnsafeMutablePointer<Slot>(handle)
        guard slot.pointee.magic == live, let unit = slot.pointee.unit else { return false }
        slot.pointee = Slot(magic: dead, unit: nil)
        unit.release()
        return true
    }
}
