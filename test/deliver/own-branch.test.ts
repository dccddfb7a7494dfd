import { describe, expect, it } from 'vitest';
import { claimOwnBranch, judgeBranch, ownBranchNames, type RequestFrom } from '../../src/deliver/index.js';
import type { BranchCommit, RemoteBranch } from '../../src/git/index.js';

const WARDEN = { name: 'warden[bot]', email: 'warden[bot]@users.noreply.github.com' };
const PERSON = { name: 'Mona', email: 'mona@example.invalid' };
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const commit = (over: Partial<BranchCommit> = {}): BranchCommit => ({ sha: A, author: WARDEN, committer: WARDEN, wardenRun: ['https://github.com/o/r/actions/runs/1'], ...over });
const present = (commits: BranchCommit[], complete = true): RemoteBranch => ({ kind: 'present', tip: B, commits, complete });

describe('judgeBranch: a remote branch is overwritten only when all it holds of its own is Warden\'s', () => {
  it.each<[string, RemoteBranch, { lease: string } | RegExp]>([
    ['absent: created, leased on "must not exist"', { kind: 'absent' }, { lease: '' }],
    ['one Warden commit: replaced from its tip', present([commit()]), { lease: B }],
    ['two Warden commits: replaced from its tip', present([commit(), commit({ sha: B })]), { lease: B }],
    ['a person\'s commit on top', present([commit({ author: PERSON, committer: PERSON }), commit()]), /authored by Mona <mona@example.invalid>/],
    ['a person\'s commit below', present([commit(), commit({ sha: B, author: PERSON })]), /commit bbbbbbbbbbbb is authored by Mona/],
    ['Warden as author, a person as committer (a rebase)', present([commit({ committer: PERSON })]), /committed by Mona/],
    ['Warden\'s identity without Warden\'s trailer', present([commit({ wardenRun: [] })]), /no Warden-Run trailer/],
    ['nothing of its own (at a commit of the base)', present([]), /no commit of Warden's/],
    ['more than a Warden branch ever holds', present([commit()], false), /more commits of its own/],
    ['unreadable', { kind: 'unknown', message: 'git fetch failed' }, /cannot be read \(git fetch failed\)/],
  ])('%s', (_name, remote, expected) => {
    const judged = judgeBranch(remote, WARDEN);
    if (expected instanceof RegExp) expect('why' in judged ? judged.why : '').toMatch(expected);
    else expect(judged).toEqual(expected);
  });

  it('the email is compared without case, the name exactly', () => {
    expect(judgeBranch(present([commit({ author: { ...WARDEN, email: WARDEN.email.toUpperCase() } })]), WARDEN)).toEqual({ lease: B });
    expect(judgeBranch(present([commit({ author: { ...WARDEN, name: 'Warden[bot]' } })]), WARDEN)).toHaveProperty('why');
  });
});

describe('judgeBranch with a signer: commits the forge made and signed for Warden (commit_signing) are Warden\'s too', () => {
  const SIGNER = { authorName: 'github-actions[bot]', committer: { name: 'GitHub', email: 'noreply@github.com' } };
  const BOT = { name: 'github-actions[bot]', email: '41898282+github-actions[bot]@users.noreply.github.com' };
  const signed = (over: Partial<BranchCommit> = {}): BranchCommit => commit({ author: BOT, committer: SIGNER.committer, ...over });
  it.each<[string, RemoteBranch, typeof SIGNER | undefined, { lease: string } | RegExp]>([
    ['a signed commit of Warden\'s: replaced from its tip', present([signed()]), SIGNER, { lease: B }],
    ['signed and plain commits of Warden\'s', present([signed(), commit({ sha: B })]), SIGNER, { lease: B }],
    ['without a signer (commit_signing off): not Warden\'s', present([signed()]), undefined, /authored by github-actions\[bot\]/],
    ['a person\'s edit in the web editor (committed by GitHub)', present([signed({ author: PERSON })]), SIGNER, /authored by Mona/],
    ['signed by the bot without Warden\'s trailer (another workflow)', present([signed({ wardenRun: [] })]), SIGNER, /no Warden-Run trailer/],
    ['the bot as author, a person as committer', present([signed({ committer: PERSON })]), SIGNER, /authored by github-actions\[bot\]/],
  ])('%s', (_name, remote, signer, expected) => {
    const judged = judgeBranch(remote, WARDEN, signer);
    if (expected instanceof RegExp) expect('why' in judged ? judged.why : '').toMatch(expected);
    else expect(judged).toEqual(expected);
  });
});

describe('claimOwnBranch: the first of Warden\'s names whose branch and pull request are Warden\'s or free', () => {
  const names = ownBranchNames('warden/pr-7');
  it('names: the same sequence every run', () => {
    expect(names).toEqual(['warden/pr-7', 'warden/pr-7-2', 'warden/pr-7-3', 'warden/pr-7-4', 'warden/pr-7-5']);
  });

  const claim = (requests: Record<string, RequestFrom<number>>, remotes: Record<string, RemoteBranch>) =>
    claimOwnBranch('warden/pr-7', WARDEN, {
      requestFrom: (b) => Promise.resolve(requests[b] ?? { kind: 'none' }),
      readRemote: (b) => Promise.resolve(remotes[b] ?? { kind: 'absent' }),
    });

  it('free: the first name, created', async () => {
    expect(await claim({}, {})).toEqual({ kind: 'claimed', branch: 'warden/pr-7', lease: '', request: undefined, passedOver: [] });
  });
  it('Warden\'s branch and pull request: replaced, the pull request updated', async () => {
    expect(await claim({ 'warden/pr-7': { kind: 'wardens', ref: 12 } }, { 'warden/pr-7': present([commit()]) })).toMatchObject({ branch: 'warden/pr-7', lease: B, request: 12 });
  });
  it('a person\'s pull request from the name: the next name, its branch never read', async () => {
    const read: string[] = [];
    const r = await claimOwnBranch('warden/pr-7', WARDEN, {
      requestFrom: (b) => Promise.resolve(b === 'warden/pr-7' ? { kind: 'foreign', author: 'mona' } : { kind: 'none' }),
      readRemote: (b) => {
        read.push(b);
        return Promise.resolve({ kind: 'absent' });
      },
    });
    expect(r).toMatchObject({ kind: 'claimed', branch: 'warden/pr-7-2', lease: '', passedOver: ['`warden/pr-7` has an open pull request by mona'] });
    expect(read).toEqual(['warden/pr-7-2']);
  });
  it('a person\'s branch without a pull request: the next name', async () => {
    expect(await claim({}, { 'warden/pr-7': present([commit({ author: PERSON })]) })).toMatchObject({ branch: 'warden/pr-7-2' });
  });
  it('every name taken: none, each reason kept', async () => {
    const taken = Object.fromEntries(names.map((n) => [n, present([commit({ author: PERSON })])]));
    const r = await claim({}, taken);
    expect(r.kind).toBe('none-free');
    expect(r.passedOver).toHaveLength(names.length);
  });
});
