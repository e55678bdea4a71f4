import Foundation
@testable import __APP_NAME__

/// Reads back what the stand-in wrote, without any image or movie framework.
nonisolated enum MediaInspection {
    /// The JPEG's frame header: (marker, width, height, components), from the first SOF marker.
    static func jpegFrame(_ data: Data) -> (marker: UInt8, width: Int, height: Int, components: Int)? {
        let bytes: [UInt8] = [UInt8](data)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index: Int = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker: UInt8 = bytes[index + 1]
            let length: Int = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker >= 0xC0, marker <= 0xCF, marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let height: Int = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width: Int = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (marker: marker, width: width, height: height, components: Int(bytes[index + 9]))
            }
            index += 2 + length
        }
        return nil
    }

    static func endsWithEOI(_ data: Data) -> Bool {
        data.count > 2 && data[data.count - 2] == 0xFF && data[data.count - 1] == 0xD9
    }

    /// The QuickTime atoms inside `range`: type and the range of the body.
    static func atoms(_ bytes: [UInt8], in range: Range<Int>) -> [(type: String, body: Range<Int>)] {
        var result: [(type: String, body: Range<Int>)] = []
        var index: Int = range.lowerBound
        while index + 8 <= range.upperBound {
            let size: Int = uint32(bytes, index)
            let type: String = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
            guard size >= 8, index + size <= range.upperBound else { break }
            result.append((type: type, body: (index + 8)..<(index + size)))
            index += size
        }
        return result
    }

    /// Follows a path of atom types, such as ["moov", "trak", "mdia", "mdhd"].
    static func find(_ path: [String], in bytes: [UInt8]) -> Range<Int>? {
        var range: Range<Int> = 0..<bytes.count
        for type in path {
            guard let found = atoms(bytes, in: range).first(where: { $0.type == type }) else { return nil }
            range = found.body
        }
        return range
    }

    static func uint32(_ bytes: [UInt8], _ index: Int) -> Int {
        Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
    }

    static func uint16(_ bytes: [UInt8], _ index: Int) -> Int {
        Int(bytes[index]) << 8 | Int(bytes[index + 1])
    }

    /// Frame count, timescales, durations (movie, track and media headers), width, height, codec
    /// and per-sample sizes of the movie.
    static func movie(_ data: Data) -> MovieFacts? {
        let bytes: [UInt8] = [UInt8](data)
        guard let mvhd = find(["moov", "mvhd"], in: bytes),
              let tkhd = find(["moov", "trak", "tkhd"], in: bytes),
              let mdhd = find(["moov", "trak", "mdia", "mdhd"], in: bytes),
              let stsz = find(["moov", "trak", "mdia", "minf", "stbl", "stsz"], in: bytes),
              let stsd = find(["moov", "trak", "mdia", "minf", "stbl", "stsd"], in: bytes),
              let stco = find(["moov", "trak", "mdia", "minf", "stbl", "stco"], in: bytes),
              let stts = find(["moov", "trak", "mdia", "minf", "stbl", "stts"], in: bytes) else { return nil }
        let count: Int = uint32(bytes, stsz.lowerBound + 8)
        var sizes: [Int] = []
        for sample in 0..<count {
            sizes.append(uint32(bytes, stsz.lowerBound + 12 + sample * 4))
        }
        let entry: Int = stsd.lowerBound + 8
        // Version 0 headers: mvhd holds timescale and duration after version, flags and two
        // dates; tkhd holds its duration, in the movie's timescale, after the track id and a
        // reserved word.
        return MovieFacts(
            frameCount: count,
            movieTimescale: uint32(bytes, mvhd.lowerBound + 12),
            movieDuration: uint32(bytes, mvhd.lowerBound + 16),
            trackDuration: uint32(bytes, tkhd.lowerBound + 20),
            // After the duration: 8 reserved bytes, layer, group, volume, reserved (8 more), a
            // 36-byte matrix, then width and height as 16.16 fixed point.
            trackWidth: uint32(bytes, tkhd.lowerBound + 76) >> 16,
            trackHeight: uint32(bytes, tkhd.lowerBound + 80) >> 16,
            timescale: uint32(bytes, mdhd.lowerBound + 12),
            duration: uint32(bytes, mdhd.lowerBound + 16),
            frameDuration: uint32(bytes, stts.lowerBound + 12),
            codec: String(decoding: bytes[(entry + 4)..<(entry + 8)], as: UTF8.self),
            width: uint16(bytes, entry + 8 + 24),
            height: uint16(bytes, entry + 8 + 26),
            firstSampleOffset: uint32(bytes, stco.lowerBound + 8),
            sampleSizes: sizes
        )
    }
}

nonisolated struct MovieFacts: Sendable {
    let frameCount: Int
    /// From `mvhd`: what players show as the movie's length.
    let movieTimescale: Int
    let movieDuration: Int
    /// From `tkhd`, in the movie's timescale.
    let trackDuration: Int
    /// From `tkhd`: the size a player shows the track at.
    let trackWidth: Int
    let trackHeight: Int
    /// From `mdhd`: the media's own timescale and duration.
    let timescale: Int
    let duration: Int
    let frameDuration: Int
    let codec: String
    let width: Int
    let height: Int
    let firstSampleOffset: Int
    let sampleSizes: [Int]
}
