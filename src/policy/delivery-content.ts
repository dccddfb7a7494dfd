/**
 * What the committed content may be: within `publish.max_bytes`, and free of the run's secrets.
 * Both are judged on the bytes a commit would store (each file's full content), not on a patch:
 * `git diff --binary` compresses a binary file (15 MB of one byte is a few KB of patch) and hides
 * its content from a text search. Pure; a refusal names the file, never a secret.
 */

/** A file as a commit would store it. */
export interface CommittedFile {
  /** Repository-relative path after the change. */
  path: string;
  /** Size of the content committed (a symlink: its target); absent for a deletion or a submodule. */
  bytes?: number | undefined;
}

/** Where a secret of the run was found in what would leave: a file's content, a file's name, or elsewhere in the patch. */
export type SecretFinding = { in: 'content'; path: string } | { in: 'name' } | { in: 'patch' };

/** Files the total's refusal names, largest first, so the person sees what to drop. */
const NAMED = 3;

/**
 * `publish.max_bytes` bounds the content committed: no file may be larger, nor all of them together
 * (deletions count nothing: they add no content). One limit for both, since a file larger than the
 * total allowed can never fit anyway; each file over it is named with its size.
 */
export function sizeReasons(files: readonly CommittedFile[], maxBytes: number): string[] {
  const sized = files.filter((f): f is CommittedFile & { bytes: number } => f.bytes !== undefined);
  const over = sized.filter((f) => f.bytes > maxBytes);
  if (over.length > 0) return over.map((f) => `\`${f.path}\`: ${f.bytes} bytes, more than the policy's publish.max_bytes (${maxBytes})`);
  const total = sized.reduce((n, f) => n + f.bytes, 0);
  if (total <= maxBytes) return [];
  const largest = [...sized].sort((a, b) => b.bytes - a.bytes).slice(0, NAMED).map((f) => `\`${f.path}\` ${f.bytes}`);
  const more = sized.length > NAMED ? `, and ${sized.length - NAMED} more` : '';
  return [`the changes commit ${total} bytes of file content, more than the policy's publish.max_bytes (${maxBytes}); largest: ${largest.join(', ')}${more}`];
}

/** The forms looked for (log/secret-forms.ts); the value itself is never shown. */
export const SECRET_FORMS = 'in some form: raw, base64, hex or URL-encoded, line-wrapped or not';

/** Where the secrets were found, for people: each file named, a name holding one never shown. */
export function secretPlaces(findings: readonly SecretFinding[]): string[] {
  const places = new Set<string>();
  for (const f of findings) {
    if (f.in === 'content') places.add(`\`${f.path}\``);
    else if (f.in === 'name') places.add('a file name (not shown)');
    else places.add('the patch outside the files it writes (a line it removes or keeps)');
  }
  return [...places];
}

/** One refusal per place holding a secret of the run. */
export function secretReasons(findings: readonly SecretFinding[]): string[] {
  return secretPlaces(findings).map((place) => `${place}: holds a secret value of this run (${SECRET_FORMS}; redacted here)`);
}
