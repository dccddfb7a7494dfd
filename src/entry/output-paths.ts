import { closeSync, mkdirSync, openSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, parse, relative } from 'node:path';
import { UsageError } from '../config/index.js';
import { errnoCode, errorReason } from '../error-text.js';

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
      if (errnoCode(err) === 'EEXIST' && isDirectory(part)) continue;
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
  return errorReason(err);
}

/**
 * Warden's own files that lie inside the workspace (an outbox kept with the project, as GitLab
 * artifacts must be; a transcript, summary or TMPDIR there), as workspace-relative paths for the
 * sandbox to protect: a command could otherwise swap one for a symlink, and the host — writing the
 * outbox, copying the transcript in, saving a tool's full output — would write or read through it,
 * outside the sandbox. Protected, they are read-only (or removed when made) to every command.
 * Call after prepareOutputs, so the paths exist and resolve as the sandbox will see them.
 */
export function ownPathsInWorkspace(workspace: string, paths: readonly (string | undefined)[]): string[] {
  const root = realpathSync(workspace);
  const inside: string[] = [];
  for (const path of paths) {
    if (path === undefined) continue;
    const rel = relative(root, resolveExisting(path));
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) inside.push(rel);
    // The workspace itself inside one of them (TMPDIR = the workspace's parent): nothing to protect there.
  }
  return inside;
}

/** The real path of `path`, resolving its nearest existing ancestor when it does not exist yet. */
function resolveExisting(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(resolveExisting(parent), basename(path));
  }
}
