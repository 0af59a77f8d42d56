import SimCore
import Testing
@testable import VirtualDevices

@Suite("Virtual device events")
struct VirtualDeviceTests {
    private func phone() throws -> VirtualDevice { VirtualDevice(profile: try DeviceProfile.load("iphone")) }

    @Test("attaching adds ports in arrival order; detaching removes exactly them")
    func attachDetach() throws {
        var device = try phone()
        let headphones = try device.apply(.attach(.wiredHeadphones, connector: nil))
        #expect(headphones.portsAdded.map(\.portType) == [.headphones])
        _ = try device.apply(.attach(.hdmi(channels: 6), connector: nil))
        #expect(device.ports(.output).map(\.portType) == [.builtInReceiver, .builtInSpeaker, .headphones, .HDMI])
        let removed = try device.apply(.detach(accessory: "wired-headphones#1"))
        #expect(removed.portsRemoved.map(\.uid) == ["Wired Headphones"])
        #expect(removed.fields["reason"] == "unplugged")
        #expect(device.accessories.map(\.id) == ["hdmi#1"])
    }

    @Test("the headphone jack holds one accessory; the dock takes several through a hub")
    func connectors() throws {
        var device = try phone()
        _ = try device.apply(.attach(.wiredHeadphones, connector: nil))
        #expect(throws: DeviceEventError.connectorOccupied(.headphoneJack, by: "wired-headphones#1")) {
            try device.apply(.attach(.wiredHeadset, connector: nil))
        }
        _ = try device.apply(.attach(.usbInterface(inputs: 4, outputs: 4, sampleRates: [48_000]), connector: nil))
        _ = try device.apply(.attach(.hdmi(channels: 8), connector: nil))
        #expect(throws: DeviceEventError.wrongConnector("hdmi:2", .bluetooth, allowed: [.dock])) {
            try device.apply(.attach(.hdmi(channels: 2), connector: .bluetooth))
        }
        _ = try device.apply(.attach(.carAudio, connector: .bluetooth))
        #expect(device.accessories.last?.connector == .bluetooth)
    }

    @Test("a second accessory of a kind gets the next instance number and its own UIDs")
    func instances() throws {
        var device = try phone()
        _ = try device.apply(.attach(.bluetoothA2DP, connector: nil))
        _ = try device.apply(.attach(.bluetoothA2DP, connector: nil))
        #expect(device.accessories.map(\.id) == ["bluetooth-a2dp#1", "bluetooth-a2dp#2"])
        #expect(Set(device.ports.map(\.uid)).count == device.ports.count)
    }

    @Test("unknown accessories are named with the list of attached ones")
    func unknownDetach() throws {
        var device = try phone()
        _ = try device.apply(.attach(.wiredHeadphones, connector: nil))
        #expect { try device.apply(.detach(accessory: "hdmi#1")) } throws: {
            "\($0)" == "no accessory 'hdmi#1' is attached (attached: wired-headphones#1)"
        }
    }

    @Test("a call rings, is answered, and hangs up; impossible steps name the state")
    func telephony() throws {
        var device = try phone()
        #expect(throws: DeviceEventError.impossible("answer-call", state: "no call is ringing")) { try device.apply(.answerCall) }
        _ = try device.apply(.incomingCall(caller: "Alice"))
        #expect(device.system.call == .ringing(caller: "Alice"))
        #expect(throws: DeviceEventError.impossible("incoming-call", state: "a call is ringing")) {
            try device.apply(.incomingCall(caller: "Bob"))
        }
        let answered = try device.apply(.answerCall)
        #expect(answered.fields["call"] == "active")
        _ = try device.apply(.hangUp)
        #expect(device.system.call == .idle)
        _ = try device.apply(.incomingCall(caller: "Carol"))
        _ = try device.apply(.declineCall)
        #expect(device.system.call == .idle)
    }

    @Test("an iPad has no telephony and no ring/silent switch")
    func tabletLimits() throws {
        var tablet = VirtualDevice(profile: try DeviceProfile.load("ipad"))
        #expect(throws: DeviceEventError.profileLacks("ipad", "telephony")) { try tablet.apply(.incomingCall(caller: "A")) }
        #expect(throws: DeviceEventError.profileLacks("ipad", "a ring/silent switch")) { try tablet.apply(.ringerSwitch(silent: true)) }
    }

    @Test("switches, volume, alarm and Siri change system state")
    func controls() throws {
        var device = try phone()
        _ = try device.apply(.ringerSwitch(silent: true))
        _ = try device.apply(.lockScreen)
        for _ in 0..<20 { _ = try device.apply(.volumeUp) }
        _ = try device.apply(.alarm)
        _ = try device.apply(.siri)
        #expect(device.system.ringerSilent && device.system.screenLocked && device.system.alarmRinging && device.system.siriActive)
        #expect(device.system.volumeStep == SystemState.volumeSteps, "volume stops at the top step")
        #expect(throws: DeviceEventError.self) { try device.apply(.lockScreen) }
    }

    @Test("app lifecycle follows UIKit's transitions")
    func lifecycle() throws {
        var device = try phone()
        _ = try device.apply(.launch(app: "Music"))
        _ = try device.apply(.background(app: "Music"))
        _ = try device.apply(.suspend(app: "Music"))
        #expect(device.lifecycle(of: "Music") == .suspended)
        #expect(throws: DeviceEventError.impossible("background", state: "app 'Music' is suspended")) {
            try device.apply(.background(app: "Music"))
        }
        _ = try device.apply(.foreground(app: "Music"))
        _ = try device.apply(.terminate(app: "Music"))
        #expect(device.lifecycle(of: "Music") == .notRunning)
        #expect(throws: DeviceEventError.self) { try device.apply(.suspend(app: "Game")) }
    }

    @Test("one app is in the foreground at a time: bringing another forward backgrounds it")
    func oneForegroundApp() throws {
        var device = try phone()
        _ = try device.apply(.launch(app: "Music"))
        let launch = try device.apply(.launch(app: "Game"))
        #expect(device.lifecycle(of: "Music") == .background)
        #expect(launch.lifecycleChanges.map(\.app) == ["Music", "Game"])
        #expect(launch.fields["backgrounded"] == "Music")
        _ = try device.apply(.foreground(app: "Music"))
        #expect(device.lifecycle(of: "Game") == .background && device.lifecycle(of: "Music") == .foreground)
    }

    @Test("faults: media server crash restarts later; link loss drops Bluetooth; network dropout returns AirPlay")
    func faults() throws {
        var device = try phone()
        let crash = try device.apply(.mediaServerCrash(restartDelay: .milliseconds(300)))
        #expect(!device.system.mediaServerRunning)
        #expect(crash.followUps.first?.after == .milliseconds(300))
        #expect(crash.followUps.first?.event == .mediaServerRestart)
        _ = try device.apply(.mediaServerRestart)
        _ = try device.apply(.attach(.bluetoothHeadphones, connector: nil))
        _ = try device.apply(.attach(.wiredHeadphones, connector: nil))
        #expect(throws: DeviceEventError.notOnConnector("wired-headphones#1", .bluetooth)) {
            try device.apply(.bluetoothLinkLoss(accessory: "wired-headphones#1"))
        }
        let loss = try device.apply(.bluetoothLinkLoss(accessory: "bluetooth-headphones#1"))
        #expect(loss.fields["reason"] == "link-loss")
        #expect(loss.portsRemoved.count == 3)
        _ = try device.apply(.attach(.airPlay(version: 1), connector: nil))
        _ = try device.apply(.attach(.airPlay(version: 2), connector: nil))
        let dropout = try device.apply(.networkDropout(duration: .seconds(2)))
        // The AirPlay 1 speaker goes; the AirPlay 2 speaker rides the dropout out on its buffer.
        #expect(dropout.portsRemoved.map(\.uid).map { $0.hasPrefix("AirPlay1-") } == [true])
        #expect(throws: DeviceEventError.networkDown) { try device.apply(.attach(.airPlay(version: 1), connector: nil)) }
        let back = try device.apply(.networkRestored)
        #expect(back.portsAdded.map(\.portType) == [.airPlay])
        #expect(device.accessories.map(\.id) == ["wired-headphones#1", "airplay#2", "airplay#1"])
    }
}
