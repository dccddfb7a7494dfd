/** checkCommitPush judges what would be committed — the captured tree against the start — not a patch handed in. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCommitPush, undeliverable, type PushRequest } from '../../src/deliver/index.js';
import { RunResultSchema } from '../../src/outbox/index.js';
import { changedFiles, diffPatch } from '../../src/git/index.js';
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
  it('max_bytes counts the bytes each committed file stores, not the patch: a compressible binary file is refused, named with its size', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFiles(ws, { 'src/app.js': 'export const answer = 0;\n', 'data/zeros.bin': Buffer.alloc(200_000) });
    const changes = await changedFiles(s);
    // The patch a --binary diff makes of it is far under the limit: the patch's encoding is not what is committed.
    expect((await diffPatch(changes)).length).toBeLessThan(5_000);
    const out = await checkCommitPush(request(changes, { limits: { maxFiles: 10, maxBytes: 5_000 } }));
    expect(out).toEqual({ kind: 'not-pushed', delivery: { kind: 'refused', reasons: ['`data/zeros.bin`: 200000 bytes, more than the policy\'s publish.max_bytes (5000)'] } });
  });

  it('max_bytes bounds the total too: files each under it, together over it', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFiles(ws, { 'a.txt': 'a'.repeat(600), 'b.txt': 'b'.repeat(500) });
    rmSync(join(ws, 'src/app.js'));
    const out = await checkCommitPush(request(await changedFiles(s)));
    // The deleted file adds no content; the two new ones are named, largest first.
    expect(out).toEqual({ kind: 'not-pushed', delivery: { kind: 'refused', reasons: ['the changes commit 1100 bytes of file content, more than the policy\'s publish.max_bytes (1000); largest: `a.txt` 600, `b.txt` 500'] } });
  });

  it('a secret value in a committed file is refused, the file named, the value never', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFiles(ws, { 'src/app.js': 'export const answer = 0;\n', 'debug.txt': 'token=sk-ant-secret-0123456789\n' });
    const out = await checkCommitPush(request(await changedFiles(s), { secretValues: ['sk-ant-secret-0123456789'], limits: { maxFiles: 10, maxBytes: 100_000 } }));
    expect(out).toEqual({ kind: 'not-pushed', delivery: { kind: 'refused', reasons: ['`debug.txt`: holds a secret value of this run (in some form: raw, base64, hex or URL-encoded, line-wrapped or not; redacted here)'] } });
  });

  it('a file name holding a secret is refused without showing the name', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFiles(ws, { 'logs/sk-ant-secret-0123456789.txt': 'x\n' });
    const out = await checkCommitPush(request(await changedFiles(s), { secretValues: ['sk-ant-secret-0123456789'], limits: { maxFiles: 10, maxBytes: 100_000 } }));
    expect(out).toMatchObject({ kind: 'not-pushed', delivery: { kind: 'refused', reasons: [expect.stringMatching(/^a file name \(not shown\): holds a secret value/)] } });
    expect(JSON.stringify(out)).not.toContain('sk-ant-secret');
  });

  // The layer behind the outbox's withholding: the push check holds on its own, for every form.
  const SECRET = 'sk-ant-secret-0123456789';
  it.each<[string, string | Buffer]>([
    ['base64', `data=${Buffer.from(SECRET).toString('base64')}\n`],
    ...[1, 2].map((k): [string, Buffer] => [`base64 inside a larger stream, ${k} byte(s) off its alignment, in a binary file`, Buffer.concat([Buffer.from([0]), Buffer.from(Buffer.concat([Buffer.alloc(k, 7), Buffer.from(SECRET), Buffer.alloc(5, 9)]).toString('base64'))])]),
    ['base64, wrapped at 76 columns as `base64` prints it', `${Buffer.from(`${'x'.repeat(40)}${SECRET}`).toString('base64').replace(/.{76}/g, '$&\n')}\n`],
    ['hex', `${Buffer.from(`x:${SECRET}`).toString('hex')}\n`],
    ['HEX', `${Buffer.from(`x:${SECRET}`).toString('hex').toUpperCase()}\n`],
    ['hex, wrapped at 60 columns as `xxd -p` prints it', `${Buffer.from(`x:${SECRET}`).toString('hex').replace(/.{60}/g, '$&\n')}\n`],
    ['URL-encoded', `u=${encodeURIComponent(`${SECRET}/+ `)}\n`],
    ['raw after a NUL byte in a binary file', Buffer.concat([Buffer.from([0, 1, 2, 0]), Buffer.from(SECRET), Buffer.from([0])])],
  ])('a secret value %s is refused, the file named', async (_name, content) => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFiles(ws, { 'out.dat': content, 'clean.txt': 'nothing here\n' });
    const out = await checkCommitPush(request(await changedFiles(s), { secretValues: [SECRET], limits: { maxFiles: 10, maxBytes: 100_000 } }));
    expect(out).toMatchObject({ kind: 'not-pushed', delivery: { kind: 'refused', reasons: [expect.stringMatching(/^`out\.dat`: holds a secret value of this run/)] } });
    expect(out.kind === 'not-pushed' && out.delivery.kind === 'refused' ? out.delivery.reasons : []).toHaveLength(1);
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
