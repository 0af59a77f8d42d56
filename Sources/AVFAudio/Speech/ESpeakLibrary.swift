import CEspeakNG
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One fresh load of eSpeak NG's shared library (Debian's `libespeak-ng1`), its API functions
/// looked up by name. `unload()` terminates the library and closes it, so that the next load
/// starts from the library's initial state (see `ESpeak`).
struct ESpeakLibrary {
    typealias SynthCallback = @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32

    private let handle: UnsafeMutableRawPointer
    let initialize: @convention(c) (espeak_AUDIO_OUTPUT, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    let setSynthCallback: @convention(c) (SynthCallback?) -> Void
    let setVoiceByName: @convention(c) (UnsafePointer<CChar>?) -> espeak_ERROR
    let setParameter: @convention(c) (espeak_PARAMETER, Int32, Int32) -> espeak_ERROR
    let synth: @convention(c) (UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32,
                               UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> espeak_ERROR
    private let terminate: @convention(c) () -> espeak_ERROR
    /// False when something else in the process had the library loaded already (an app linking
    /// it): then this load is that copy, whose state cannot be reset, and which must not be
    /// terminated under its owner (re-initialising it is harmless; terminating, then
    /// re-initialising, hangs eSpeak NG 1.51).
    let isFresh: Bool

    /// The library's soname: the runtime package's file, present wherever `libespeak-ng-dev` is.
    static let soname = "libespeak-ng.so.1"

    /// Loads the library; nil when it is not installed or lacks a function.
    init?() {
        let loadedElsewhere = dlopen(Self.soname, RTLD_NOW | RTLD_NOLOAD)
        if let loadedElsewhere { dlclose(loadedElsewhere) }
        guard let handle = dlopen(Self.soname, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let initialize = symbol("espeak_Initialize", as: (@convention(c) (espeak_AUDIO_OUTPUT, Int32, UnsafePointer<CChar>?, Int32) -> Int32).self),
              let setSynthCallback = symbol("espeak_SetSynthCallback", as: (@convention(c) (SynthCallback?) -> Void).self),
              let setVoiceByName = symbol("espeak_SetVoiceByName", as: (@convention(c) (UnsafePointer<CChar>?) -> espeak_ERROR).self),
              let setParameter = symbol("espeak_SetParameter", as: (@convention(c) (espeak_PARAMETER, Int32, Int32) -> espeak_ERROR).self),
              let synth = symbol("espeak_Synth", as: (@convention(c) (UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32,
                                                                      UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> espeak_ERROR).self),
              let terminate = symbol("espeak_Terminate", as: (@convention(c) () -> espeak_ERROR).self)
        else {
            dlclose(handle)
            return nil
        }
        self.handle = handle
        self.initialize = initialize
        self.setSynthCallback = setSynthCallback
        self.setVoiceByName = setVoiceByName
        self.setParameter = setParameter
        self.synth = synth
        self.terminate = terminate
        isFresh = loadedElsewhere == nil
    }

    /// Frees the library's memory and unloads it (a copy loaded elsewhere stays as it is).
    func unload() {
        if isFresh { _ = terminate() }
        dlclose(handle)
    }
}
