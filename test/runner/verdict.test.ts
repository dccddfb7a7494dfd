import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../src/runner/verdict.js';

const ok = { status: 'ok' as const, mutating: true };
const denied = { status: 'denied' as const, mutating: true };
const readOk = { status: 'ok' as const, mutating: false };
const readDenied = { status: 'denied' as const, mutating: false };
const failed = { status: 'error' as const, mutating: true };
const cancelled = { status: 'cancelled' as const, mutating: true };
const invalid = { status: 'error' as const };

describe('verdictOf', () => {
  it.each([
    ['files changed', ['a.ts'], [ok], 'changes'],
    ['files changed even though a call was denied', ['a.ts'], [denied], 'changes'],
    ['files changed by a command while every tool call was denied', ['a.ts'], [denied, denied], 'changes'],
    ['nothing tried, nothing changed', [], [], 'no_changes'],
    ['only reads', [], [readOk, readOk], 'no_changes'],
    ['reads denied, no change attempted', [], [readDenied], 'no_changes'],
    ['every change attempt denied', [], [denied, readOk, denied], 'blocked'],
    ['one change attempt allowed, but it failed', [], [denied, failed], 'no_changes'],
    ['an allowed command ran and changed nothing', [], [denied, ok], 'no_changes'],
    ['a cancelled attempt does not count either way', [], [denied, cancelled], 'blocked'],
    ['only cancelled attempts', [], [cancelled], 'no_changes'],
    ['a call with invalid input does not count', [], [denied, invalid], 'blocked'],
  ] as const)('%s → %s', (_name, files, calls, expected) => {
    expect(verdictOf(files, calls)).toBe(expected);
  });
});
