/**
 * Whether a name ripgrep printed, as the runner decoded it, may not be the name ripgrep found on
 * disk: bytes that are not UTF-8 decode to U+FFFD, and a lone surrogate (a pair halved where the
 * output was cut in UTF-16 units) is encoded back as U+FFFD's bytes when the name is looked up.
 * Either way another file, or a symlink, may bear the name it stands for: it cannot be named again.
 */
export function mayNameAnother(name: string): boolean {
  return /[\uFFFD\p{Cs}]/u.test(name);
}
