import Dispatch
import DuoNewKit
import Foundation

/// The search of the template's Swift sources for types the AppName would clash with, started
/// before the manifest is decoded and the tree listed and planned, so that it runs on the other
/// cores meanwhile. Nothing
/// is created before `wait()` has returned and the AppName has been checked against its result.
final class NameScan: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once on the scanning thread before `done` is signalled; read only after it.
    private var context = NameContext()

    private init() {}

    /// Starts reading the tree; the manifest, decoded meanwhile, is given to `wait(adding:)`.
    static func start(tree: URL, appName: String) -> NameScan {
        let scan = NameScan()
        DispatchQueue.global(qos: .userInitiated).async {
            scan.context = NameContext.scan(tree: tree, appName: appName)
            scan.done.signal()
        }
        return scan
    }

    /// The scan's result, once it is complete, with the manifest's reserved names and tokens,
    /// and what the scans of the recipe's layers found.
    func wait(adding manifest: Manifest, layers: [NameScan] = []) -> NameContext {
        done.wait()
        var context = self.context
        for layer in layers {
            layer.done.wait()
            context.formUnion(layer.context)
        }
        context.apply(manifest)
        return context
    }
}
