/** Pure checks on a file's first bytes: is it an image, is it binary. */

export type ImageKind = 'PNG' | 'JPEG' | 'GIF' | 'WebP';

export function detectImage(head: Uint8Array): ImageKind | undefined {
  const starts = (bytes: readonly number[], at = 0): boolean => bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG';
  if (starts([0xff, 0xd8, 0xff])) return 'JPEG';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'GIF';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'WebP';
  return undefined;
}

// Above this share of control bytes the file is not something a person would read as text.
const CONTROL_RATIO_LIMIT = 0.1;

/**
 * Binary if the sample has a NUL byte or many control characters. Bytes >= 0x80 count as text
 * so UTF-8 (and legacy 8-bit encodings) are not mistaken for binary.
 */
export function looksBinary(sample: Uint8Array): boolean {
  if (sample.length === 0) return false;
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    // Tab, LF, VT, FF, CR, and ESC (ANSI colours in logs) are ordinary in text.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0b && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) control++;
    else if (byte === 0x7f) control++;
  }
  return control / sample.length > CONTROL_RATIO_LIMIT;
}
