// Limits of a chat request, in one place for the request validation and the adversarial benchmark.

/** Most messages in one request. */
export const MAX_CHAT_MESSAGES = 200;
/** Most characters in one message. */
export const MAX_CHAT_MESSAGE_CHARS = 20_000;
/** All message text of one request, in UTF-8 bytes: 200 messages of 20,000 characters would otherwise be 4 MB to read. */
export const MAX_CHAT_TEXT_BYTES = 32 * 1024;

/** UTF-8 length of a string without allocating (one pass over its code units). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
