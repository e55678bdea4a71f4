import DuoNewCLI

// Everything duo-new does lives in the DuoNewCLI library (and below it, DuoNewKit and
// DuoNewCore); the executable only hands it the process.
CommandLineTool.runAsProcess()
