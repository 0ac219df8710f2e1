// Minimal PNG reading: enough to check a rendered chart's size and inspect its pixels in tests and
// benchmarks without pulling an image library into the dependency tree.
import { inflateSync } from "node:zlib";

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
}

export interface DecodedPng {
  width: number;
  height: number;
  /** Always RGBA, 8 bits per channel, row-major. */
  rgba: Uint8Array;
}

/** Reads the IHDR header; throws if the bytes are not a PNG. */
export function readPngInfo(bytes: Uint8Array): PngInfo {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 33 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new Error("not a PNG: bad signature");
  }
  // IHDR must be the first chunk: length(4) type(4) then 13 bytes of data.
  if (buf.toString("latin1", 12, 16) !== "IHDR" || buf.readUInt32BE(8) !== 13) {
    throw new Error("not a PNG: IHDR is not the first chunk");
  }
  return {
    width: buf.readUInt32BE(16),
    height: buf.readUInt32BE(20),
    bitDepth: buf[24],
    colorType: buf[25],
    interlaced: buf[28] === 1,
  };
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Decodes an 8-bit, non-interlaced greyscale/RGB(A) PNG (what Chromium's canvas encoder writes). */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const info = readPngInfo(bytes);
  const channels = CHANNELS[info.colorType];
  if (info.bitDepth !== 8 || channels === undefined || info.interlaced) {
    throw new Error(`unsupported PNG layout (bit depth ${info.bitDepth}, color type ${info.colorType}, interlaced ${info.interlaced})`);
  }
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const idat: Buffer[] = [];
  for (let pos = 8; pos + 8 <= buf.length; ) {
    const length = buf.readUInt32BE(pos);
    const type = buf.toString("latin1", pos + 4, pos + 8);
    if (type === "IDAT") idat.push(buf.subarray(pos + 8, pos + 8 + length));
    if (type === "IEND") break;
    pos += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const { width, height } = info;
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) throw new Error("truncated PNG image data");

  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const dst = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[dst + x - channels] : 0;
      const b = y > 0 ? pixels[dst - stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[dst - stride + x - channels] : 0;
      pixels[dst + x] = (raw[src + x] + predict(filter, a, b, c)) & 0xff;
    }
  }

  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i++, j += channels) {
    const grey = channels <= 2;
    rgba[i * 4] = pixels[j];
    rgba[i * 4 + 1] = grey ? pixels[j] : pixels[j + 1];
    rgba[i * 4 + 2] = grey ? pixels[j] : pixels[j + 2];
    rgba[i * 4 + 3] = channels === 4 ? pixels[j + 3] : channels === 2 ? pixels[j + 1] : 255;
  }
  return { width, height, rgba };
}

function predict(filter: number, a: number, b: number, c: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >> 1;
    case 4: {
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    default:
      throw new Error(`bad PNG filter type ${filter}`);
  }
}
