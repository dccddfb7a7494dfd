/** Protected-path planning, as a table: a fake filesystem in, pins / read-only / placeholders out. */
import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { effectiveProtectedPaths, planProtectedPaths, StubRegistry, type PathKind, type ProtectedPlan } from '../../src/sandbox/mount-plan.js';

const W = '/w';
const fs = (entries: Record<string, PathKind>) => (abs: string): PathKind => entries[abs] ?? 'missing';
const plan = (rels: Array<[string, 'dir' | 'file']>, entries: Record<string, PathKind>): ProtectedPlan =>
  planProtectedPaths(W, rels.map(([rel, kind]) => ({ rel, kind })), fs(entries));

describe('planProtectedPaths', () => {
  const cases: Array<[string, Array<[string, 'dir' | 'file']>, Record<string, PathKind>, Partial<ProtectedPlan>]> = [
    ['existing hooks: pin .git, hooks read-only', [['.git/hooks', 'dir']], { '/w/.git': 'dir', '/w/.git/hooks': 'dir' }, { pins: ['/w/.git'], readOnly: ['/w/.git/hooks'], stubs: [] }],
    ['hooks missing: pin .git, placeholder dir', [['.git/hooks', 'dir']], { '/w/.git': 'dir' }, { pins: ['/w/.git'], readOnly: [], stubs: [{ path: '/w/.git/hooks', kind: 'dir' }] }],
    ['.git missing: one placeholder for hooks and config', [['.git/hooks', 'dir'], ['.git/config', 'file']], {}, { pins: [], stubs: [{ path: '/w/.git', kind: 'dir' }] }],
    ['.git is a gitdir file: it is held read-only', [['.git/hooks', 'dir'], ['.git/config', 'file']], { '/w/.git': 'file' }, { pins: [], readOnly: ['/w/.git'], stubs: [] }],
    ['workflows missing under an existing .github', [['.github/workflows', 'dir']], { '/w/.github': 'dir' }, { pins: ['/w/.github'], stubs: [{ path: '/w/.github/workflows', kind: 'dir' }] }],
    ['missing file entry gets a file placeholder', [['.mcp.json', 'file']], {}, { stubs: [{ path: '/w/.mcp.json', kind: 'file' }] }],
    ['existing file entry is read-only', [['.npmrc', 'file']], { '/w/.npmrc': 'file' }, { readOnly: ['/w/.npmrc'] }],
    ['a symlinked entry is refused', [['.git/hooks', 'dir']], { '/w/.git': 'dir', '/w/.git/hooks': 'symlink' }, { refused: [{ rel: '.git/hooks', reason: '.git/hooks is a symlink, which the sandbox cannot keep in place' }] }],
    ['a symlinked parent is refused', [['.github/workflows', 'dir']], { '/w/.github': 'symlink' }, { refused: [{ rel: '.github/workflows', reason: '.github is a symlink, which the sandbox cannot keep in place' }] }],
  ];
  test.each(cases)('%s', (_name, rels, entries, expected) => {
    expect(plan(rels, entries)).toMatchObject(expected);
  });
});

describe('effectiveProtectedPaths', () => {
  const rels = (cfg: { protectedPaths?: string[]; writableProtectedPaths?: string[] }) =>
    effectiveProtectedPaths({ protectedPaths: cfg.protectedPaths ?? [], writableProtectedPaths: cfg.writableProtectedPaths ?? [] });
  test('the built-in list, with kinds', () => {
    const { entries } = rels({});
    expect(entries.map((e) => `${e.rel}:${e.kind}`)).toEqual([
      '.claude:dir', '.envrc:file', '.git/config:file', '.git/hooks:dir', '.github/workflows:dir', '.gitmodules:file', '.husky:dir', '.idea:dir', '.mcp.json:file', '.npmrc:file', '.vscode:dir',
    ]);
  });
  test('policy entries are added; writable ones (or their ancestors) removed; nested entries dropped', () => {
    const { entries, invalid } = rels({ protectedPaths: ['deploy/', 'deploy/prod.yml', 'infra/main.tf', './ops', '../etc', '/abs'], writableProtectedPaths: ['.github', '.vscode'] });
    const names = entries.map((e) => `${e.rel}:${e.kind}`);
    expect(names).toContain('deploy:dir');
    expect(names).not.toContain('deploy/prod.yml:file');
    expect(names).toContain('infra/main.tf:file');
    expect(names).toContain('ops:dir');
    expect(names.some((n) => n.startsWith('.github'))).toBe(false);
    expect(names.some((n) => n.startsWith('.vscode'))).toBe(false);
    expect(invalid).toEqual(['../etc', '/abs']);
  });
});

describe('StubRegistry (real files)', () => {
  test('file placeholders go when the last command ends; directory placeholders at the end of the run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-stub-'));
    try {
      const reg = new StubRegistry();
      const stubs = [{ path: join(dir, '.claude'), kind: 'dir' as const }, { path: join(dir, '.mcp.json'), kind: 'file' as const }];
      const a = reg.acquire(stubs);
      const b = reg.acquire(stubs);
      expect(a.ok && b.ok).toBe(true);
      expect(reg.owns(join(dir, '.claude'))).toBe(true);
      expect(readdirSync(dir).sort()).toEqual(['.claude', '.mcp.json']);
      reg.release(a.acquired);
      expect(readdirSync(dir).sort()).toEqual(['.claude', '.mcp.json']);
      reg.release(b.acquired);
      expect(readdirSync(dir)).toEqual(['.claude']);
      expect(reg.acquire([stubs[0]!]).ok).toBe(true); // reused, not re-created
      reg.releaseAll();
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test('a path that appeared meanwhile is not taken over, and content is never deleted', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-stub-'));
    try {
      const reg = new StubRegistry();
      writeFileSync(join(dir, '.mcp.json'), '{}');
      expect(reg.acquire([{ path: join(dir, '.claude'), kind: 'dir' }, { path: join(dir, '.mcp.json'), kind: 'file' }]).ok).toBe(false);
      expect(existsSync(join(dir, '.mcp.json'))).toBe(true); // not taken over
      expect(reg.owns(join(dir, '.claude'))).toBe(true); // kept for the re-plan, removed at the end of the run
      const c = reg.acquire([{ path: join(dir, '.vscode'), kind: 'dir' }]);
      rmSync(join(dir, '.vscode'), { recursive: true });
      mkdirSync(join(dir, '.vscode'));
      writeFileSync(join(dir, '.vscode/settings.json'), '{}');
      reg.release(c.acquired);
      reg.releaseAll();
      expect(existsSync(join(dir, '.vscode/settings.json'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
