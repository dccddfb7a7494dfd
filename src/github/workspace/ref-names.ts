/**
 * Branch names come from users (a pull request's head and base). Before one goes into a git
 * command line or refspec it must be a name git itself would accept (`git check-ref-format`), and
 * not one that could be read as an option or split a refspec. Pure.
 */
export function isSafeBranchName(name: string): boolean {
  if (name === '' || name.length > 255 || name === '@') return false;
  if (name.startsWith('-') || name.startsWith('/') || name.endsWith('/') || name.endsWith('.')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(name)) return false;
  if (name.includes('..') || name.includes('@{') || name.includes('//')) return false;
  return name.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock'));
}

/** A workspace-relative path for `git ls-tree` / `cat-file`: no absolute paths, no `..`, no empty parts. */
export function isSafeRepoPath(path: string): boolean {
  if (path === '' || path.startsWith('/') || path.startsWith('-')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
