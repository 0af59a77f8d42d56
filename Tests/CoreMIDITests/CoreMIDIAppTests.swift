@testable import BuiltInChecks
@testable import Conformance
import MediaServer
import CoreMIDI
import SimCore
import Testing
import VirtualDevices

/// Code written for Apple's Core MIDI (`AppleStyleMIDIController`) against the simulated device.
@Suite struct CoreMIDIAppTests {
    @Test("MIDI-BLE-ORDINARY-DEVICE: a paired keyboard is a device with one source and one destination, announced by object-added then setup-changed")
    func pairedKeyboardIsAnOrdinaryDevice() throws {
        let device = try MIDIBench()
        let controller = AppleStyleMIDIController()
        #expect(device.inApp { controller.start() } == noErr)
        try device.pairKeyboard()
        device.run(until: .milliseconds(400))
        #expect(device.inApp { controller.sourceNames() }.isEmpty)
        device.run(until: .seconds(1))
        #expect(controller.notifications == [.msgObjectAdded, .msgSetupChanged])
        #expect(controller.addedObjects.map(\.type) == [.device])
        #expect(controller.addedObjects.map(\.name) == ["BLE Keys"])
        device.inApp {
            #expect(controller.sourceNames() == ["BLE Keys"])
            #expect(controller.destinationNames() == ["BLE Keys"])
            #expect(MIDIGetNumberOfDevices() == 1)
            let keyboard = MIDIGetDevice(0)
            #expect(MIDIDeviceGetNumberOfEntities(keyboard) == 1)
            let entity = MIDIDeviceGetEntity(keyboard, 0)
            #expect(MIDIEntityGetNumberOfSources(entity) == 1 && MIDIEntityGetNumberOfDestinations(entity) == 1)
            #expect(MIDIEntityGetSource(entity, 0) == MIDIGetSource(0))
            var owner = MIDIDeviceRef()
            #expect(MIDIEntityGetDevice(entity, &owner) == noErr && owner == keyboard)
            var offline: Int32 = -1
            #expect(MIDIObjectGetIntegerProperty(keyboard, kMIDIPropertyOffline, &offline) == noErr && offline == 0)
            var manufacturer: Unmanaged<CFString>?
            #expect(MIDIObjectGetStringProperty(keyboard, kMIDIPropertyManufacturer, &manufacturer) == noErr)
            #expect(manufacturer.map { "\($0.takeRetainedValue())" } == "Bluetooth")
        }
        // The controller connected its input port to the new source when the setup changed.
        #expect(controller.connectedSources.count == 1)
    }

    @Test("MIDI-RECEIVED-ARRIVAL-TIME: a key pressed at 2 s arrives stamped with its arrival host time, at the next connection event plus processing (the link's first packet anchors the sender's clock at its arrival; later ones keep the sender's spacing, MIDI-BLE-RECEIVER-TIME)")
    func notesArriveAtTheirArrivalTime() throws {
        let device = try MIDIBench(seed: 9)
        let controller = AppleStyleMIDIController()
        _ = device.inApp { controller.start() }
        try device.pairKeyboard()
        try device.at(.seconds(2)) { try device.radio.send(fromPeer: "BLE Keys", [0x90, 0x3C, 0x64]) }
        device.run(until: .seconds(3))
        let packet = try #require(controller.received.first)
        #expect(packet.bytes == [0x90, 0x3C, 0x64])
        let link = try #require(device.radio.link(to: "BLE Keys"))
        let sent = Int64(2_000_000_000)
        let latency = Int64(packet.timeStamp) - sent
        let settings = device.radio.settings
        #expect(latency >= settings.processingLatency.nanoseconds)
        #expect(latency < link.interval.nanoseconds + settings.processingLatency.nanoseconds + settings.jitter.nanoseconds)
    }

    @Test("MIDI-BLE-PAIRING-ENFORCED: a refused pairing leaves no MIDI device, no notification and no data path")
    func refusedPairingLeavesNothing() throws {
        let device = try MIDIBench()
        let controller = AppleStyleMIDIController()
        _ = device.inApp { controller.start() }
        try device.at(.milliseconds(100)) { try device.radio.advertise(peripheral: "BLE Keys") }
        try device.at(.milliseconds(200)) { try device.radio.connect(peripheral: "BLE Keys") }
        device.run(until: .milliseconds(400))
        // Connected but not paired: nothing may flow yet.
        #expect(throws: BLERadioError.notConnected("BLE Keys")) { try device.radio.send(fromPeer: "BLE Keys", [0x90, 0x3C, 0x64]) }
        try device.at(.milliseconds(500)) { try device.radio.answerPairing("BLE Keys", accept: false) }
        device.run(until: .seconds(2))
        #expect(controller.notifications.isEmpty)
        #expect(device.inApp { MIDIGetNumberOfDevices() } == 0)
        #expect(device.lines(.bleDisconnected).map { $0.fields["reason"] } == [.string("pairing-refused")])
        #expect(throws: BLERadioError.notConnected("BLE Keys")) { try device.radio.send(fromPeer: "BLE Keys", [0x90, 0x3C, 0x64]) }
    }

    @Test("MIDI-BLE-ORDINARY-DEVICE: on link loss the device goes offline (property changed, setup changed) and leaves the source list")
    func linkLossTakesTheDeviceOffline() throws {
        let device = try MIDIBench(platform: .ios14)
        let controller = AppleStyleMIDIController()
        _ = device.inApp { controller.start() }
        try device.pairKeyboard()
        try device.at(.seconds(1)) { try device.radio.loseLink("BLE Keys") }
        device.run(until: .seconds(3))
        #expect(controller.notifications == [.msgObjectAdded, .msgSetupChanged, .msgPropertyChanged, .msgSetupChanged])
        device.inApp {
            #expect(MIDIGetNumberOfSources() == 0)
            #expect(MIDIGetNumberOfDevices() == 1)
            var offline: Int32 = 0
            #expect(MIDIObjectGetIntegerProperty(MIDIGetDevice(0), kMIDIPropertyOffline, &offline) == noErr && offline == 1)
        }
    }

    @Test("Core MIDI result codes: invalid client and port, wrong endpoint type, no connection, unknown object and property")
    func resultCodes() throws {
        #expect([kMIDIInvalidClient, kMIDIInvalidPort, kMIDIWrongEndpointType, kMIDINoConnection, kMIDIUnknownEndpoint,
                 kMIDIUnknownProperty, kMIDIWrongPropertyType, kMIDINoCurrentSetup, kMIDIMessageSendErr, kMIDIServerStartErr,
                 kMIDISetupFormatErr, kMIDIWrongThread, kMIDIObjectNotFound, kMIDIIDNotUnique, kMIDINotPermitted,
                 kMIDIUnknownError] == Array(-10845 ... -10830).reversed())
        let device = try MIDIBench()
        let controller = AppleStyleMIDIController()
        _ = device.inApp { controller.start() }
        try device.pairKeyboard()
        device.run(until: .seconds(1))
        device.inApp {
            var port = MIDIPortRef()
            #expect(MIDIInputPortCreateWithBlock(0xBAD, "x" as CFString, &port) { _, _ in } == kMIDIInvalidClient)
            let source = MIDIGetSource(0), destination = MIDIGetDestination(0)
            #expect(MIDIPortConnectSource(controller.outputPort, source, nil) == kMIDIInvalidPort)
            #expect(MIDIPortConnectSource(controller.inputPort, destination, nil) == kMIDIWrongEndpointType)
            #expect(MIDIPortDisconnectSource(controller.inputPort, source) == noErr)
            #expect(MIDIPortDisconnectSource(controller.inputPort, source) == kMIDINoConnection)
            var list = MIDIPacketList()
            _ = MIDIPacketListInit(&list)
            #expect(MIDISend(controller.outputPort, source, &list) == kMIDIWrongEndpointType)
            #expect(MIDISend(controller.outputPort, 0xBAD, &list) == kMIDIUnknownEndpoint)
            var name: Unmanaged<CFString>?
            #expect(MIDIObjectGetStringProperty(0xBAD, kMIDIPropertyName, &name) == kMIDIObjectNotFound)
            #expect(MIDIObjectGetStringProperty(source, "noSuchProperty" as CFString, &name) == kMIDIUnknownProperty)
            var value: Int32 = 0
            #expect(MIDIObjectGetIntegerProperty(source, kMIDIPropertyName, &value) == kMIDIWrongPropertyType)
            #expect(MIDIGetSource(5) == 0)
        }
        var client = MIDIClientRef()
        // Outside any app there is no MIDI server to reach.
        #expect(MIDIClientCreateWithBlock("nobody" as CFString, &client, nil) == kMIDIServerStartErr)
    }

    @Test("Unique IDs come from the run's seed: the same seed gives the same IDs, another seed others")
    func uniqueIDsFollowTheSeed() throws {
        func ids(seed: UInt64) throws -> [Int32] {
            let device = try MIDIBench(seed: seed)
            try device.pairKeyboard()
            device.run(until: .seconds(1))
            return device.inApp {
                let objects = [MIDIGetDevice(0), MIDIDeviceGetEntity(MIDIGetDevice(0), 0), MIDIGetSource(0), MIDIGetDestination(0)]
                return objects.map { object in
                    var id: Int32 = 0
                    _ = MIDIObjectGetIntegerProperty(object, kMIDIPropertyUniqueID, &id)
                    return id
                }
            }
        }
        let first = try ids(seed: 42)
        #expect(Set(first).count == 4 && !first.contains(0))
        #expect(try ids(seed: 42) == first)
        #expect(try ids(seed: 43) != first)
    }
}
