import CoreAudioTypes
import Foundation

// MIDINetworkSession.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public enum MIDINetworkConnectionPolicy: UInt, @unchecked Sendable {
    case anyone = 2
    case hostsInContactList = 1
    case noOne = 0
}
