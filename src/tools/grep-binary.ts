/** How many bytes of a file are looked at to tell whether it is binary. */
export const BINARY_SNIFF_BYTES = 8192;

/** A UTF-16 byte order mark: ripgrep transcodes the file and searches it as text. */
export const startsUtf16 = (head: Buffer): boolean => head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));

/**
 * Whether ripgrep skips a file it walks as binary, judged from its first bytes: a NUL, unless the
 * file starts with a UTF-16 byte order mark (its NULs are half of every ASCII character).
 */
export function sniffsBinary(head: Buffer): boolean {
  return !startsUtf16(head) && head.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}
