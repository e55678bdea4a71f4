import XCTest

/// Starting the app for a UI test, the same way in every Duo recipe.
extension XCTestCase {
    /// Launches the app with these launch arguments (the recipe's `LaunchOptions` reads them:
    /// `-uiTesting` shows the markers, `-resetState` starts from nothing) and stops the test at
    /// its first failure: after a failed step the app is not where the next steps expect it, and
    /// each of them would only wait out its timeout.
    @MainActor
    func launchApp(_ arguments: [String]) -> XCUIApplication {
        continueAfterFailure = false
        let app = XCUIApplication()
        app.launchArguments = arguments
        app.launch()
        return app
    }
}
