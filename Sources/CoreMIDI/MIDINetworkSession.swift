import Foundation

/// MIDINetworkSession.h: RTP-MIDI sessions over the network. The simulated device has no network
/// interface, so the session never appears on a network: it is disabled by default (as Apple's),
/// it keeps its contact list, it makes no connections (`addConnection` answers false), and it has
/// no port, advertised name or endpoints (0 is no endpoint, as the C API uses).
open class MIDINetworkHost: NSObject {
    open private(set) var name: String
    open private(set) var address: String
    open private(set) var port: UInt
    open private(set) var netServiceName: String?
    open private(set) var netServiceDomain: String?

    init(name: String, address: String, port: UInt, netServiceName: String?, netServiceDomain: String?) {
        self.name = name
        self.address = address
        self.port = port
        self.netServiceName = netServiceName
        self.netServiceDomain = netServiceDomain
        super.init()
    }

    public convenience init(name: String, address: String, port: UInt) {
        self.init(name: name, address: address, port: port, netServiceName: nil, netServiceDomain: nil)
    }

    /// A host known by its Bonjour service; it has no address until resolved, which needs a network.
    public convenience init(name: String, netServiceName: String, netServiceDomain: String) {
        self.init(name: name, address: "", port: 0, netServiceName: netServiceName, netServiceDomain: netServiceDomain)
    }

    open func hasSameAddress(as other: MIDINetworkHost) -> Bool {
        if let service = netServiceName, let otherService = other.netServiceName {
            return service == otherService && netServiceDomain == other.netServiceDomain
        }
        return address == other.address && port == other.port
    }
}

open class MIDINetworkConnection: NSObject {
    open private(set) var host: MIDINetworkHost

    init(connectingTo host: MIDINetworkHost) {
        self.host = host
        super.init()
    }

    public convenience init(host: MIDINetworkHost) { self.init(connectingTo: host) }
}

open class MIDINetworkSession: NSObject {
    nonisolated(unsafe) private static let shared = MIDINetworkSession()
    private var contactList: [MIDINetworkHost] = []

    /// The one session of the process.
    open class func `default`() -> MIDINetworkSession { shared }

    /// Disabled by default, as Apple's; enabling it changes nothing the network could see here.
    open var isEnabled: Bool = false
    open var connectionPolicy: MIDINetworkConnectionPolicy = .noOne
    open var networkPort: UInt { 0 }
    open var networkName: String { "" }
    open var localName: String { "" }

    open func contacts() -> Set<MIDINetworkHost> { Set(contactList) }

    open func addContact(_ contact: MIDINetworkHost) -> Bool {
        guard !contactList.contains(where: { $0.hasSameAddress(as: contact) }) else { return false }
        contactList.append(contact)
        return true
    }

    open func removeContact(_ contact: MIDINetworkHost) -> Bool {
        guard let index = contactList.firstIndex(where: { $0.hasSameAddress(as: contact) }) else { return false }
        contactList.remove(at: index)
        return true
    }

    /// No connection is ever made: there is no network to reach the host over.
    open func connections() -> Set<MIDINetworkConnection> { [] }
    open func addConnection(_ connection: MIDINetworkConnection) -> Bool { false }
    open func removeConnection(_ connection: MIDINetworkConnection) -> Bool { false }

    open func sourceEndpoint() -> MIDIEndpointRef { 0 }
    open func destinationEndpoint() -> MIDIEndpointRef { 0 }
}
