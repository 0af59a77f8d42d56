import Foundation
import MediaServer
import UIKitCore

// The icons hosts and nodes show each other (the 2013 talk's host lists nodes with
// `AudioComponentGetIcon`; a node draws its host with `AudioOutputUnitGetHostIcon`; the 2014
// switcher and transport views draw them too). They are the apps' own icons: what the app's
// declaration ships (`icon:` in a scenario), handed out at the point size asked for.

/// The icon of the app that provides `comp`, `desiredPointSize` points wide; nil for Apple's own
/// units, an app that ships no icon, or a platform without Inter-App Audio. Deprecated in iOS 14
/// for `AudioComponentCopyIcon`.
public func AudioComponentGetIcon(_ comp: AudioComponent, _ desiredPointSize: Float) -> UIImage? {
    guard let component = RegisteredComponent.resolve(comp), let app = component.owner, let binding = AppContext.current else { return nil }
    return InterAppAudio.of(binding.server).icon(of: app, pointSize: desiredPointSize)
}

/// iOS 14's replacement: the provider's icon at its own resolution (one pixel per point).
public func AudioComponentCopyIcon(_ comp: AudioComponent) -> UIImage? {
    guard let component = RegisteredComponent.resolve(comp), let app = component.owner, let binding = AppContext.current else { return nil }
    return InterAppAudio.of(binding.server).icon(of: app, pointSize: nil)
}

/// A node's view of its host: the connected host app's icon, nil while not connected.
public func AudioOutputUnitGetHostIcon(_ au: AudioUnit, _ desiredPointSize: Float) -> UIImage? {
    guard let io = AudioUnitHandle.resolve(au) as? RemoteIOUnit, io.isInterAppConnected, let host = io.interAppHost?.binding else { return nil }
    return InterAppAudio.of(host.server).icon(of: host.app, pointSize: desiredPointSize)
}

extension InterAppAudio {
    /// `app`'s icon scaled to be `pointSize` points wide (nil: its pixel size), if it ships one.
    func icon(of app: AppID, pointSize: Float?) -> UIImage? {
        guard isAvailable, let data = icons[app], let image = UIImage(data: data) else { return nil }
        guard let pointSize else { return image }
        guard pointSize > 0, pointSize.isFinite else { return nil }
        return UIImage(data: data, scale: CGFloat(image.pixelSize.width) / CGFloat(pointSize))
    }
}
