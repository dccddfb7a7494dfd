/**
 * The README is what a newcomer copies first: its two commands are the ones CI runs, its workflow
 * uses only inputs the action has, its policy loads, and every page it links exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../src/policy/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = (lang: string): string[] => [...readme.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1] ?? '');

interface Step { uses?: string; with?: Record<string, unknown> }

describe('README.md', () => {
  it('is short, and starts with the demo and the test command, which CI runs', () => {
    expect(readme.split('\n').length).toBeLessThan(150);
    const first = blocks('sh')[0] ?? '';
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('\n## '));
    const commands = first.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean);
    expect(commands).toEqual(['npm run demo', 'npm ci && npm test']);
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['demo', 'test']));
    // .ci/run, what CI runs on a clean clone, installs with npm ci and runs the README's test command.
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^suite npm test$/m);
  });

  it('its workflow is valid YAML and gives the action only inputs action.yml declares', () => {
    const inputs = Object.keys((parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs);
    const workflows = blocks('yaml').map((b) => parse(b) as { jobs?: Record<string, { steps: Step[] }> }).filter((w) => w.jobs !== undefined);
    expect(workflows.length).toBeGreaterThan(0);
    let wardenSteps = 0;
    for (const wf of workflows) {
      for (const step of Object.values(wf.jobs ?? {}).flatMap((j) => j.steps)) {
        if (step.uses?.includes('/warden@') !== true) continue;
        wardenSteps += 1;
        for (const key of Object.keys(step.with ?? {})) expect(inputs).toContain(key);
      }
    }
    expect(wardenSteps).toBeGreaterThan(0);
  });

  it('its policy loads as a run would load it', async () => {
    const policies = blocks('yaml').filter((b) => /^version: 1$/m.test(b));
    expect(policies).toHaveLength(1);
    await expect(parsePolicy(policies[0] ?? '', join(ROOT, '.github', 'warden.yml'), { homeDir: tmpdir(), root: ROOT })).resolves.toBeDefined();
  });

  it('every file it links exists (dist/licenses.txt once built)', () => {
    const links = [...readme.matchAll(/\]\((?!https?:|#)([^)#]+)/g)].map((m) => m[1] ?? '');
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(existsSync(join(ROOT, link)), link).toBe(true);
  });

  it('the docs pages it links link only to files and pages that exist', () => {
    for (const page of [...readme.matchAll(/\]\((docs\/[^)#]+\.md)/g)].map((m) => m[1] ?? '')) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const [, link] of text.matchAll(/\]\((?!https?:|#)([^)#]+)/g)) expect(existsSync(join(ROOT, dirname(page), link ?? '')), `${page}: ${link}`).toBe(true);
    }
  });
});
