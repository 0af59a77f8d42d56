import Foundation
import CoreAudioTypes

/// One parameter of a unit's tree. Its value comes from the unit (the tree's implementor value
/// provider) and goes to it (the implementor value observer); a parameter nobody implements keeps
/// its value itself. Values set are clamped to the range, as a version 2 unit clamps them.
open class AUParameter: AUParameterNode, @unchecked Sendable {
    public let address: AUParameterAddress
    public let minValue: AUValue
    public let maxValue: AUValue
    public let unit: AudioUnitParameterUnit
    public let unitName: String?
    public let flags: AudioUnitParameterOptions
    public let valueStrings: [String]?
    public let dependentParameters: [NSNumber]?
    private var storedValue: AUValue

    init(identifier: String, name: String, address: AUParameterAddress, minValue: AUValue, maxValue: AUValue,
         unit: AudioUnitParameterUnit, unitName: String?, flags: AudioUnitParameterOptions, valueStrings: [String]?,
         dependentParameters: [NSNumber]?) {
        self.address = address
        self.minValue = minValue
        self.maxValue = maxValue
        self.unit = unit
        self.unitName = unitName
        self.flags = flags
        self.valueStrings = valueStrings
        self.dependentParameters = dependentParameters
        storedValue = minValue
        super.init(identifier: identifier, displayName: name)
    }

    public var value: AUValue {
        get { implementorValueProvider?(self) ?? storedValue }
        set { setValue(newValue, originator: nil) }
    }

    /// Sets the value and tells every observer but `originator`.
    public func setValue(_ value: AUValue, originator: AUParameterObserverToken?) {
        guard !value.isNaN else { return }
        let clamped = Swift.min(Swift.max(value, minValue), maxValue)
        storedValue = clamped
        implementorValueObserver?(self, clamped)
        notify(address, self.value, originator: originator)
    }

    /// The host time is when the change is meant to happen; the simulation applies it at once.
    public func setValue(_ value: AUValue, originator: AUParameterObserverToken?, atHostTime hostTime: UInt64) {
        setValue(value, originator: originator)
    }

    public func setValue(_ value: AUValue, originator: AUParameterObserverToken?, atHostTime hostTime: UInt64,
                         eventType: AUParameterAutomationEventType) {
        guard eventType == .value else { return }
        setValue(value, originator: originator)
    }

    /// The value as text: the implementor's, else the indexed name, else the number.
    public func string(fromValue value: UnsafePointer<AUValue>?) -> String {
        if let callback = implementorStringFromValueCallback { return callback(self, value) }
        let shown = value?.pointee ?? self.value
        if let valueStrings, unit == .indexed {
            let index = Int(shown) - Int(minValue)
            if valueStrings.indices.contains(index) { return valueStrings[index] }
        }
        return String(format: "%.2f", shown)
    }

    public func value(from string: String) -> AUValue {
        if let callback = implementorValueFromStringCallback { return callback(self, string) }
        if let index = valueStrings?.firstIndex(of: string) { return minValue + AUValue(index) }
        return AUValue(string.trimmingCharacters(in: .whitespaces)) ?? minValue
    }
}

/// What a parameter automation event is (`AUParameterAutomationEventType`).
public enum AUParameterAutomationEventType: UInt32, Sendable {
    case value = 0
    case touch = 1
    case release = 2
}
