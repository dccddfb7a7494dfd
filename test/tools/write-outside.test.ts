import { execFileSync } from 'node:child_process';
import { lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeToolFile } from '../../src/tools/file-write.js';
import { writeTool } from '../../src/tools/write.js';
import { tempDir } from '../support/temp-repo.js';
import { context, run, workspace } from './tool-harness.js';

// Write to a path outside the workspace, as a policy allowing e.g. Write(//tmp/**) permits: what
// is at that path may have been put there by a sandboxed command (its private /tmp lives in the
// host's temp dir). The tool must neither hang on a FIFO nor write through a link.
describe('Write outside the workspace', () => {
  it('refuses a FIFO at once instead of hanging the runner on it', async () => {
    const outside = tempDir('warden-outside-');
    const fifo = join(outside, 'notes.txt');
    execFileSync('mkfifo', [fifo]);
    const out = await run(writeTool, { file_path: fifo, content: 'x' }, context(workspace()));
    expect(out.isError).toBe(true);
    expect(out.content).toContain('not a regular file');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('refuses a symlink at the name, and the file it points to keeps its bytes', async () => {
    const outside = tempDir('warden-outside-');
    const target = join(tempDir('warden-target-'), 'authorized_keys');
    writeFileSync(target, 'ssh-ed25519 AAAA original\n');
    symlinkSync(target, join(outside, 'out.txt'));
    const out = await run(writeTool, { file_path: join(outside, 'out.txt'), content: 'attacker key\n' }, context(workspace()));
    expect(out.isError).toBe(true);
    expect(out.content, String(out.content)).toMatch(/symlink|symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('ssh-ed25519 AAAA original\n');
  });

  it('creates a new file with its directories, and replaces one whole (a shorter text leaves no tail)', async () => {
    const outside = tempDir('warden-outside-');
    const ctx = context(workspace());
    const fresh = join(outside, 'a/b/new.txt');
    const created = await run(writeTool, { file_path: fresh, content: 'new\n' }, ctx);
    expect(created.isError, String(created.content)).toBeUndefined();
    expect(readFileSync(fresh, 'utf8')).toBe('new\n');
    const old = join(outside, 'c/old.txt');
    await run(writeTool, { file_path: old, content: 'a much longer original text\n' }, ctx);
    const replaced = await run(writeTool, { file_path: old, content: 'short\n' }, ctx);
    expect(replaced.isError, String(replaced.content)).toBeUndefined();
    expect(readFileSync(old, 'utf8')).toBe('short\n');
  });

  // The tool looks before it writes; a command running alongside can swap the file in between.
  // The writer itself must hold with that look switched off.
  it('the writer alone, as if the look before were fooled: no FIFO, no link, a regular file only', async () => {
    const outside = tempDir('warden-outside-');
    const ws = workspace();
    const fifo = join(outside, 'fifo.txt');
    execFileSync('mkfifo', [fifo]);
    await expect(writeToolFile(ws, fifo, 'x')).rejects.toThrow(/not a regular file/);
    const target = join(tempDir('warden-target-'), 'keep.txt');
    writeFileSync(target, 'kept\n');
    symlinkSync(target, join(outside, 'link.txt'));
    await expect(writeToolFile(ws, join(outside, 'link.txt'), 'overwritten\n')).rejects.toThrow(/symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('kept\n');
    await expect(writeToolFile(ws, outside, 'x')).rejects.toThrow();
  });
});
