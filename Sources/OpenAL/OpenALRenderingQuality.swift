internal import COpenAL
import MediaServer

// Apple's spatial rendering quality (oalMacOSX_OALExtensions.h): `alcMacOSXRenderingQuality` sets
// the current context's quality for every source, and from iOS 7 (AL_EXT_SOURCE_SPATIALIZATION)
// `alSourceRenderingQuality` overrides it for one source — a game keeps the costly algorithm for
// the sounds that matter. Apps get the functions through `alcGetProcAddress`.
//
// Apple's qualities choose a spatializer (equal-power panning, HRTF, a headphone algorithm).
// OpenAL Soft renders HRTF per device only, so here the quality chooses what it does allow per
// source: its resampler (`AL_SOFT_source_resampler`). Low is OpenAL Soft's linear resampler,
// high and headphones its best (the 23rd-order sinc) — audible as the images a low-quality
// source leaves above a high tone at a lower sample rate.

/// Apple's four-character codes ('rqhi', 'rdlo', 'hdph'). Swift does not import these
/// multi-character macros from the header; they are given here under its names.
public let ALC_MAC_OSX_SPATIAL_RENDERING_QUALITY_HIGH: ALint = 0x7271_6869
public let ALC_MAC_OSX_SPATIAL_RENDERING_QUALITY_LOW: ALint = 0x7264_6C6F
public let ALC_IPHONE_SPATIAL_RENDERING_QUALITY_HEADPHONES: ALint = 0x6864_7068

public typealias alcMacOSXRenderingQualityProcPtr = @convention(c) (OpenAL.ALint) -> Void
public typealias alcMacOSXGetRenderingQualityProcPtr = @convention(c) () -> OpenAL.ALint
public typealias alSourceRenderingQualityProcPtr = @convention(c) (OpenAL.ALuint, OpenAL.ALint) -> Void
public typealias alSourceGetRenderingQualityProcPtr = @convention(c) (OpenAL.ALuint) -> OpenAL.ALint

/// One context's qualities: the default new sources take, and each live source's quality.
final class OpenALRenderingQuality {
    static let qualities = [ALC_MAC_OSX_SPATIAL_RENDERING_QUALITY_LOW, ALC_MAC_OSX_SPATIAL_RENDERING_QUALITY_HIGH,
                            ALC_IPHONE_SPATIAL_RENDERING_QUALITY_HEADPHONES]
    /// iOS's default is the low-cost algorithm.
    private(set) var contextQuality = ALC_MAC_OSX_SPATIAL_RENDERING_QUALITY_LOW
    private var sources: [ALuint: ALint] = [:]

    /// The extension functions by name (nil for any other name).
    static func procAddress(_ name: String) -> UnsafeMutableRawPointer? {
        let setContext: alcMacOSXRenderingQualityProcPtr = { value in OpenALApp.calling?.renderingQuality(set: value) }
        let getContext: alcMacOSXGetRenderingQualityProcPtr = { OpenALApp.calling?.renderingQuality()?.contextQuality ?? 0 }
        let setSource: alSourceRenderingQualityProcPtr = { source, value in
            _ = OpenALApp.calling?.inRenderingQuality(value) { $0.set(value, source: source) }
        }
        let getSource: alSourceGetRenderingQualityProcPtr = { source in
            OpenALApp.calling?.inRenderingQuality { $0.sources[source] } ?? 0
        }
        switch name {
        case "alcMacOSXRenderingQuality": return unsafeBitCast(setContext, to: UnsafeMutableRawPointer.self)
        case "alcMacOSXGetRenderingQuality": return unsafeBitCast(getContext, to: UnsafeMutableRawPointer.self)
        case "alSourceRenderingQuality": return unsafeBitCast(setSource, to: UnsafeMutableRawPointer.self)
        case "alSourceGetRenderingQuality": return unsafeBitCast(getSource, to: UnsafeMutableRawPointer.self)
        default: return nil
        }
    }

    /// OpenAL Soft's resampler for `quality`, found by name among the current context's.
    static func resampler(for quality: ALint) -> ALint {
        let wanted = quality == ALC_MAC_OSX_SPATIAL_RENDERING_QUALITY_LOW ? "Linear" : "23rd order Sinc"
        for index in 0..<COpenAL.alGetInteger(ALenum(AL_NUM_RESAMPLERS_SOFT)) {
            if let name = COpenAL.alGetStringiSOFT(ALenum(AL_RESAMPLER_NAME_SOFT), index), String(cString: name) == wanted { return index }
        }
        return COpenAL.alGetInteger(ALenum(AL_DEFAULT_RESAMPLER_SOFT))
    }

    /// `alcMacOSXRenderingQuality`: the new default, which also resets every source's own quality.
    func setContext(_ quality: ALint) {
        contextQuality = quality
        for source in sources.keys.sorted() { set(quality, source: source) }
    }

    /// `alSourceRenderingQuality` (ignored for a name that is not a source).
    func set(_ quality: ALint, source: ALuint) {
        guard sources[source] != nil else { return }
        sources[source] = quality
        COpenAL.alSourcei(source, ALenum(AL_SOURCE_RESAMPLER_SOFT), Self.resampler(for: quality))
    }

    /// New sources (`alGenSources`) render at the context's quality.
    func adopt(_ names: [ALuint]) {
        for source in names where COpenAL.alIsSource(source) != 0 {
            sources[source] = contextQuality
            set(contextQuality, source: source)
        }
    }

    func forget(_ names: [ALuint]) {
        for source in names where COpenAL.alIsSource(source) == 0 { sources[source] = nil }
    }
}

extension OpenALApp {
    /// The current context's qualities (nil without a current context).
    func renderingQuality() -> OpenALRenderingQuality? {
        guard let current else { return nil }
        if let existing = renderingQualities[current] { return existing }
        let made = OpenALRenderingQuality()
        renderingQualities[current] = made
        return made
    }

    /// Runs `body` on the current context's qualities within that context; nil without one, or
    /// when `quality` is given and is none of Apple's three (such a call is ignored).
    func inRenderingQuality<T>(_ quality: ALint? = nil, _ body: (OpenALRenderingQuality) -> T?) -> T? {
        if let quality, !OpenALRenderingQuality.qualities.contains(quality) { return nil }
        guard let rendering = renderingQuality() else { return nil }
        return withCurrentContext { body(rendering) }
    }

    func renderingQuality(set quality: ALint) {
        _ = inRenderingQuality(quality) { $0.setContext(quality) }
    }
}
