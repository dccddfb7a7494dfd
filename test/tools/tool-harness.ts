import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import { createDirectRunner } from '../../src/sandbox/direct-runner.js';
import { FileStateCache } from '../../src/tools/file-state.js';
import type { Tool, ToolContext, ToolOutput } from '../../src/tools/tool.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A fresh, symlink-resolved temp directory, removed after the test. */
export function workspace(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'warden-tools-')));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes files (relative paths) under root, creating directories. */
export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}

/** Writes `name` in every one of `dirs` ('' is the root), each holding `content`: a tree of every pairing. */
export function writeEveryPairing(root: string, dirs: readonly string[], names: readonly string[], content = 'x\n'): void {
  const files: Record<string, string> = {};
  for (const dir of dirs) for (const name of names) files[dir === '' ? name : `${dir}/${name}`] = content;
  writeFiles(root, files);
}

/** Sets a file's mtime to `secondsAgo` seconds in the past. */
export function age(abs: string, secondsAgo: number): void {
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(abs, when, when);
}

export function context(cwd: string, overrides: Partial<ToolContext> = {}): ToolContext {
  const runner = overrides.processRunner ?? createDirectRunner({ PATH: process.env.PATH ?? '/usr/bin:/bin' });
  cleanups.push(() => void runner.dispose());
  return {
    cwd,
    signal: new AbortController().signal,
    fileState: new FileStateCache(),
    processRunner: runner,
    defaultTimeoutMs: 20_000,
    ...overrides,
  };
}

/** Parses the input with the tool's own schema, as the pipeline does, then calls it. */
export async function run<I>(tool: Tool<I>, input: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const parsed = tool.inputSchema.parse(input);
  const valid = await tool.validateInput(parsed, ctx);
  if (!valid.ok) return { isError: true, category: valid.category ?? 'invalid_input', content: valid.message };
  return tool.call(parsed, ctx);
}


/** Whether this process may bind-mount (root with CAP_SYS_ADMIN): tests of mounts in a workspace need it. */
export function canBindMount(): boolean {
  const dir = workspace();
  try {
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    execFileSync('mount', ['--bind', join(dir, 'a'), join(dir, 'b')], { stdio: 'ignore' });
    execFileSync('umount', [join(dir, 'b')], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
