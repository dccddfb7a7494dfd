import { closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, parse } from 'node:path';
import { UsageError } from '../config/index.js';

/** A file Warden will write, and the flag (or input) that named it, for the error message. */
export interface OutputFile {
  path: string;
  flag: string;
}

/**
 * Creates every output's directory and opens each file for writing before anything is spent, so a
 * path that cannot be written is an exit 2 naming the flag, at once — not a stack trace after the
 * run, and not a hang: Node's `mkdirSync(…, { recursive: true })` spins forever on a path under
 * `/proc`, so directories are made one level at a time here.
 */
export function prepareOutputs(files: readonly OutputFile[], dirs: readonly OutputFile[] = []): void {
  for (const dir of dirs) ensureDirectory(dir.path, dir.flag);
  for (const file of files) {
    ensureDirectory(dirname(file.path), file.flag);
    if (isDirectory(file.path)) throw new UsageError(`${file.flag} ${file.path}: is a directory; give a file path`);
    let fd: number;
    try {
      fd = openSync(file.path, 'a');
    } catch (err) {
      throw new UsageError(`${file.flag} ${file.path}: cannot be written (${reason(err)})`);
    }
    closeSync(fd);
  }
}

function ensureDirectory(dir: string, flag: string): void {
  const missing: string[] = [];
  let at = dir;
  const root = parse(dir).root;
  // Walk up to the nearest existing ancestor; bounded by the path's depth.
  while (!exists(at)) {
    missing.unshift(at);
    if (at === root) break;
    at = dirname(at);
  }
  if (exists(at) && !isDirectory(at)) throw new UsageError(`${flag}: ${at} is not a directory`);
  for (const part of missing) {
    try {
      mkdirSync(part);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST' && isDirectory(part)) continue;
      throw new UsageError(`${flag}: cannot create directory ${part} (${reason(err)})`);
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function reason(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? (err as Error).message;
}
