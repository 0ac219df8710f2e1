// Base64 for typed arrays, so models serialize to compact JSON without depending on Node's Buffer
// (the library must also run where Buffer does not exist). Little-endian layout is assumed, as on
// every platform we run on.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const LOOKUP = new Uint8Array(128);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 3 * 4096;
  for (let s = 0; s < bytes.length; s += CHUNK) {
    const e = Math.min(bytes.length, s + CHUNK);
    const codes: number[] = [];
    let i = s;
    for (; i + 2 < e; i += 3) {
      const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
      codes.push(ALPHABET.charCodeAt(n >>> 18), ALPHABET.charCodeAt((n >>> 12) & 63), ALPHABET.charCodeAt((n >>> 6) & 63), ALPHABET.charCodeAt(n & 63));
    }
    const rest = e - i;
    if (rest > 0) {
      const n = (bytes[i] << 16) | (rest > 1 ? bytes[i + 1] << 8 : 0);
      codes.push(ALPHABET.charCodeAt(n >>> 18), ALPHABET.charCodeAt((n >>> 12) & 63));
      codes.push(rest > 1 ? ALPHABET.charCodeAt((n >>> 6) & 63) : 61, 61);
    }
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join("");
}

export function decodeBase64(text: string): Uint8Array {
  let len = text.length;
  while (len > 0 && text.charCodeAt(len - 1) === 61) len--;
  const out = new Uint8Array(Math.floor((len * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 3 < len; i += 4) {
    const n =
      (LOOKUP[text.charCodeAt(i)] << 18) | (LOOKUP[text.charCodeAt(i + 1)] << 12) | (LOOKUP[text.charCodeAt(i + 2)] << 6) | LOOKUP[text.charCodeAt(i + 3)];
    out[o++] = n >>> 16;
    out[o++] = (n >>> 8) & 255;
    out[o++] = n & 255;
  }
  const rest = len - i;
  if (rest >= 2) {
    const n = (LOOKUP[text.charCodeAt(i)] << 18) | (LOOKUP[text.charCodeAt(i + 1)] << 12) | (rest > 2 ? LOOKUP[text.charCodeAt(i + 2)] << 6 : 0);
    out[o++] = n >>> 16;
    if (rest > 2) out[o++] = (n >>> 8) & 255;
  }
  return out.subarray(0, o);
}

type Typed = Float64Array | Int32Array | Uint32Array | Uint8Array;

export function encodeTyped(a: Typed): string {
  return encodeBase64(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
}

export function decodeFloat64(text: string): Float64Array {
  const b = decodeBase64(text);
  return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

export function decodeInt32(text: string): Int32Array {
  const b = decodeBase64(text);
  return new Int32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

export function decodeUint32(text: string): Uint32Array {
  const b = decodeBase64(text);
  return new Uint32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

export function decodeUint8(text: string): Uint8Array {
  return decodeBase64(text).slice();
}
