import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'examples', 'workflows');
const inputs = Object.keys((parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs);

interface Step { uses?: string; with?: Record<string, unknown>; run?: string }
interface Workflow { on: unknown; permissions?: unknown; jobs: Record<string, { steps: Step[]; permissions?: unknown }> }

describe('examples/workflows: ready workflows that use only what the action has', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.yml'));

  it('are the ones docs/github.md lists', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'github.md'), 'utf8');
    for (const f of files) expect(doc).toContain(`examples/workflows/${f}`);
  });

  it.each(files)('%s: valid YAML, permissions stated, every `with:` of Warden is an input of action.yml', (file) => {
    const docs = parseAllDocuments(readFileSync(join(DIR, file), 'utf8'));
    for (const d of docs) {
      expect(d.errors).toEqual([]);
      const wf = d.toJS() as Workflow;
      expect(wf.on).toBeDefined();
      for (const job of Object.values(wf.jobs)) {
        expect(wf.permissions ?? job.permissions).toBeDefined();
        for (const step of job.steps) {
          if (step.uses?.startsWith('your-org/warden') !== true) continue;
          for (const key of Object.keys(step.with ?? {})) expect(inputs, `${file}: ${key}`).toContain(key);
        }
      }
    }
  });

  it('fork-safe-review.yml: pull_request_target with the base checked out, comment only', () => {
    const wf = parse(readFileSync(join(DIR, 'fork-safe-review.yml'), 'utf8')) as Workflow & { on: Record<string, unknown>; permissions: Record<string, string> };
    expect(Object.keys(wf.on)).toContain('pull_request_target');
    // Nothing the token could push with: contents read-only, and Warden told not to push.
    expect(wf.permissions.contents).toBe('read');
    for (const job of Object.values(wf.jobs)) {
      for (const step of job.steps) {
        // Checking out the pull request in a pull_request_target workflow would run its code with the token.
        if (step.uses?.startsWith('actions/checkout') === true) expect(step.with?.ref, 'checkout ref').toBeUndefined();
        if (step.uses?.startsWith('your-org/warden') === true) expect(step.with?.push).toBe('none');
      }
    }
  });
});
