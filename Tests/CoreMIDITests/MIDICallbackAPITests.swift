@testable import BuiltInChecks
import CoreMIDI
import Foundation
import Testing

/// The C-callback client, port and destination calls carry MIDI as their block forms do, with
/// the refCons the C API passes; the driver-only and network calls answer as Apple documents for
/// an app on a device without those features.
@Suite struct MIDICallbackAPITests {
    /// What the read procs saw; passed to them through their refCon, as C code does.
    final class Received {
        var packets: [(time: MIDITimeStamp, bytes: [UInt8])] = []
        var sourceRefCons: [UnsafeMutableRawPointer?] = []
    }

    @Test("MIDIInputPortCreate's read proc and MIDIDestinationCreate's get the packets, with the port's refCon and the connection's")
    func readProcsReceive() throws {
        let device = try MIDIBench()
        let atPort = Received(), atDestination = Received()
        let connectionTag = UnsafeMutableRawPointer(bitPattern: 0x5EED)
        device.inApp {
            var client = MIDIClientRef(), source = MIDIEndpointRef(), destination = MIDIEndpointRef()
            var input = MIDIPortRef(), output = MIDIPortRef()
            #expect(MIDIClientCreate("App" as CFString, nil, nil, &client) == noErr)
            #expect(MIDISourceCreate(client, "Keys" as CFString, &source) == noErr)
            let read: MIDIReadProc = { list, refCon, sourceRefCon in
                let sink = Unmanaged<Received>.fromOpaque(refCon!).takeUnretainedValue()
                for packet in list.unsafeSequence() { sink.packets.append((packet.pointee.timeStamp, Array(packet.bytes()))) }
                sink.sourceRefCons.append(sourceRefCon)
            }
            #expect(MIDIInputPortCreate(client, "In" as CFString, read, Unmanaged.passUnretained(atPort).toOpaque(), &input) == noErr)
            #expect(MIDIPortConnectSource(input, source, connectionTag) == noErr)
            #expect(MIDIDestinationCreate(client, "Synth" as CFString, read, Unmanaged.passUnretained(atDestination).toOpaque(), &destination) == noErr)
            #expect(MIDIOutputPortCreate(client, "Out" as CFString, &output) == noErr)

            let builder = MIDIPacketList.Builder(byteSize: 256)
            builder.append(timestamp: 0, data: [0x90, 0x3C, 0x64])
            #expect(builder.withUnsafePointer { MIDIReceived(source, $0) } == noErr)
            builder.clear()
            builder.append(timestamp: 0, data: [0xB0, 0x07, 0x50])
            #expect(builder.withUnsafePointer { MIDISend(output, destination, $0) } == noErr)
        }
        #expect(atPort.packets.map(\.bytes) == [[0x90, 0x3C, 0x64]])
        #expect(atPort.sourceRefCons == [connectionTag])
        #expect(atDestination.packets.map(\.bytes) == [[0xB0, 0x07, 0x50]])
        #expect(atDestination.sourceRefCons == [nil])
    }

    @Test("Driver and setup-editing calls answer kMIDINotPermitted; the setup has no external devices")
    func driverCallsAreRefused() {
        var device = MIDIDeviceRef(1), entity = MIDIEntityRef(1)
        #expect(MIDIExternalDeviceCreate("Synth" as CFString, "Maker" as CFString, "Model" as CFString, &device) == kMIDINotPermitted)
        #expect(device == 0)
        #expect(MIDIDeviceAddEntity(7, "Port" as CFString, true, 1, 1, &entity) == kMIDINotPermitted && entity == 0)
        #expect(MIDIDeviceNewEntity(7, "Port" as CFString, ._2_0, true, 1, 1, &entity) == kMIDINotPermitted)
        #expect(MIDISetupAddExternalDevice(7) == kMIDINotPermitted && MIDISetupAddDevice(7) == kMIDINotPermitted)
        #expect(MIDIDeviceListGetNumberOfDevices(3) == 0 && MIDIDeviceListGetDevice(3, 0) == 0)
        #expect(MIDIGetNumberOfExternalDevices() == 0 && MIDIGetExternalDevice(0) == 0)
    }

    @Test("The network session is disabled, keeps contacts, connects to no one and has no endpoints")
    func networkSessionWithoutNetwork() {
        let session = MIDINetworkSession.default()
        #expect(session === MIDINetworkSession.default())
        #expect(!session.isEnabled)
        let host = MIDINetworkHost(name: "Studio Mac", address: "192.0.2.10", port: 5004)
        #expect(session.addContact(host))
        #expect(!session.addContact(MIDINetworkHost(name: "Same", address: "192.0.2.10", port: 5004)))
        #expect(session.contacts().contains(host))
        #expect(!session.addConnection(MIDINetworkConnection(host: host)))
        #expect(session.connections().isEmpty)
        #expect(session.sourceEndpoint() == 0 && session.destinationEndpoint() == 0)
        #expect(session.removeContact(host) && session.contacts().isEmpty)
        let bonjour = MIDINetworkHost(name: "Bonjour", netServiceName: "Studio", netServiceDomain: "local.")
        #expect(bonjour.netServiceName == "Studio" && bonjour.address.isEmpty && !bonjour.hasSameAddress(as: host))
    }

    @Test("MIDI-CI discovery finds no node, a responder cannot start, and profile values keep what they are given")
    func capabilityInquiryWithoutDevices() {
        var found: [MIDICIDiscoveredNode]?
        MIDICIDiscoveryManager.sharedInstance().discover { found = $0 }
        #expect(found?.isEmpty == true)
        #expect(MIDICIDeviceManager.shared.discoveredCIDevices.isEmpty)
        #expect(MIDIUMPEndpointManager.shared.umpEndpoints.isEmpty)
        let info = MIDICIDeviceInfo(destination: 0, manufacturer: Data([0x00, 0x20, 0x6B]), family: Data([1, 0]), model: Data([2, 0]),
                                    revision: Data([1, 0, 0, 0]))
        #expect(info.manufacturerID == Data([0x00, 0x20, 0x6B]))
        let profile = MIDICIProfile(data: Data([0x7E, 0, 0, 1, 1]), name: "GM")
        let state = MIDICIProfileState(enabledProfiles: [profile], disabledProfiles: [])
        #expect(state.midiChannel == 0x7F && state.enabledProfiles.first?.name == "GM")
        final class Delegate: NSObject, MIDICIProfileResponderDelegate {
            func connectInitiator(_ initiatorMUID: MIDICIInitiatiorMUID, with deviceInfo: MIDICIDeviceInfo) -> Bool { true }
            func initiatorDisconnected(_ initiatorMUID: MIDICIInitiatiorMUID) {}
        }
        let responder = MIDICIResponder(deviceInfo: info, profileDelegate: Delegate(), profileStates: [state], supportProperties: false)
        #expect(!responder.start())
        #expect(responder.initiators.isEmpty)
        var id = MIDICIProfileID(standard: MIDICIProfileIDStandard(profileIDByte1: 0x7E, profileBank: 0, profileNumber: 1, profileVersion: 1, profileLevel: 2))
        #expect(id.manufacturerSpecific.sysExID1 == 0x7E && id.manufacturerSpecific.info2 == 2)
        id.manufacturerSpecific.info1 = 5
        #expect(id.standard.profileVersion == 5)
    }

    @Test("A mutable function block must fit the endpoint's 16 groups; publishing a UMP endpoint is not simulated")
    func umpFunctionBlocks() throws {
        #expect(MIDIUMPMutableFunctionBlock(name: "Wide", direction: .bidirectional, firstGroup: 12, totalGroupsSpanned: 8, maxSysEx8Streams: 0,
                                            midi1Info: .notMIDI1, uiHint: .sender, isEnabled: true) == nil)
        let block = try #require(MIDIUMPMutableFunctionBlock(name: "Keys", direction: .bidirectional, firstGroup: 0, totalGroupsSpanned: 2,
                                                             maxSysEx8Streams: 0, midi1Info: .notMIDI1, uiHint: .sender, isEnabled: true))
        try block.reconfigure(firstGroup: 14, direction: .input, MIDI1Info: .notMIDI1, UIHint: .receiver)
        #expect(block.firstGroup == 14 && block.direction == .input)
        #expect(throws: NSError.self) { try block.reconfigure(firstGroup: 15, direction: .input, MIDI1Info: .notMIDI1, UIHint: .receiver) }
        try block.setName("Pads")
        #expect(block.name == "Pads")
        let info = MIDI2DeviceInfo(manufacturerID: MIDI2DeviceManufacturer(), family: 1, modelNumber: 2, revisionLevel: MIDI2DeviceRevisionLevel())
        #expect(MIDIUMPMutableEndpoint(name: "App", deviceInfo: info, productInstanceID: "1", midiProtocol: ._2_0) { _, _ in } == nil)
    }
}
