import CoreAudioTypes
import Foundation

// MIDIServices.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public typealias MIDINotifyProc = (UnsafePointer<MIDINotification>, UnsafeMutableRawPointer?) -> Void
public typealias MIDIReadProc = (UnsafePointer<MIDIPacketList>, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
public typealias MIDICompletionProc = (UnsafeMutablePointer<MIDISysexSendRequest>) -> Void
public typealias MIDICompletionProcUMP = (UnsafeMutablePointer<MIDISysexSendRequestUMP>) -> Void

public struct MIDISysexSendRequest {
    public var destination: MIDIEndpointRef
    public var data: UnsafePointer<UInt8>
    public var bytesToSend: UInt32
    public var complete: DarwinBoolean
    public var reserved: (UInt8, UInt8, UInt8)
    public var completionProc: MIDICompletionProc
    public var completionRefCon: UnsafeMutableRawPointer?
    public init(destination: MIDIEndpointRef, data: UnsafePointer<UInt8>, bytesToSend: UInt32, complete: DarwinBoolean, reserved: (UInt8, UInt8, UInt8), completionProc: @escaping MIDICompletionProc, completionRefCon: UnsafeMutableRawPointer?) {
        self.destination = destination
        self.data = data
        self.bytesToSend = bytesToSend
        self.complete = complete
        self.reserved = reserved
        self.completionProc = completionProc
        self.completionRefCon = completionRefCon
    }
}

public struct MIDISysexSendRequestUMP {
    public var destination: MIDIEndpointRef
    public var words: UnsafeMutablePointer<UInt32>
    public var wordsToSend: UInt32
    public var complete: DarwinBoolean
    public var completionProc: MIDICompletionProcUMP
    public var completionRefCon: UnsafeMutableRawPointer?
    public init(destination: MIDIEndpointRef, words: UnsafeMutablePointer<UInt32>, wordsToSend: UInt32, complete: DarwinBoolean, completionProc: @escaping MIDICompletionProcUMP, completionRefCon: UnsafeMutableRawPointer?) {
        self.destination = destination
        self.words = words
        self.wordsToSend = wordsToSend
        self.complete = complete
        self.completionProc = completionProc
        self.completionRefCon = completionRefCon
    }
}
