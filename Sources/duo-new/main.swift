import Foundation

exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .current).rawValue)
