import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodePng, readPngInfo } from "./png";

// Builds a PNG by hand so the decoder is checked against known pixels and every filter type.
function encodeRgbPng(width: number, height: number, rows: { filter: number; bytes: number[] }[]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    return Buffer.concat([head, data, Buffer.alloc(4)]); // decoder ignores the CRC
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2; // RGB
  const raw = Buffer.from(rows.flatMap((r) => [r.filter, ...r.bytes]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("png", () => {
  it("reads the header and undoes every filter", () => {
    // 2x5 RGB; row 0 raw, then Sub, Up, Average, Paeth rows, all decoding to known values.
    const png = encodeRgbPng(2, 5, [
      { filter: 0, bytes: [10, 20, 30, 40, 50, 60] },
      { filter: 1, bytes: [1, 2, 3, 1, 1, 1] }, // -> 1,2,3, 2,3,4
      { filter: 2, bytes: [5, 5, 5, 5, 5, 5] }, // -> 6,7,8, 7,8,9
      { filter: 3, bytes: [1, 1, 1, 1, 1, 1] }, // -> (0+6)/2+1=4,4,5 ; (4+7)/2+1=6, (4+8)/2+1=7, (5+9)/2+1=8
      { filter: 4, bytes: [0, 0, 0, 0, 0, 0] }, // Paeth predicts "up" in both pixels here
    ]);
    expect(readPngInfo(png)).toEqual({ width: 2, height: 5, bitDepth: 8, colorType: 2, interlaced: false });
    const { rgba } = decodePng(png);
    const pixel = (x: number, y: number) => Array.from(rgba.subarray((y * 2 + x) * 4, (y * 2 + x) * 4 + 4));
    expect(pixel(1, 0)).toEqual([40, 50, 60, 255]);
    expect(pixel(1, 1)).toEqual([2, 3, 4, 255]);
    expect(pixel(0, 2)).toEqual([6, 7, 8, 255]);
    expect(pixel(1, 2)).toEqual([7, 8, 9, 255]);
    expect(pixel(0, 3)).toEqual([4, 4, 5, 255]);
    expect(pixel(1, 3)).toEqual([6, 7, 8, 255]);
    // Paeth at x1, channel 0: a=4 (left), b=6 (up), c=4 (up-left): p=6, nearest is b=6.
    expect(pixel(0, 4)).toEqual([4, 4, 5, 255]);
    expect(pixel(1, 4)).toEqual([6, 7, 8, 255]);
  });

  it("rejects bytes that are not a PNG", () => {
    expect(() => readPngInfo(Buffer.from("GIF89a not a png at all, really not one"))).toThrow(/not a PNG/);
  });
});
