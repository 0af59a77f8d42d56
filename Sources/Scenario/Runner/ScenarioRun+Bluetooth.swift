import MediaServer
import SimCore
import VirtualDevices

/// Carrying out a Bluetooth step on the device's radio; what the radio refuses is a
/// `device.refused` line with its reason, like any impossible step.
extension ScenarioRun {
    func perform(_ step: BluetoothStep, verb: String) {
        let radio = server.midi.radio
        do {
            switch step {
            case let .advertise(peer?, _, interval, mtu): try radio.advertise(peripheral: peer, requestedInterval: interval, attMTU: mtu)
            case let .advertise(nil, name, _, _): try radio.advertiseDevice(as: name)
            case .scan: radio.scan()
            case let .connect(peer): try radio.connect(peripheral: peer)
            case let .acceptCentral(central, interval, mtu): try radio.acceptConnection(fromCentral: central, requestedInterval: interval, attMTU: mtu)
            case let .pair(peer, accept): try radio.answerPairing(peer, accept: accept)
            case let .linkLoss(peer): try radio.loseLink(peer)
            case let .powerOff(peer): try radio.powerOff(peer)
            case let .powerOn(peer): try radio.powerOn(peer)
            case let .midiSend(peer, messages):
                for message in messages { try radio.send(fromPeer: peer, message) }
            }
        } catch {
            refuse(verb, error.description)
        }
    }
}
