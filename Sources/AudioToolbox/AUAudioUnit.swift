import AudioGraph
import Foundation
import CoreAudioTypes

public typealias AUAudioFrameCount = UInt32

/// `AUAudioUnit` as Apple vends it for a version 2 unit (an `AUAudioUnitV2Bridge`, behind
/// `AVAudioUnit.auAudioUnit`): an object view of an `AudioUnit` instance whose properties are the
/// instance's — read and written through the C API, so both views always agree; so are the
/// parameters of its `parameterTree`.
open class AUAudioUnit: NSObject, @unchecked Sendable {
    /// The instance this object is a view of (public only on the bridge, as in Apple's API).
    package let instance: AudioUnit
    public let componentDescription: AudioComponentDescription
    public let component: AudioComponent

    /// The unit behind `audioUnit`; it must be one of the registered components' instances.
    package init(audioUnit: AudioUnit) {
        self.instance = audioUnit
        let unit = AudioUnitHandle.resolve(instance)
        precondition(unit != nil, "AUAudioUnit: not a live audio unit instance")
        componentDescription = unit!.component.description
        component = unit!.component.handle
        super.init()
    }

    /// "Apple: AUNBandEQ": the component's full name, as `AudioComponentCopyName` gives it.
    public var componentName: String? { AudioUnitHandle.resolve(instance)?.component.name }
    /// The part of the name after the manufacturer ("AUNBandEQ").
    public var audioUnitName: String? { componentName.map(Self.afterColon) }
    /// The part before the colon ("Apple").
    public var manufacturerName: String? { componentName.map { String($0.split(separator: ":").first ?? "") } }
    public var componentVersion: UInt32 { AudioUnitHandle.resolve(instance)?.component.version ?? 0 }

    /// Seconds of latency (`kAudioUnitProperty_Latency`).
    public var latency: TimeInterval { property(kAudioUnitProperty_Latency, as: Float64.self) ?? 0 }
    /// Seconds of tail (`kAudioUnitProperty_TailTime`).
    public var tailTime: TimeInterval { property(kAudioUnitProperty_TailTime, as: Float64.self) ?? 0 }

    /// `kAudioUnitProperty_BypassEffect`; false for a unit that has no bypass.
    public var shouldBypassEffect: Bool {
        get { (property(kAudioUnitProperty_BypassEffect, as: UInt32.self) ?? 0) != 0 }
        set {
            var value: UInt32 = newValue ? 1 : 0
            _ = AudioUnitSetProperty(instance, kAudioUnitProperty_BypassEffect, kAudioUnitScope_Global, 0,
                                     &value, UInt32(MemoryLayout<UInt32>.size))
        }
    }

    /// `kAudioUnitProperty_MaximumFramesPerSlice`.
    public var maximumFramesToRender: AUAudioFrameCount {
        get { property(kAudioUnitProperty_MaximumFramesPerSlice, as: UInt32.self) ?? 0 }
        set {
            var value = newValue
            _ = AudioUnitSetProperty(instance, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Global, 0,
                                     &value, UInt32(MemoryLayout<UInt32>.size))
        }
    }

    /// Whether the unit is initialized (render resources allocated).
    public var renderResourcesAllocated: Bool { AudioUnitHandle.resolve(instance)?.isInitialized ?? false }

    public func allocateRenderResources() throws {
        let status = AudioUnitInitialize(instance)
        guard status == 0 else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
    }

    public func deallocateRenderResources() { _ = AudioUnitUninitialize(instance) }

    public func reset() { _ = AudioUnitReset(instance, kAudioUnitScope_Global, 0) }

    /// How a host schedules MIDI on a music device or MIDI effect at sample times; nil for
    /// units that take no MIDI (an instrument node's unit overrides it).
    open var scheduleMIDIEventBlock: AUScheduleMIDIEventBlock? { nil }

    /// The unit's parameters as objects: for a version 2 unit, made on first use from its global
    /// parameters (`kAudioUnitProperty_ParameterList`/`ParameterInfo`), each reading and writing the
    /// instance through `AudioUnitGetParameter`/`SetParameter`. A host may replace it.
    open var parameterTree: AUParameterTree? {
        get {
            if let assignedTree { return assignedTree }
            let tree = makeParameterTree(for: instance)
            assignedTree = tree
            return tree
        }
        set { assignedTree = newValue }
    }
    private var assignedTree: AUParameterTree?

    /// Apple's key-value-observable signal that parameter values changed in bulk (a preset): it
    /// carries no value of its own. Always false here.
    public var allParameterValues: Bool { false }

    private func property<T>(_ id: AudioUnitPropertyID, as type: T.Type) -> T? where T: BitwiseCopyable {
        let value = UnsafeMutablePointer<T>.allocate(capacity: 1)
        defer { value.deallocate() }
        var size = UInt32(MemoryLayout<T>.size)
        guard AudioUnitGetProperty(instance, id, kAudioUnitScope_Global, 0, value, &size) == 0 else { return nil }
        return value.pointee
    }

    private static func afterColon(_ name: String) -> String {
        guard let colon = name.firstIndex(of: ":") else { return name }
        return name[name.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
}

/// The `AUAudioUnit` of a version 2 unit: Apple's bridge class, the one that exposes its instance.
open class AUAudioUnitV2Bridge: AUAudioUnit, @unchecked Sendable {
    public var audioUnit: AudioUnit { instance }

    override package init(audioUnit: AudioUnit) { super.init(audioUnit: audioUnit) }
}

/// The instance behind an `AVAudioUnit` effect node: a unit of the component `description` that
/// shares the node's kernel, so parameters and bypass set through the C API are the node's.
/// Nil when no component has that description.
package func makeEffectAudioUnit(_ description: AudioComponentDescription, sharing kernel: EffectKernel) -> AudioUnit? {
    guard let component = RegisteredComponent.all.first(where: { $0.matches(description) }) else { return nil }
    let bands = (kernel as? NBandEQKernel)?.bandCount ?? 0
    let unit = EffectUnit(component: component, bands: bands) { _ in kernel }
    let handle = AudioUnitHandle.make(for: unit)
    unit.handle = handle
    return handle
}
