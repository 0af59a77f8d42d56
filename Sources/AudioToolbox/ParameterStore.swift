import Foundation
import CoreAudioTypes

/// One parameter a unit publishes: Apple's ID, the scope it lives in, its range and default.
struct ParameterDefinition {
    let id: AudioUnitParameterID
    let scope: AudioUnitScope
    let name: String
    let unit: AudioUnitParameterUnit
    let minValue: Float
    let maxValue: Float
    let defaultValue: Float
    /// A meter the unit measures: its info lacks `flag_IsWritable`, and a value set is not kept.
    var isReadOnly = false
}

/// A unit's parameters: definitions in publishing order, and the value of each on each element.
struct ParameterStore {
    private(set) var definitions: [ParameterDefinition] = []
    private var values: [Key: Float] = [:]

    private struct Key: Hashable {
        let id: AudioUnitParameterID
        let scope: AudioUnitScope
        let element: AudioUnitElement
    }

    mutating func define(_ definition: ParameterDefinition) { definitions.append(definition) }

    func ids(in scope: AudioUnitScope) -> [AudioUnitParameterID] { definitions.filter { $0.scope == scope }.map(\.id) }

    func definition(_ id: AudioUnitParameterID, _ scope: AudioUnitScope) throws(AUError) -> ParameterDefinition {
        guard let definition = definitions.first(where: { $0.id == id && $0.scope == scope }) else { throw .invalidParameter }
        return definition
    }

    func info(id: AudioUnitParameterID, scope: AudioUnitScope) throws(AUError) -> AudioUnitParameterInfo {
        let definition = try definition(id, scope)
        var info = AudioUnitParameterInfo()
        info.cfNameString = Unmanaged.passRetained(definition.name as NSString)
        info.unit = definition.unit
        info.minValue = definition.minValue
        info.maxValue = definition.maxValue
        info.defaultValue = definition.defaultValue
        info.flags = [.flag_IsReadable, .flag_HasCFNameString, .flag_CFNameRelease]
        if !definition.isReadOnly { info.flags.insert(.flag_IsWritable) }
        return info
    }

    func value(_ id: AudioUnitParameterID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> Float {
        let definition = try definition(id, scope)
        return values[Key(id: id, scope: scope, element: element)] ?? definition.defaultValue
    }

    /// Stores `value` clamped to the parameter's range, as Apple's units do; returns what was
    /// stored. NaN is `kAudio_ParamError`.
    @discardableResult
    mutating func set(_ id: AudioUnitParameterID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                      _ value: Float) throws(AUError) -> Float {
        let definition = try definition(id, scope)
        guard !value.isNaN else { throw .paramError }
        let clamped = min(max(value, definition.minValue), definition.maxValue)
        values[Key(id: id, scope: scope, element: element)] = clamped
        return clamped
    }
}
