import MediaServer
import CoreAudioTypes

/// What every audio unit instance shares: its component, lifecycle (initialized or not),
/// elements per scope, stream formats, maximum frames per slice, property listeners, render
/// notifications and parameters. A unit kind subclasses it and overrides the hooks below.
///
/// Created by `AudioComponentInstanceNew` in the app context of the code that calls it; a unit
/// made before a media-services reset is invalidated (`kAudioComponentErr_InstanceInvalidated`).
class AudioUnitBase {
    let component: RegisteredComponent
    /// The app whose code created the unit, if any (an I/O unit needs one to start).
    let binding: AppBinding?
    private let epoch: Int
    /// The C handle apps hold (`AudioUnit`); set by `AudioComponentInstanceNew`.
    var handle: AudioUnit!
    private(set) var isInitialized = false
    /// The most frames one render may ask for. 1156 is the default Apple's units report; an app
    /// that lets the IO buffer grow (4096 frames with the screen locked) must raise it, or
    /// rendering fails with `kAudioUnitErr_TooManyFramesToProcess`.
    var maximumFramesPerSlice: UInt32 = 1156
    var lastRenderError: OSStatus = 0
    private var listeners: [PropertyListener] = []
    var renderNotifies: [AURenderCallbackStruct] = []
    var parameters = ParameterStore()

    struct PropertyListener {
        let property: AudioUnitPropertyID
        let proc: AudioUnitPropertyListenerProc
        let userData: UnsafeMutableRawPointer?
    }

    init(component: RegisteredComponent) {
        self.component = component
        binding = AppContext.current
        epoch = binding?.server.epoch ?? 0
    }

    /// Made before the media server restarted: every call fails with
    /// `kAudioComponentErr_InstanceInvalidated` (−66749), Apple's code for an instance whose
    /// implementation is gone because the process serving it died — here mediaserverd. Disposing
    /// still frees it.
    var isInvalidated: Bool { binding.map { $0.server.epoch != epoch } ?? false }

    // MARK: Hooks for unit kinds

    /// Elements in `scope` (Global always has one).
    func elementCount(_ scope: AudioUnitScope) -> Int { scope == kAudioUnitScope_Global ? 1 : 1 }
    /// The stream format on `scope`/`element` (already validated).
    func streamFormat(_ scope: AudioUnitScope, _ element: AudioUnitElement) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription.canonical(sampleRate: 44_100, channels: 2)
    }
    /// Sets the stream format on `scope`/`element` (validated, not initialized).
    func setStreamFormat(_ format: AudioStreamBasicDescription, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) {
        throw .notWritable
    }
    func isStreamFormatWritable(_ scope: AudioUnitScope, _ element: AudioUnitElement) -> Bool { true }
    /// A property only this kind of unit has; `nil` when it does not have it.
    func unitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> PropertyValue? { nil }
    /// Whether the kind has property `id` at all, and whether it can be written.
    func unitPropertyAccess(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope) -> (exists: Bool, writable: Bool) { (false, false) }
    func setUnitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                         _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
        throw .invalidProperty
    }
    /// Allocates for `maximumFramesPerSlice` and the formats; control side.
    func allocateResources() throws(AUError) {}
    func deallocateResources() {}
    /// Clears DSP state (delay lines, converters), no allocation.
    func resetState() {}
    /// Renders `frames` of output bus `bus` into `ioData` (already checked against the maximum).
    func renderBus(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                   _ bus: UInt32, _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        kAudioUnitErr_InvalidElement
    }
    /// A parameter whose value the unit computes (meters); nil: the stored value.
    func parameterValue(_ id: AudioUnitParameterID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> Float? { nil }
    /// A parameter changed to `value` (already clamped): apply it from the next render.
    func parameterChanged(_ id: AudioUnitParameterID, _ scope: AudioUnitScope, _ element: AudioUnitElement, _ value: Float) {}
    /// The unit is being disposed: stop what it runs.
    func willDispose() {}
    /// Seconds of latency and of tail the unit adds (`kAudioUnitProperty_Latency`, `_TailTime`).
    var latency: Double { 0 }
    var tailTime: Double { 0 }

    // MARK: Lifecycle

    func initialize() throws(AUError) {
        guard !isInitialized else { return }
        try allocateResources()
        isInitialized = true
    }

    func uninitialize() {
        guard isInitialized else { return }
        deallocateResources()
        isInitialized = false
    }

    // MARK: Scopes and elements

    /// Throws for a scope the unit does not have, or an element beyond its count.
    func check(_ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) {
        guard scope <= kAudioUnitScope_Output else { throw .invalidScope }
        guard Int(element) < elementCount(scope) else { throw .invalidElement }
    }

    /// The format a connection brings to input `element`: the source's output format, which
    /// becomes this input's (as AUBase does), or the error that prevents it.
    func adoptFormat(of connection: AudioUnitConnection, element: AudioUnitElement) throws(AUError) {
        guard let handle = connection.sourceAudioUnit else { return }
        guard let source = AudioUnitHandle.resolve(handle), !source.isInvalidated else { throw .paramError }
        guard Int(connection.sourceOutputNumber) < source.elementCount(kAudioUnitScope_Output) else { throw .invalidElement }
        let format = source.streamFormat(kAudioUnitScope_Output, connection.sourceOutputNumber)
        guard format != streamFormat(kAudioUnitScope_Input, element) else { return }
        guard isStreamFormatWritable(kAudioUnitScope_Input, element) else { throw .formatNotSupported }
        guard !isInitialized else { throw .initialized }
        guard format.isSupportedPCM else { throw .formatNotSupported }
        try setStreamFormat(format, kAudioUnitScope_Input, element)
        propertyChanged(kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, element)
    }

    // MARK: Listeners and notifications

    func addListener(_ property: AudioUnitPropertyID, _ proc: @escaping AudioUnitPropertyListenerProc, _ userData: UnsafeMutableRawPointer?) {
        listeners.append(PropertyListener(property: property, proc: proc, userData: userData))
    }

    /// Swift closures have no identity, so a listener is found by property and user data.
    func removeListener(_ property: AudioUnitPropertyID, _ userData: UnsafeMutableRawPointer?) -> Bool {
        guard let index = listeners.firstIndex(where: { $0.property == property && $0.userData == userData }) else { return false }
        listeners.remove(at: index)
        return true
    }

    /// Calls the listeners of `property`, in the order they were added (control side).
    func propertyChanged(_ property: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) {
        for listener in listeners where listener.property == property {
            listener.proc(listener.userData ?? noUserData, handle, property, scope, element)
        }
    }

    /// Renders through the render-notify procs (pre and post) and the kind's `renderBus`.
    func render(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                _ bus: UInt32, _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        guard frames <= maximumFramesPerSlice else {
            lastRenderError = kAudioUnitErr_TooManyFramesToProcess
            return kAudioUnitErr_TooManyFramesToProcess
        }
        let original = flags.pointee
        notify(.unitRenderAction_PreRender, original, flags, timeStamp, bus, frames, ioData)
        flags.pointee = original
        let result = renderBus(flags, timeStamp, bus, frames, ioData)
        if result != 0 { lastRenderError = result }
        let post: AudioUnitRenderActionFlags = result == 0 ? .unitRenderAction_PostRender
            : [.unitRenderAction_PostRender, .unitRenderAction_PostRenderError]
        let rendered = flags.pointee
        notify(post, rendered, flags, timeStamp, bus, frames, ioData)
        flags.pointee = rendered
        return result
    }

    private func notify(_ phase: AudioUnitRenderActionFlags, _ base: AudioUnitRenderActionFlags,
                        _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                        _ bus: UInt32, _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) {
        for index in renderNotifies.indices {
            guard let proc = renderNotifies[index].inputProc else { continue }
            flags.pointee = base.union(phase)
            _ = proc(renderNotifies[index].inputProcRefCon ?? noUserData, flags, timeStamp, bus, frames, ioData)
        }
    }
}

/// Passed as the user data of a callback registered without one: Swift's callback types take a
/// non-optional pointer, where C would pass NULL.
nonisolated(unsafe) let noUserData = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
