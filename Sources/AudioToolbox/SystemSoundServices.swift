import AudioFiles
import AudioGraph
import Foundation
import MediaServer
import CoreAudioTypes
import SimCore
import Synchronization

// System Sound Services as Swift sees them (AudioServices.h): short sounds from files, played
// over everything without touching anyone's session, obeying the ring/silent switch.

public typealias SystemSoundID = UInt32

public let kSystemSoundID_Vibrate: SystemSoundID = 0x0000_0FFF
public let kAudioServicesNoError: OSStatus = 0
public let kAudioServicesUnsupportedPropertyError: OSStatus = 0x7074_793F         // 'pty?'
public let kAudioServicesBadPropertySizeError: OSStatus = 0x2173_697A             // '!siz'
public let kAudioServicesBadSpecifierSizeError: OSStatus = 0x2173_7063            // '!spc'
public let kAudioServicesSystemSoundUnspecifiedError: OSStatus = -1500
public let kAudioServicesSystemSoundClientTimedOutError: OSStatus = -1501
public let kAudioServicesSystemSoundExceededMaximumDurationError: OSStatus = -1502

/// The decoded sounds, by ID (IDs count up from 4096, past the vibrate ID, per process; tests
/// create sounds in parallel, hence the lock — never taken on a render path).
enum SystemSoundRegistry {
    private static let state = Mutex((sounds: [SystemSoundID: PCMBuffer](), nextID: SystemSoundID(4096)))

    static func add(_ buffer: PCMBuffer) -> SystemSoundID {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.sounds[id] = buffer
            return id
        }
    }

    static func remove(_ id: SystemSoundID) -> Bool { state.withLock { $0.sounds.removeValue(forKey: id) != nil } }
    static func sound(_ id: SystemSoundID) -> PCMBuffer? { state.withLock { $0.sounds[id] } }
}

/// Decodes the file (any format libsndfile reads); a sound longer than 30 seconds is refused,
/// as System Sound Services refuses it.
public func AudioServicesCreateSystemSoundID(_ inFileURL: CFURL, _ outSystemSoundID: UnsafeMutablePointer<SystemSoundID>) -> OSStatus {
    guard let path = inFileURL.path, let file = try? SoundFile(readingPath: path) else { return kAudioServicesSystemSoundUnspecifiedError }
    defer { file.close() }
    let channels = file.format.channels
    guard file.frameCount <= Int64(file.format.sampleRate) * 30 else { return kAudioServicesSystemSoundExceededMaximumDurationError }
    var interleaved = [Float](repeating: 0, count: Int(file.frameCount) * channels)
    let frames = interleaved.withUnsafeMutableBufferPointer { (try? file.read(interleavedInto: $0.baseAddress!, frames: Int(file.frameCount))) ?? 0 }
    let planar = (0..<channels).map { channel in (0..<frames).map { interleaved[$0 * channels + channel] } }
    outSystemSoundID.pointee = SystemSoundRegistry.add(PCMBuffer(sampleRate: SampleRate(framesPerSecond: Int64(file.format.sampleRate)),
                                                                 channels: planar))
    return kAudioServicesNoError
}

public func AudioServicesDisposeSystemSoundID(_ inSystemSoundID: SystemSoundID) -> OSStatus {
    SystemSoundRegistry.remove(inSystemSoundID) ? kAudioServicesNoError : kAudioServicesSystemSoundUnspecifiedError
}

/// Plays the sound once, silent with the ring/silent switch on silent; never interrupts or ducks
/// other audio. `kSystemSoundID_Vibrate` vibrates.
public func AudioServicesPlaySystemSound(_ inSystemSoundID: SystemSoundID) {
    play(inSystemSoundID, alert: false)
}

/// As `AudioServicesPlaySystemSound`, but with the switch on silent the device vibrates instead.
public func AudioServicesPlayAlertSound(_ inSystemSoundID: SystemSoundID) {
    play(inSystemSoundID, alert: true)
}

private func play(_ id: SystemSoundID, alert: Bool) {
    guard let binding = AppContext.current else { return }
    if id == kSystemSoundID_Vibrate { return binding.server.vibrate(for: binding.app) }
    guard let buffer = SystemSoundRegistry.sound(id) else { return }
    binding.server.playSystemSound(buffer, for: binding.app, alert: alert)
}
