/**
 * Issue 31 item 3 (follow-up): before the run the host lists every path git's object store can
 * print by name (host-git-history.ts), and the policy judges them (history-fact.ts). Real git
 * repositories, the real snapshot, the read-only preset (`Read(.env)`, denied at any depth).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createPathJudge, presetPolicy, type LoadedPolicy } from '../../src/policy/index.js';
import { historyMayHoldDenied } from '../../src/policy/history-fact.js';
import { tempDir } from '../support/temp-repo.js';
import { git, makeRepo, snap, writeFiles } from './fixture.js';

const FILES = { 'src/a.ts': 'export const a = 1;\n', 'README.md': '# r\n' };

async function fact(ws: string): Promise<{ mayHold: boolean; kind: string }> {
  const policy: LoadedPolicy = await presetPolicy(['read-only-review'], ws, { homeDir: tempDir('warden-home-') });
  const s = await snap(ws);
  return { mayHold: historyMayHoldDenied(s.history, createPathJudge(policy, ws)), kind: s.history.kind };
}

describe('does the object store hold a denied path (host listing, read-only preset)', () => {
  let clean: string;
  beforeAll(() => {
    clean = makeRepo(FILES);
    git(clean, 'checkout', '-q', '-b', 'feature');
    writeFiles(clean, { 'src/a.ts': 'export const a = 2;\n' });
    git(clean, 'commit', '-qam', 'change');
    writeFiles(clean, { '.env': 'TOKEN=untracked\n' }); // in the work tree only: the sandbox hides it
  });

  it('no: a repository that never had .env committed (it is only untracked in the work tree)', async () => {
    expect(await fact(clean)).toEqual({ mayHold: false, kind: 'paths' });
  });

  it('yes: .env committed, then deleted', async () => {
    const ws = makeRepo({ ...FILES, '.env': 'TOKEN=1\n' });
    git(ws, 'rm', '-q', '.env');
    git(ws, 'commit', '-qm', 'remove');
    expect((await fact(ws)).mayHold).toBe(true);
  });

  it('yes: .env only in a stash (untracked, stashed with -u)', async () => {
    const ws = makeRepo(FILES);
    writeFiles(ws, { '.env': 'TOKEN=stashed\n' });
    git(ws, 'stash', '-q', '-u');
    expect((await fact(ws)).mayHold).toBe(true);
  });

  it('yes: .env only in the index (added, never committed)', async () => {
    const ws = makeRepo(FILES);
    writeFiles(ws, { '.env': 'TOKEN=staged\n' });
    git(ws, 'add', '.env');
    expect((await fact(ws)).mayHold).toBe(true);
  });

  it('yes: a nested config/.env (Read(.env) matches at any depth)', async () => {
    const ws = makeRepo({ ...FILES, 'config/.env': 'TOKEN=nested\n' });
    expect((await fact(ws)).mayHold).toBe(true);
  });

  it('yes (unknown): a blob no ref reaches — added, then unstaged — can still be printed by its id', async () => {
    const ws = makeRepo(FILES);
    writeFiles(ws, { '.env': 'TOKEN=dangling\n' });
    git(ws, 'add', '.env');
    git(ws, 'rm', '-q', '--cached', '.env');
    expect(await fact(ws)).toEqual({ mayHold: true, kind: 'unknown' });
  });

  it('yes (unknown): a tag naming a blob by itself', async () => {
    const ws = makeRepo(FILES);
    git(ws, 'tag', 'loose', git(ws, 'rev-parse', 'HEAD:README.md').trim());
    expect(await fact(ws)).toEqual({ mayHold: true, kind: 'unknown' });
  });

  it('yes: no listing at all (another caller, or git failed) is the strict answer', () => {
    const judge = (): never => {
      throw new Error('not consulted');
    };
    expect(historyMayHoldDenied(undefined, judge)).toBe(true);
    expect(historyMayHoldDenied({ kind: 'unknown', reason: 'x' }, judge)).toBe(true);
  });
});
