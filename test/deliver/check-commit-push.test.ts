/** checkCommitPush judges what would be committed — the captured tree against the start — not a patch handed in. */
import { describe, expect, it } from 'vitest';
import { checkCommitPush, undeliverable, type PushRequest } from '../../src/deliver/index.js';
import { RunResultSchema } from '../../src/outbox/index.js';
import { changedFiles, diffPatch } from '../../src/sandbox/index.js';
import { DEFAULT_FILES, makeRepo, snap, writeFiles } from '../host-git/fixture.js';

const BOT = { name: 'warden[bot]', email: 'warden[bot]@users.noreply.github.com' };

function request(changes: PushRequest['changes'], overrides: Partial<PushRequest> = {}): PushRequest {
  return {
    mode: 'branch',
    changes,
    policy: undefined,
    limits: { maxFiles: 10, maxBytes: 1_000 },
    secretValues: [],
    branch: 'feature',
    // Never reached: every case here is refused before the push.
    remoteUrl: 'http://127.0.0.1:9/none',
    token: 'unused-token',
    author: BOT,
    message: 'warden: test',
    ...overrides,
  };
}

describe('checkCommitPush: size and secrets of what is committed', () => {
  it('max_bytes counts every committed file, whatever else the caller knows about the patch', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFiles(ws, { 'src/app.js': 'export const answer = 0;\n', 'notes/big.txt': `${'x'.repeat(80)}\n`.repeat(40) });
    const changes = await changedFiles(s);
    const committed = (await diffPatch(changes)).length;
    expect(committed).toBeGreaterThan(3_000);
    const out = await checkCommitPush(request(changes));
    expect(out).toEqual({ kind: 'not-pushed', delivery: { kind: 'refused', reasons: [`the patch is ${committed} bytes; the policy's publish.max_bytes is 1000`] } });
  });

  it('a secret value in any committed file is refused', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFiles(ws, { 'src/app.js': 'export const answer = 0;\n', 'debug.txt': 'token=sk-ant-secret-0123456789\n' });
    const out = await checkCommitPush(request(await changedFiles(s), { secretValues: ['sk-ant-secret-0123456789'], limits: { maxFiles: 10, maxBytes: 100_000 } }));
    expect(out).toMatchObject({ kind: 'not-pushed', delivery: { kind: 'refused', reasons: [expect.stringContaining('contains a secret value')] } });
  });

  // The layer behind the outbox's withholding: the push check holds on its own, for every form.
  it.each<[string, string | Buffer]>([
    ['base64', `data=${Buffer.from('sk-ant-secret-0123456789').toString('base64')}\n`],
    ['hex', `${Buffer.from('x:sk-ant-secret-0123456789').toString('hex')}\n`],
    ['inside a binary file', Buffer.concat([Buffer.from([0, 1, 2, 0]), Buffer.from('sk-ant-secret-0123456789'), Buffer.from([0])])],
  ])('a secret value %s is refused', async (_name, content) => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFiles(ws, { 'out.dat': content });
    const out = await checkCommitPush(request(await changedFiles(s), { secretValues: ['sk-ant-secret-0123456789'], limits: { maxFiles: 10, maxBytes: 100_000 } }));
    expect(out).toMatchObject({ kind: 'not-pushed', delivery: { kind: 'refused', reasons: [expect.stringContaining('contains a secret value')] } });
  });
});

describe('undeliverable: what result.json alone rules out', () => {
  const result = (extra: object) => RunResultSchema.parse({
    version: 1, warden: 't', outcome: { reason: 'completed', finalText: '' }, verdict: 'changes', finished: true, model: 'm', turns: 1, durationMs: 0,
    tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, costUsd: null, denials: [], filesChanged: ['a'], startingCommit: null, trigger: { source: 'cli' },
    files: { summary: 's', transcript: 't', patch: 'p', review: 'r', junit: 'j' }, ...extra,
  });
  it.each([
    ['changes', {}, undefined],
    ['no changes', { verdict: 'no_changes' }, { kind: 'none', why: 'nothing changed' }],
    ['a withheld patch', { patchWithheld: 'it holds a secret' }, { kind: 'refused', reasons: ['changes.patch was withheld: it holds a secret'] }],
  ])('%s', (_name, extra, expected) => {
    expect(undeliverable(result(extra))).toEqual(expected);
  });
});
