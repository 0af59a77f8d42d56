import Foundation
import MediaServer

/// `AVRouteDetector`: whether a route besides the local one (here: an AirPlay speaker on the
/// network) is available, so an app shows its route picker only when there is something to
/// pick. Detection is off until enabled ("significantly increases power consumption"); while
/// on, every change posts `AVRouteDetectorMultipleRoutesDetectedDidChange`.
open class AVRouteDetector: NSObject, @unchecked Sendable {
    private let queue: SimulationQueue
    private var watchID: Int?
    public private(set) var multipleRoutesDetected = false
    public var detectsCustomRoutes = false

    public override init() {
        queue = SimulationQueue(binding: SimulationQueue.currentBinding("AVRouteDetector"))
        super.init()
    }

    deinit {
        if let watchID { queue.binding.server.airPlay.stopWatchingPorts(watchID) }
    }

    public var isRouteDetectionEnabled = false {
        didSet {
            guard isRouteDetectionEnabled != oldValue else { return }
            let network = queue.binding.server.airPlay
            if isRouteDetectionEnabled {
                watchID = network.watchPorts { [weak self] in self?.refresh() }
                refresh()
            } else if let watchID {
                network.stopWatchingPorts(watchID)
                self.watchID = nil
            }
        }
    }

    private func refresh() {
        let detected = queue.binding.server.airPlay.hasOtherRoutes
        guard detected != multipleRoutesDetected else { return }
        multipleRoutesDetected = detected
        queue.async("route-detector") { [self] in
            NotificationCenter.default.post(name: .AVRouteDetectorMultipleRoutesDetectedDidChange, object: self)
        }
    }
}

extension NSNotification.Name {
    public static let AVRouteDetectorMultipleRoutesDetectedDidChange =
        NSNotification.Name("AVRouteDetectorMultipleRoutesDetectedDidChangeNotification")
}
