import { closeFd, readUpToSync } from './fd-paths.js';
import { sniffsBinary, startsUtf16 } from './grep-binary.js';
import type { Candidate } from './grep-candidates.js';
import { searchJudgedFiles, type JudgedSearch, type RipgrepControl } from './grep-rg.js';
import { timedOut } from './grep-rg-output.js';
import type { FileHits, GrepQuery } from './grep-search.js';

/*
 * Which files on a files_with_matches page still match, when the pattern is a plain string.
 * grep-rg-tree.ts confirms every file on the page through its judged descriptor before it is
 * listed; for a pattern ripgrep reads as a plain string that is one `includes` on the bytes the
 * descriptor holds, with no ripgrep to start from the runner (a fork of a large process, 5–20 ms).
 * Exactly ripgrep's answer: a string of printable ASCII with no regex syntax and no line break
 * matches a line iff its bytes occur in the file, and ripgrep's transcoding only concerns files
 * that begin with a UTF-16 byte order mark, which go to ripgrep. Anything else — a regex, ignoring
 * case, multiline, another output mode — is searched again by ripgrep, as before.
 */

// No regex metacharacter (. ^ $ * + ? ( ) [ ] { } | \), no control character, nothing beyond ASCII.
const PLAIN = /^[ !"#%&',\-/0-9:;<=>@A-Z_`a-z~]+$/;
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** The bytes to look for when the query is a plain string in files_with_matches mode, else null. */
export function plainLiteral(query: GrepQuery): Buffer | null {
  if (query.mode !== 'files_with_matches' || query.ignoreCase || query.multiline || !PLAIN.test(query.pattern)) return null;
  return Buffer.from(query.pattern, 'latin1');
}


/**
 * The candidates that contain `literal`, in their order, as `searchJudgedFiles` would report them
 * (binary files skipped, as there); the ones it cannot judge this way are handed to it.
 */
export async function confirmLiteral(ctl: RipgrepControl, query: GrepQuery, literal: Buffer, candidates: AsyncIterable<Candidate> | Iterable<Candidate>): Promise<JudgedSearch> {
  const files: Array<FileHits & { order: number }> = [];
  const toRipgrep: Array<Candidate & { order: number }> = [];
  let order = 0;
  // One buffer for the call, grown to the largest file read: a zeroed buffer per file made most
  // of the garbage a search of 100,000 small files left.
  let buffer = Buffer.allocUnsafe(64 * 1024);
  for await (const file of candidates) {
    // As ripgrep's batches would: a search past its time, or cancelled, ends here.
    if (ctl.signal.aborted || Date.now() > ctl.deadline) {
      closeFd(file.fd);
      for (const kept of toRipgrep) closeFd(kept.fd);
      return ctl.signal.aborted ? { ok: false, result: { ok: false, category: 'aborted', message: 'Grep was cancelled.' } } : { ok: false, result: timedOut(ctl.timeoutMs) };
    }
    const at = order++;
    const size = Number(file.stats.size);
    let keepOpen = false;
    try {
      if (size > MAX_FILE_BYTES) {
        toRipgrep.push({ ...file, order: at });
        keepOpen = true;
        continue;
      }
      // The size judged, not whatever the file has grown to since.
      if (buffer.length < size) buffer = Buffer.allocUnsafe(size);
      const bytes = readUpToSync(file.fd, size, buffer);
      if (startsUtf16(bytes)) {
        toRipgrep.push({ ...file, order: at });
        keepOpen = true;
        continue;
      }
      if (sniffsBinary(bytes)) continue;
      if (bytes.includes(literal)) files.push({ path: file.abs, count: 0, lines: [], mtimeMs: Number(file.stats.mtimeMs), order: at });
    } catch {
      // Unreadable now: as ripgrep, it is left out.
    } finally {
      if (!keepOpen) closeFd(file.fd);
    }
  }
  let unreadable = false;
  let cut = false;
  if (toRipgrep.length > 0) {
    const orders = new Map(toRipgrep.map((c) => [c.abs, c.order]));
    const again = await searchJudgedFiles(ctl, query, toRipgrep, true, false);
    if (!again.ok) return again;
    unreadable = again.unreadable;
    cut = again.cut;
    for (const hit of again.files) files.push({ ...hit, order: orders.get(hit.path) ?? order });
  }
  files.sort((a, b) => a.order - b.order);
  return { ok: true, files: files.map(({ order: _order, ...hit }) => hit), unreadable, cut };
}
