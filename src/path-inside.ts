import { isAbsolute, relative, resolve } from 'node:path';

/** Whether `path` is `root` or below it, compared by path components (not by string prefix). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, resolve(root, path));
  return rel === '' || (rel !== '..' && !rel.startsWith('../') && !isAbsolute(rel));
}
