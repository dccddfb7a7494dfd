import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accessFor, ensureBashParser, evaluateCall, parsePolicy, PolicyError, type EvaluatedDecision, type LoadedPolicy, type PolicyIssue } from '../../src/policy/index.js';

/** A workspace (repository) and a home directory side by side in a fresh temp dir. */
export interface Fixture {
  base: string;
  ws: string;
  home: string;
  outside: string;
}

export function makeFixture(files: Record<string, string> = {}): Fixture {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'warden-policy-')));
  const fx = { base, ws: path.join(base, 'ws'), home: path.join(base, 'home'), outside: path.join(base, 'outside') };
  for (const dir of [fx.ws, fx.home, fx.outside]) mkdirSync(dir);
  for (const [rel, text] of Object.entries(files)) writeAt(path.join(fx.ws, rel), text);
  return fx;
}

/** The issues a policy text is refused with, loaded as `file` in the fixture; fails the test if it loads. */
export async function rejectionOf(fx: Fixture, file: string, yaml: string): Promise<PolicyIssue[]> {
  try {
    await parsePolicy(yaml, file, { homeDir: fx.home });
  } catch (error) {
    if (error instanceof PolicyError) return [...error.issues];
    throw error;
  }
  throw new Error('expected the policy to be rejected');
}

export function writeAt(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

export function link(target: string, at: string): void {
  mkdirSync(path.dirname(at), { recursive: true });
  symlinkSync(target, at);
}

/** Load policy YAML as if it were `<ws>/.github/warden.yml`. */
export function loadIn(fx: Fixture, yaml: string): Promise<LoadedPolicy> {
  return parsePolicy(yaml, path.join(fx.ws, '.github', 'warden.yml'), { homeDir: fx.home });
}

/** Load a policy from permissions lists, a mode and (default `required`) a sandbox mode. */
export function policyOf(fx: Fixture, p: { mode?: string; allow?: readonly string[]; deny?: readonly string[]; ask?: readonly string[]; extends?: readonly string[]; sandbox?: 'off' }): Promise<LoadedPolicy> {
  const list = (xs: readonly string[] | undefined): string => JSON.stringify(xs ?? []);
  const yaml = [
    'version: 1',
    `mode: ${p.mode ?? 'dontAsk'}`,
    ...(p.extends ? [`extends: ${JSON.stringify(p.extends)}`] : []),
    'permissions:',
    `  allow: ${list(p.allow)}`,
    `  deny: ${list(p.deny)}`,
    `  ask: ${list(p.ask)}`,
    ...(p.sandbox === undefined ? [] : ['sandbox:', `  mode: ${p.sandbox}`]),
  ].join('\n');
  return loadIn(fx, yaml);
}

const READ_ONLY = new Set(['Read', 'Glob', 'Grep', 'WebFetch']);

/** Decide a call the way a run would (paths relative to the workspace). */
export async function decide(policy: LoadedPolicy, fx: Fixture, tool: string, input: Record<string, unknown>): Promise<EvaluatedDecision> {
  const access = accessFor(tool, input, fx.ws);
  if (access.kind === 'exec') await ensureBashParser();
  return evaluateCall(policy, { toolName: tool, input, access, isReadOnly: READ_ONLY.has(tool) }, { cwd: fx.ws });
}
