import { closeSync, constants, fstatSync, openSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Writing and reading Warden's own output files without following a link at their name: were one
 * planted there (the sandbox protects these paths; this holds if it did not), the host would
 * write or read whatever it points at, outside the sandbox.
 */
export function writeOwnFile(path: string, data: string | Buffer): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
  try {
    writeFileSync(fd, data);
  } finally {
    closeSync(fd);
  }
}

/** Copies a file Warden wrote (the transcript) into the outbox: a regular file, not through a link. */
export function copyOwnFile(from: string, to: string): void {
  const fd = openSync(from, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`${from} is not a regular file`);
    writeOwnFile(to, readFileSync(fd));
  } finally {
    closeSync(fd);
  }
}
