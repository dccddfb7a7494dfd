import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'examples', 'workflows');
// Warden's own steps: `uses:` of the repository package.json names (test/docs/references.test.ts pins the tag).
const WARDEN = /github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { repository: { url: string } }).repository.url)?.[1] ?? '(none)';
const inputs = Object.keys((parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs);

interface Step { uses?: string; with?: Record<string, unknown>; run?: string }
interface Concurrency { group?: unknown }
interface Workflow { on: unknown; permissions?: unknown; concurrency?: string | Concurrency; jobs: Record<string, { steps: Step[]; permissions?: unknown; concurrency?: string | Concurrency }> }

/** A concurrency group, written either way GitHub accepts (a string, or `{ group: … }`). */
const groupOf = (c: string | Concurrency | undefined): string | undefined => (typeof c === 'string' ? c : typeof c?.group === 'string' ? c.group : undefined);

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
          if (step.uses?.startsWith(`${WARDEN}@`) !== true) continue;
          for (const key of Object.keys(step.with ?? {})) expect(inputs, `${file}: ${key}`).toContain(key);
        }
      }
    }
  });

  // Runs started at once (a burst of comments, pushes in a row) would race on the branch and the
  // comment; Warden converges on one comment anyway, but each example queues them.
  it.each(files)('%s: a concurrency group for the workflow or for every job that runs Warden', (file) => {
    let wardenJobs = 0;
    for (const d of parseAllDocuments(readFileSync(join(DIR, file), 'utf8'))) {
      const wf = d.toJS() as Workflow;
      for (const [name, job] of Object.entries(wf.jobs)) {
        if (!job.steps.some((step) => step.uses?.startsWith(`${WARDEN}@`) === true || step.run?.includes('warden-ci') === true)) continue;
        wardenJobs += 1;
        expect(groupOf(job.concurrency) ?? groupOf(wf.concurrency), `${file}: job ${name}`).toMatch(/\S/);
      }
    }
    expect(wardenJobs).toBeGreaterThan(0);
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
        if (step.uses?.startsWith(`${WARDEN}@`) === true) expect(step.with?.push).toBe('none');
      }
    }
  });

  it('fix-ci.yml: workflow_run completed on the watched workflows, only on failure, with actions: read for the logs', () => {
    const wf = parse(readFileSync(join(DIR, 'fix-ci.yml'), 'utf8')) as Workflow & { on: { workflow_run?: { workflows?: unknown; types?: unknown } }; permissions: Record<string, string>; jobs: Record<string, { if?: string }> };
    expect(wf.on.workflow_run?.types).toEqual(['completed']);
    expect(Array.isArray(wf.on.workflow_run?.workflows) && wf.on.workflow_run.workflows.length > 0).toBe(true);
    expect(wf.permissions.actions).toBe('read');
    expect(wf.permissions.contents).toBe('write');
    for (const job of Object.values(wf.jobs)) expect(job.if).toContain("github.event.workflow_run.conclusion == 'failure'");
  });
});
