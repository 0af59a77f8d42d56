import Foundation
import CoreAudioTypes

/// The parameter tree of a version 2 unit, as Apple's bridge builds it: one parameter per global
/// parameter, in the unit's list order, addressed by its ID, with the info's range, unit and flags.
/// The tree keeps no values of its own: it asks the instance, so it always agrees with the C API.
func makeParameterTree(for instance: AudioUnit) -> AUParameterTree? {
    guard let unit = AudioUnitHandle.resolve(instance) else { return nil }
    let parameters = unit.parameters.definitions.filter { $0.scope == kAudioUnitScope_Global }.map { definition in
        var flags: AudioUnitParameterOptions = [.flag_IsReadable]
        if !definition.isReadOnly { flags.insert(.flag_IsWritable) }
        return AUParameterTree.createParameter(withIdentifier: identifier(definition.name, definition.id), name: definition.name,
                                               address: AUParameterTree.address(definition.id, kAudioUnitScope_Global, 0),
                                               min: definition.minValue, max: definition.maxValue, unit: definition.unit,
                                               unitName: nil, flags: flags, valueStrings: nil, dependentParameters: nil)
    }
    let tree = AUParameterTree.createTree(withChildren: parameters)
    tree.implementorValueProvider = { parameter in
        var value: AudioUnitParameterValue = 0
        _ = AudioUnitGetParameter(instance, AudioUnitParameterID(truncatingIfNeeded: parameter.address), kAudioUnitScope_Global, 0, &value)
        return value
    }
    tree.implementorValueObserver = { parameter, value in
        guard parameter.flags.contains(.flag_IsWritable) else { return }
        _ = AudioUnitSetParameter(instance, AudioUnitParameterID(truncatingIfNeeded: parameter.address), kAudioUnitScope_Global, 0, value, 0)
    }
    return tree
}

/// A key-path-safe identifier from the parameter's name ("Cutoff Frequency" → "cutoffFrequency"),
/// or "parameter<ID>" for a nameless one.
private func identifier(_ name: String, _ id: AudioUnitParameterID) -> String {
    let words = name.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    guard let first = words.first else { return "parameter\(id)" }
    return first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}
