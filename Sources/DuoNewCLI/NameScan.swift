import Dispatch
import DuoNewCore
import DuoNewKit
import Foundation

/// The search of the template's Swift sources for types the AppName would clash with, started
/// before the manifest is decoded and the tree planned, so that it runs on another core
/// meanwhile; `wait` helps with what is left rather than idle. Nothing is created before `wait`
/// has returned and the AppName has been checked against its result.
final class NameScan: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    /// Set once on the scanning thread before `ready` is signalled; read only after it.
    private var search: SourceSearch?

    private init() {}

    /// Starts searching the tree; the manifest, decoded meanwhile, is given to `wait(adding:)`.
    static func start(tree: URL, appName: String) -> NameScan {
        let scan = NameScan()
        DispatchQueue.global(qos: .userInitiated).async {
            let search = SourceSearch(tree: tree, appName: appName)
            scan.search = search
            scan.ready.signal()
            // Every core but the one planning; that one joins in `wait`.
            let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount - 1, search.pieceCount))
            DispatchQueue.concurrentPerform(iterations: threads) { _ in search.help() }
        }
        return scan
    }

    /// The search's result, once it is complete, with the manifest's reserved names and tokens,
    /// and what the searches of the recipe's layers found.
    func wait(adding manifest: Manifest, layers: [NameScan] = []) -> NameContext {
        var context = result()
        for layer in layers { context.formUnion(layer.result()) }
        context.apply(manifest)
        return context
    }

    private func result() -> NameContext {
        ready.wait()
        ready.signal()
        return search?.result() ?? NameContext()
    }
}
