import Foundation
@testable import __APP_NAME__

/// Reads what the model tests need from an MP4 file's boxes, without any media framework:
/// the movie's length (`mvhd`) and, per track, its kind (`hdlr`), picture size (`tkhd`) and
/// codec (`stsd`). Handles 64-bit box sizes and version 1 headers, so it reads any clip a
/// catalogue might bundle, not only the ones FFmpeg wrote here.
nonisolated struct MP4Boxes: Sendable {
    nonisolated struct Box: Sendable {
        let type: String
        /// The box's contents, after its header.
        let body: Range<Int>
    }

    nonisolated struct Track: Sendable, Equatable {
        /// `vide` or `soun`.
        let handler: String
        /// The first sample description's format: `avc1`, `hvc1`, `mp4a`...
        let codec: String
        /// The display size from the track header, in whole points (0 for sound).
        let width: Int
        let height: Int
        /// The track's own length, from its media header.
        let seconds: Double
    }

    nonisolated struct Summary: Sendable, Equatable {
        let majorBrand: String
        /// The movie's length, from the movie header.
        let seconds: Double
        let tracks: [Track]

        var video: Track? {
            tracks.first { $0.handler == "vide" }
        }

        var sound: Track? {
            tracks.first { $0.handler == "soun" }
        }
    }

    private let bytes: [UInt8]

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// The boxes directly inside `range`; stops at the first box that does not fit.
    func boxes(in range: Range<Int>) -> [Box] {
        var result: [Box] = []
        var offset: Int = range.lowerBound
        while offset + 8 <= range.upperBound {
            var size: Int = Int(uint(offset, 4))
            var header: Int = 8
            if size == 1 {
                guard offset + 16 <= range.upperBound else { break }
                size = Int(clamping: uint(offset + 8, 8))
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, offset + size <= range.upperBound else { break }
            let type: String = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            result.append(Box(type: type, body: (offset + header)..<(offset + size)))
            offset += size
        }
        return result
    }

    /// Every box of `type` directly inside `range`.
    func children(_ type: String, in range: Range<Int>) -> [Box] {
        boxes(in: range).filter { $0.type == type }
    }

    /// Reads the summary; nil when the file is not an MP4 with a movie header.
    func summary() -> Summary? {
        let top: [Box] = boxes(in: 0..<bytes.count)
        guard let ftyp = top.first(where: { $0.type == "ftyp" }), ftyp.body.count >= 4,
              let moov = top.first(where: { $0.type == "moov" }),
              let mvhd = children("mvhd", in: moov.body).first,
              let seconds = headerSeconds(mvhd.body, versionOneAt: 20, versionZeroAt: 12) else { return nil }
        let brand: String = String(decoding: bytes[ftyp.body.lowerBound..<(ftyp.body.lowerBound + 4)], as: UTF8.self)
        var tracks: [Track] = []
        for trak in children("trak", in: moov.body) {
            guard let tkhd = children("tkhd", in: trak.body).first,
                  let mdia = children("mdia", in: trak.body).first,
                  let hdlr = children("hdlr", in: mdia.body).first, hdlr.body.count >= 12,
                  let mdhd = children("mdhd", in: mdia.body).first,
                  let trackSeconds = headerSeconds(mdhd.body, versionOneAt: 20, versionZeroAt: 12) else { continue }
            let handler: String = string(at: hdlr.body.lowerBound + 8)
            let sizeOffset: Int = bytes[tkhd.body.lowerBound] == 1 ? 88 : 76
            guard tkhd.body.count >= sizeOffset + 8 else { continue }
            let width: Int = Int(uint(tkhd.body.lowerBound + sizeOffset, 4) >> 16)
            let height: Int = Int(uint(tkhd.body.lowerBound + sizeOffset + 4, 4) >> 16)
            var codec: String = ""
            if let minf = children("minf", in: mdia.body).first,
               let stbl = children("stbl", in: minf.body).first,
               let stsd = children("stsd", in: stbl.body).first, stsd.body.count >= 16 {
                codec = string(at: stsd.body.lowerBound + 12)
            }
            tracks.append(Track(handler: handler, codec: codec, width: width, height: height, seconds: trackSeconds))
        }
        return Summary(majorBrand: brand, seconds: seconds, tracks: tracks)
    }

    /// A header's duration in seconds: timescale then duration, 32-bit in version 0 and
    /// 64-bit in version 1, after the creation and modification times.
    private func headerSeconds(_ body: Range<Int>, versionOneAt one: Int, versionZeroAt zero: Int) -> Double? {
        guard body.count >= 4 else { return nil }
        let versionOne: Bool = bytes[body.lowerBound] == 1
        let timescaleAt: Int = body.lowerBound + (versionOne ? one : zero)
        let width: Int = versionOne ? 8 : 4
        guard timescaleAt + 4 + width <= body.upperBound else { return nil }
        let timescale: UInt64 = uint(timescaleAt, 4)
        guard timescale > 0 else { return nil }
        return Double(uint(timescaleAt + 4, width)) / Double(timescale)
    }

    private func uint(_ offset: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + count) {
            value = value << 8 | UInt64(bytes[index])
        }
        return value
    }

    private func string(at offset: Int) -> String {
        String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
    }
}
