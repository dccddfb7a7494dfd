/** The pure half of commit_signing: the tree entries a commit's changes become, and how the branch may move. */
import { describe, expect, it } from 'vitest';
import { apiTreeEntries, refStep, type RefTarget } from '../../src/github/publish/api-tree.js';
import type { CommitFile } from '../../src/git/index.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const write = (path: string | Buffer, mode: string, id = A): CommitFile => ({ kind: 'write', path: Buffer.isBuffer(path) ? path : Buffer.from(path), mode, id, content: Buffer.from('x') });

describe('apiTreeEntries', () => {
  it.each<[string, CommitFile[], ReturnType<typeof apiTreeEntries>]>([
    ['a file', [write('src/a.ts', '100644')], { entries: [{ path: 'src/a.ts', mode: '100644', type: 'blob', sha: A }] }],
    ['an executable', [write('bin/run', '100755')], { entries: [{ path: 'bin/run', mode: '100755', type: 'blob', sha: A }] }],
    ['a symlink', [write('link', '120000')], { entries: [{ path: 'link', mode: '120000', type: 'blob', sha: A }] }],
    ['a deletion: sha null', [{ kind: 'delete', path: Buffer.from('old.txt') }], { entries: [{ path: 'old.txt', mode: '100644', type: 'blob', sha: null }] }],
    ['a UTF-8 name', [write('docs/résumé.md', '100644')], { entries: [{ path: 'docs/résumé.md', mode: '100644', type: 'blob', sha: A }] }],
    ['a name that is not UTF-8: refused, not sent as another name', [write(Buffer.from([0x61, 0xff, 0x62]), '100644')], { refused: 'a path that is not UTF-8 ("a\ufffdb") cannot be sent through GitHub\'s API' }],
    ['a gitlink: refused', [write('vendor/lib', '160000')], { refused: '`vendor/lib` has mode 160000, which Warden does not commit through the API' }],
  ])('%s', (_name, files, expected) => {
    expect(apiTreeEntries(files)).toEqual(expected);
  });
});

describe('refStep: the push\'s lease and force, on a ref GitHub reports', () => {
  const ref = 'refs/heads/warden/pr-7';
  it.each<[string, Omit<RefTarget, 'ref'>, string | undefined, ReturnType<typeof refStep>]>([
    ['new branch judged absent, absent', { lease: '', force: false }, undefined, { kind: 'create' }],
    ['new branch judged absent, created since', { lease: '', force: false }, B, { kind: 'refuse', why: `${ref} was created (at ${B.slice(0, 12)}) after Warden looked; not overwritten` }],
    ['Warden\'s branch at the tip judged: replaced', { lease: A, force: false }, A, { kind: 'update', force: true }],
    ['Warden\'s branch moved since', { lease: A, force: false }, B, { kind: 'refuse', why: `${ref} moved to ${B.slice(0, 12)} after Warden judged it at ${A.slice(0, 12)}; not overwritten` }],
    ['Warden\'s branch deleted since', { lease: A, force: false }, undefined, { kind: 'refuse', why: `${ref} was deleted after Warden judged it at ${A.slice(0, 12)}; not overwritten` }],
    ['a pull request\'s branch: forward only (GitHub checks)', { force: false }, A, { kind: 'update', force: false }],
    ['forced, no lease', { force: true }, A, { kind: 'update', force: true }],
    ['absent, no lease: created', { force: false }, undefined, { kind: 'create' }],
  ])('%s', (_name, target, tip, expected) => {
    expect(refStep({ ref, ...target }, tip)).toEqual(expected);
  });
});
