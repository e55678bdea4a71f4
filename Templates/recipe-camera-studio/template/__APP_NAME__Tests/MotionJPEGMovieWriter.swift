import Foundation
@testable import __APP_NAME__

/// Writes the stand-in's movie as Motion-JPEG in a QuickTime `.mov`, in portable Swift, for
/// the model tests (`PortableStandInEncoding`); the app writes H.264 with `AVAssetWriter`.
///
/// Every frame is a whole JPEG, so there is no encoder state to get wrong, and QuickTime Player,
/// VLC and ffmpeg all play it.
///
/// Layout: `ftyp`, then `mdat` with the frames back to back (its size patched at the end), then
/// `moov` describing one video track whose samples all sit in one chunk.
nonisolated struct MotionJPEGMovieWriter: StandInMovieWriter, Sendable {
    nonisolated enum Failure: Error, Sendable, Equatable {
        case couldNotCreate(String)
        case tooLarge
        case noFrames
    }

    /// 600 is QuickTime's customary timescale; it divides evenly by 15, 24, 25, 30 and 60.
    static let timescale: Int = 600

    let url: URL
    let width: Int
    let height: Int
    let framesPerSecond: Int
    private let handle: FileHandle
    private let encoder: JPEGEncoder
    private var sampleSizes: [Int] = []
    private var mdatBytes: Int = 0
    /// Where the first frame starts: after `ftyp` (20 bytes) and the `mdat` header (8 bytes).
    private static let firstFrameOffset: Int = 28

    init(url: URL, width: Int, height: Int, framesPerSecond: Int) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url) else {
            throw Failure.couldNotCreate(url.lastPathComponent)
        }
        self.url = url
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.handle = handle
        self.encoder = JPEGEncoder()
        var head: AtomWriter = AtomWriter()
        head.atom("ftyp") { body in
            body.fourCC("qt  ")
            body.uint32(0x2005_0300)
            body.fourCC("qt  ")
        }
        head.uint32(0)
        head.fourCC("mdat")
        try handle.write(contentsOf: head.bytes)
    }

    var frameCount: Int {
        sampleSizes.count
    }

    /// The movie's length: a whole number of frame durations.
    var duration: TimeInterval {
        TimeInterval(sampleSizes.count) / TimeInterval(framesPerSecond)
    }

    mutating func append(_ frame: RGBImage) throws {
        try append(jpeg: encoder.encode(frame))
    }

    mutating func append(jpeg: Data) throws {
        guard MotionJPEGMovieWriter.firstFrameOffset + mdatBytes + jpeg.count < Int(UInt32.max) else {
            throw Failure.tooLarge
        }
        try handle.write(contentsOf: jpeg)
        sampleSizes.append(jpeg.count)
        mdatBytes += jpeg.count
    }

    nonisolated(nonsending) mutating func finish() async throws {
        guard !sampleSizes.isEmpty else {
            try? handle.close()
            throw Failure.noFrames
        }
        try handle.write(contentsOf: movieAtom())
        try handle.seek(toOffset: 20)
        var size: AtomWriter = AtomWriter()
        size.uint32(8 + mdatBytes)
        try handle.write(contentsOf: size.bytes)
        try handle.close()
    }

    // MARK: - The movie header

    private func movieAtom() -> [UInt8] {
        let frameDuration: Int = MotionJPEGMovieWriter.timescale / framesPerSecond
        let totalDuration: Int = frameDuration * sampleSizes.count
        var moov: AtomWriter = AtomWriter()
        moov.atom("moov") { moov in
            moov.atom("mvhd") { mvhd in
                mvhd.uint32(0)
                mvhd.uint32(0)
                mvhd.uint32(0)
                mvhd.uint32(MotionJPEGMovieWriter.timescale)
                mvhd.uint32(totalDuration)
                mvhd.uint32(0x0001_0000)
                mvhd.uint16(0x0100)
                mvhd.zeros(10)
                mvhd.identityMatrix()
                mvhd.zeros(24)
                mvhd.uint32(2)
            }
            moov.atom("trak") { trak in
                trak.atom("tkhd") { tkhd in
                    tkhd.uint32(0x0000_000F)
                    tkhd.uint32(0)
                    tkhd.uint32(0)
                    tkhd.uint32(1)
                    tkhd.uint32(0)
                    tkhd.uint32(totalDuration)
                    tkhd.zeros(16)
                    tkhd.identityMatrix()
                    tkhd.uint32(width << 16)
                    tkhd.uint32(height << 16)
                }
                trak.atom("mdia") { mdia in
                    mdia.atom("mdhd") { mdhd in
                        mdhd.zeros(12)
                        mdhd.uint32(MotionJPEGMovieWriter.timescale)
                        mdhd.uint32(totalDuration)
                        mdhd.uint16(0)
                        mdhd.uint16(0)
                    }
                    mdia.handler(type: "mhlr", subtype: "vide", name: "VideoHandler")
                    mdia.atom("minf") { minf in
                        minf.atom("vmhd") { vmhd in
                            vmhd.uint32(1)
                            vmhd.uint16(0x0040)
                            vmhd.zeros(6)
                        }
                        minf.handler(type: "dhlr", subtype: "alis", name: "DataHandler")
                        minf.atom("dinf") { dinf in
                            dinf.atom("dref") { dref in
                                dref.uint32(0)
                                dref.uint32(1)
                                dref.atom("alis") { alis in
                                    alis.uint32(1)
                                }
                            }
                        }
                        minf.atom("stbl") { stbl in
                            sampleTable(into: &stbl, frameDuration: frameDuration)
                        }
                    }
                }
            }
        }
        return moov.bytes
    }

    private func sampleTable(into stbl: inout AtomWriter, frameDuration: Int) {
        stbl.atom("stsd") { stsd in
            stsd.uint32(0)
            stsd.uint32(1)
            stsd.atom("jpeg") { entry in
                entry.zeros(6)
                entry.uint16(1)
                entry.uint16(0)
                entry.uint16(0)
                entry.uint32(0)
                entry.uint32(0)
                entry.uint32(512)
                entry.uint16(width)
                entry.uint16(height)
                entry.uint32(0x0048_0000)
                entry.uint32(0x0048_0000)
                entry.uint32(0)
                entry.uint16(1)
                entry.pascalString("Photo - JPEG", fieldLength: 32)
                entry.uint16(24)
                entry.uint16(0xFFFF)
            }
        }
        stbl.atom("stts") { stts in
            stts.uint32(0)
            stts.uint32(1)
            stts.uint32(sampleSizes.count)
            stts.uint32(frameDuration)
        }
        stbl.atom("stsc") { stsc in
            stsc.uint32(0)
            stsc.uint32(1)
            stsc.uint32(1)
            stsc.uint32(sampleSizes.count)
            stsc.uint32(1)
        }
        stbl.atom("stsz") { stsz in
            stsz.uint32(0)
            stsz.uint32(0)
            stsz.uint32(sampleSizes.count)
            for size in sampleSizes {
                stsz.uint32(size)
            }
        }
        stbl.atom("stco") { stco in
            stco.uint32(0)
            stco.uint32(1)
            stco.uint32(MotionJPEGMovieWriter.firstFrameOffset)
        }
    }
}
