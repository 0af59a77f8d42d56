import Foundation
import CoreAudioTypes

public typealias AUValue = Float
public typealias AUParameterAddress = UInt64
public typealias AUParameterObserverToken = UnsafeMutableRawPointer
public typealias AUParameterObserver = (AUParameterAddress, AUValue) -> Void
public typealias AUImplementorValueObserver = (AUParameter, AUValue) -> Void
public typealias AUImplementorValueProvider = (AUParameter) -> AUValue
public typealias AUImplementorStringFromValueCallback = (AUParameter, UnsafePointer<AUValue>?) -> String
public typealias AUImplementorValueFromStringCallback = (AUParameter, String) -> AUValue
public typealias AUImplementorDisplayNameWithLengthCallback = (AUParameterNode, Int) -> String

/// A node of a unit's parameter tree: a parameter or a group. Observers and implementor callbacks
/// set on a group reach every parameter under it, as in Apple's tree.
open class AUParameterNode: NSObject, @unchecked Sendable {
    public let identifier: String
    public let displayName: String
    weak var parent: AUParameterNode?

    init(identifier: String, displayName: String) {
        self.identifier = identifier
        self.displayName = displayName
        super.init()
    }

    /// "group.parameter": the identifiers from the tree's top down.
    public var keyPath: String { parent.map { $0.keyPath.isEmpty ? identifier : "\($0.keyPath).\(identifier)" } ?? identifier }

    public func displayName(withLength maximumLength: Int) -> String {
        if let callback = implementorDisplayNameWithLengthCallback { return callback(self, maximumLength) }
        return String(displayName.prefix(maximumLength))
    }

    // MARK: Observers, called in the order they were added, on the thread that set the value

    private var observers: [(token: AUParameterObserverToken, observer: AUParameterObserver)] = []
    private var nextToken = 1

    public func token(byAddingParameterObserver observer: @escaping AUParameterObserver) -> AUParameterObserverToken {
        let token = UnsafeMutableRawPointer(bitPattern: nextToken)!
        nextToken += 1
        observers.append((token, observer))
        return token
    }

    public func removeParameterObserver(_ token: AUParameterObserverToken) {
        observers.removeAll { $0.token == token }
    }

    /// Tells the observers here and above, except the one that made the change.
    func notify(_ address: AUParameterAddress, _ value: AUValue, originator: AUParameterObserverToken?) {
        for entry in observers where entry.token != originator { entry.observer(address, value) }
        parent?.notify(address, value, originator: originator)
    }

    // MARK: Implementor callbacks (the unit's side), inherited from the nearest node that has one

    private var ownValueObserver: AUImplementorValueObserver?
    private var ownValueProvider: AUImplementorValueProvider?
    private var ownStringFromValue: AUImplementorStringFromValueCallback?
    private var ownValueFromString: AUImplementorValueFromStringCallback?
    private var ownDisplayName: AUImplementorDisplayNameWithLengthCallback?

    public var implementorValueObserver: AUImplementorValueObserver! {
        get { ownValueObserver ?? parent?.implementorValueObserver }
        set { ownValueObserver = newValue }
    }
    public var implementorValueProvider: AUImplementorValueProvider! {
        get { ownValueProvider ?? parent?.implementorValueProvider }
        set { ownValueProvider = newValue }
    }
    public var implementorStringFromValueCallback: AUImplementorStringFromValueCallback! {
        get { ownStringFromValue ?? parent?.implementorStringFromValueCallback }
        set { ownStringFromValue = newValue }
    }
    public var implementorValueFromStringCallback: AUImplementorValueFromStringCallback! {
        get { ownValueFromString ?? parent?.implementorValueFromStringCallback }
        set { ownValueFromString = newValue }
    }
    public var implementorDisplayNameWithLengthCallback: AUImplementorDisplayNameWithLengthCallback! {
        get { ownDisplayName ?? parent?.implementorDisplayNameWithLengthCallback }
        set { ownDisplayName = newValue }
    }
}

/// A group of parameters (and groups).
open class AUParameterGroup: AUParameterNode, @unchecked Sendable {
    public let children: [AUParameterNode]

    init(identifier: String, displayName: String, children: [AUParameterNode]) {
        self.children = children
        super.init(identifier: identifier, displayName: displayName)
        for child in children { child.parent = self }
    }

    /// Every parameter below, depth first in the children's order.
    public var allParameters: [AUParameter] {
        children.flatMap { node -> [AUParameter] in
            if let parameter = node as? AUParameter { return [parameter] }
            return (node as? AUParameterGroup)?.allParameters ?? []
        }
    }
}

/// A unit's parameters as objects (`AUAudioUnit.parameterTree`).
open class AUParameterTree: AUParameterGroup, @unchecked Sendable {
    init(children: [AUParameterNode]) { super.init(identifier: "", displayName: "", children: children) }

    public func parameter(withAddress address: AUParameterAddress) -> AUParameter? {
        allParameters.first { $0.address == address }
    }

    /// A version 2 unit's parameter by its C identity; for the global scope's element 0 the address is the ID.
    public func parameter(withID paramID: AudioUnitParameterID, scope: AudioUnitScope, element: AudioUnitElement) -> AUParameter? {
        parameter(withAddress: AUParameterTree.address(paramID, scope, element))
    }

    /// How a version 2 unit's parameter is addressed in its tree: the ID, with scope and element above it
    /// when they are not global/0 (ours: Apple documents only that the address is unique).
    static func address(_ id: AudioUnitParameterID, _ scope: AudioUnitScope, _ element: AudioUnitElement) -> AUParameterAddress {
        AUParameterAddress(scope) << 56 | AUParameterAddress(element) << 32 | AUParameterAddress(id)
    }

    public class func createTree(withChildren children: [AUParameterNode]) -> AUParameterTree { AUParameterTree(children: children) }

    public class func createGroup(withIdentifier identifier: String, name: String, children: [AUParameterNode]) -> AUParameterGroup {
        AUParameterGroup(identifier: identifier, displayName: name, children: children)
    }

    public class func createParameter(withIdentifier identifier: String, name: String, address: AUParameterAddress, min: AUValue,
                                      max: AUValue, unit: AudioUnitParameterUnit, unitName: String?,
                                      flags: AudioUnitParameterOptions = [], valueStrings: [String]?,
                                      dependentParameters: [NSNumber]?) -> AUParameter {
        AUParameter(identifier: identifier, name: name, address: address, minValue: min, maxValue: max, unit: unit,
                    unitName: unitName, flags: flags, valueStrings: valueStrings, dependentParameters: dependentParameters)
    }
}
