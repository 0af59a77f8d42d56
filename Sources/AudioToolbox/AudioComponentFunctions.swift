import Foundation
import MediaServer
import CoreAudioTypes

// The component manager (AudioComponent.h): finding units, naming them, making instances.

/// The next component after `inComponent` (nil: the first) matching `inDesc`, in the fixed
/// registration order.
public func AudioComponentFindNext(_ inComponent: AudioComponent?,
                                   _ inDesc: UnsafePointer<AudioComponentDescription>) -> AudioComponent? {
    let all = RegisteredComponent.visible
    var start = 0
    if let inComponent {
        guard let index = all.firstIndex(where: { $0.handle == inComponent }) else { return nil }
        start = index + 1
    }
    return all[start...].first { $0.matches(inDesc.pointee) }?.handle
}

public func AudioComponentCount(_ inDesc: UnsafePointer<AudioComponentDescription>) -> UInt32 {
    UInt32(RegisteredComponent.visible.filter { $0.matches(inDesc.pointee) }.count)
}

/// The component's name, "Apple: AUNBandEQ"; the caller releases it.
public func AudioComponentCopyName(_ inComponent: AudioComponent, _ outName: UnsafeMutablePointer<Unmanaged<CFString>?>) -> OSStatus {
    guard let component = RegisteredComponent.resolve(inComponent) else { return kAudio_ParamError }
    outName.pointee = .passRetained(component.name as NSString)
    return 0
}

public func AudioComponentGetDescription(_ inComponent: AudioComponent,
                                         _ outDesc: UnsafeMutablePointer<AudioComponentDescription>) -> OSStatus {
    guard let component = RegisteredComponent.resolve(inComponent) else { return kAudio_ParamError }
    outDesc.pointee = component.description
    return 0
}

/// 0xMMMMmmDD: major, minor, dot-release.
public func AudioComponentGetVersion(_ inComponent: AudioComponent, _ outVersion: UnsafeMutablePointer<UInt32>) -> OSStatus {
    guard let component = RegisteredComponent.resolve(inComponent) else { return kAudio_ParamError }
    outVersion.pointee = component.version
    return 0
}

/// Makes an instance, owned by the app whose code runs now (`AppContext.current`).
public func AudioComponentInstanceNew(_ inComponent: AudioComponent,
                                      _ outInstance: UnsafeMutablePointer<AudioComponentInstance?>) -> OSStatus {
    guard let component = RegisteredComponent.resolve(inComponent) else { return kAudio_ParamError }
    let unit: AudioUnitBase
    if component.owner != nil {
        // A node app's component: the instance connects to the publishing app (launching it).
        guard let binding = AppContext.current else { return kAudio_ParamError }
        do { unit = try InterAppAudio.of(binding.server).instantiate(component, host: binding) } catch { return error.status }
    } else {
        unit = component.instantiate()
    }
    let handle = AudioUnitHandle.make(for: unit)
    unit.handle = handle
    outInstance.pointee = handle
    return 0
}

/// Stops and frees the instance; its handle is dead from now on.
public func AudioComponentInstanceDispose(_ inInstance: AudioComponentInstance) -> OSStatus {
    guard let unit = AudioUnitHandle.resolve(inInstance) else { return kAudio_ParamError }
    unit.willDispose()
    unit.uninitialize()
    _ = AudioUnitHandle.dispose(inInstance)
    return 0
}

/// The component the instance was made from. Apple's Swift signature is non-optional; for an
/// instance already disposed (or never made) Apple returns NULL, which Swift cannot hold, so this
/// answers a handle no component has: every call given it fails with `kAudio_ParamError`.
public func AudioComponentInstanceGetComponent(_ inInstance: AudioComponentInstance) -> AudioComponent {
    AudioUnitHandle.resolve(inInstance)?.component.handle ?? RegisteredComponent.noComponent
}
