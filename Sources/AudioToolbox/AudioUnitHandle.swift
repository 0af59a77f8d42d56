import CoreAudioTypes

/// The opaque handles apps hold (`AudioUnit`, `AUGraph`) point at a small slot that outlives
/// its object: disposing marks the slot dead, so a call through a stale handle returns an
/// error instead of touching freed memory. (Each slot is 16 bytes, kept for the process's life.)
enum ObjectHandle {
    private struct Slot {
        var magic: UInt64
        var object: Unmanaged<AnyObject>?
    }

    private static let live: UInt64 = 0x4155_4F42_4A5F_4F4B   // "AUOBJ_OK"
    private static let dead: UInt64 = 0x4155_4F42_4A5F_4445   // "AUOBJ_DE"

    static func make(for object: AnyObject) -> OpaquePointer {
        let slot = UnsafeMutablePointer<Slot>.allocate(capacity: 1)
        slot.initialize(to: Slot(magic: live, object: .passRetained(object)))
        return OpaquePointer(slot)
    }

    static func resolve<T: AnyObject>(_ handle: OpaquePointer, as type: T.Type) -> T? {
        let slot = UnsafeMutablePointer<Slot>(handle)
        guard slot.pointee.magic == live else { return nil }
        return slot.pointee.object?.takeUnretainedValue() as? T
    }

    /// Releases the object and marks the slot dead; false if it already was.
    static func dispose(_ handle: OpaquePointer) -> Bool {
        let slot = UnsafeMutablePointer<Slot>(handle)
        guard slot.pointee.magic == live, let object = slot.pointee.object else { return false }
        slot.pointee = Slot(magic: dead, object: nil)
        object.release()
        return true
    }
}

/// `AudioUnit` handles.
enum AudioUnitHandle {
    static func make(for unit: AudioUnitBase) -> AudioUnit { ObjectHandle.make(for: unit) }
    static func resolve(_ handle: AudioUnit) -> AudioUnitBase? { ObjectHandle.resolve(handle, as: AudioUnitBase.self) }
    static func dispose(_ handle: AudioUnit) -> Bool { ObjectHandle.dispose(handle) }
}
