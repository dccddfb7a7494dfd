import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JS config module, no types
import { boundaryConfigs, FOLDERS } from '../../eslint.boundaries.js';

// The boundary rules alone (no type-aware rules), so fixtures need not be part of the TS project.
const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfigFile: true,
  baseConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...(boundaryConfigs as object[])],
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('lint enforces the import boundaries of src/', () => {
  it.each([
    ['src/tools/fixture.ts', "import { runTask } from '../runner/index.js';", /Never import src\/runner/],
    ['src/tools/fixture.ts', "import type { Decider } from '../policy/index.js';", /Never import src\/policy/],
    ['src/policy/fixture.ts', "import { createSandboxRunner } from '../sandbox/index.js';", /Never import src\/policy|Never import src\/sandbox/],
    ['src/policy/bash/fixture.ts', "import { runTask } from '../../runner/index.js';", /Never import src\/runner/],
    ['src/runner/fixture.ts', "import { publish } from '../github/index.js';", /Never import src\/github/],
    ['src/runner/fixture.ts', "import { renderSummary } from '../report/index.js';", /Never import src\/report/],
    ['src/report/fixture.ts', "import { runTask } from '../runner/index.js';", /Never import src\/runner/],
    ['src/runner/fixture.ts', "import type { Access } from '../tools/tool.js';", /through its index/],
    ['src/entry/fixture.ts', "import { decideBash } from '../policy/bash/decide-bash.js';", /through its index/],
    ['src/runner/fixture.ts', "import { Octokit } from '@octokit/rest';", /Only src\/github/],
    ['src/entry/fixture.ts', "import * as github from '@actions/github';", /Only src\/github/],
    ['src/tools/fixture.ts', "import { spawn } from 'node:child_process';", /Only src\/sandbox/],
    ['src/runner/fixture.ts', "import { execa } from 'execa';", /Only src\/sandbox/],
    ['src/config/fixture.ts', "import type { Logger } from '../log/index.js';", /Never import src\/log/],
    ['src/github/fixture.ts', "import { Gitlab } from '@gitbeaker/core';", /Only src\/ci/],
    ['src/deliver/fixture.ts', "import { publishRun } from '../github/index.js';", /Never import src\/github/],
    ['src/sandbox/fixture.ts', "import { runGit } from '../git/index.js';", /Never import src\/git/],
    ['src/policy/fixture.ts', "import type { Access } from '../tools/index.js';", /Never import src\/tools/],
    ['src/policy/fixture.ts', "import type { ReadGuard } from '../tools/index.js';", /Never import src\/tools/],
    ['src/policy/fixture.ts', "import type { Changes } from '../git/index.js';", /Never import src\/git/],
    ['src/git/fixture.ts', "import { createReadTool } from '../tools/index.js';", /Never import src\/tools/],
    ['src/git/fixture.ts', "import { spawn } from 'node:child_process';", /Only src\/sandbox/],
    ['src/entry/fixture.ts', "import { pushCommit } from '../git/host-git-push.js';", /through its index/],
  ])('%s: %s is refused', async (file, code, message) => {
    const found = await problems(file, code);
    expect(found.join('\n')).toMatch(message);
  });

  it.each([
    ['src/runner/fixture.ts', "import type { Access } from '../tools/index.js';"],
    ['src/report/fixture.ts', "import type { TranscriptRecord } from '../runner/index.js';"],
    ['src/tools/fixture.ts', "import { hostExec } from '../sandbox/index.js';"],
    ['src/sandbox/fixture.ts', "import { spawn } from 'node:child_process';"],
    ['src/github/fixture.ts', "import { Octokit } from '@octokit/rest';"],
    ['src/ci/fixture.ts', "import { Gitlab } from '@gitbeaker/core';"],
    ['src/ci/fixture.ts', "import { checkCommitPush } from '../deliver/index.js';"],
    ['src/deliver/fixture.ts', "import { pushCommit } from '../git/index.js';"],
    ['src/git/fixture.ts', "import { watchGroup } from '../sandbox/index.js';"],
    ['src/git/host-git-exec.ts', "import { spawn } from 'node:child_process';"],
    ['src/policy/fixture.ts', "import { decideBash } from './bash/index.js';"],
    ['src/policy/fixture.ts', "import type { Access } from '../access.js';"],
    ['src/tools/fixture.ts', "import type { Access } from '../access.js';"],
    ['src/policy/bash/fixture.ts', "import type { PathJudge } from '../rule.js';"],
    ['src/index.ts', "const { runCli } = await import('./entry/cli.js');"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

describe('`npm run lint` applies them: eslint.config.js, as `eslint .` resolves it for each file', () => {
  // The real configuration (type-aware, so linting a fixture through it would build the whole
  // TypeScript program); the configuration it computes for a file is what `eslint .` applies.
  const full = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
  const configs = boundaryConfigs as { files: string[]; rules: Record<string, unknown> }[];
  const expected = (glob: string): unknown => {
    const rule = configs.find((c) => c.files.includes(glob))?.rules['@typescript-eslint/no-restricted-imports'] as [string, unknown] | undefined;
    return rule === undefined ? undefined : [2, rule[1]];
  };

  it.each([...(FOLDERS as string[]).map((f) => [`src/${f}/any-file.ts`, `src/${f}/**/*.ts`]), ['src/policy/bash/any-file.ts', 'src/policy/bash/**/*.ts'], ['src/git/host-git-exec.ts', 'src/git/host-git-exec.ts'], ['src/index.ts', 'src/*.ts']])('%s gets the boundary rule of %s', async (file, glob) => {
    expect(await full.isPathIgnored(file)).toBe(false);
    const config = (await full.calculateConfigForFile(file)) as { rules: Record<string, unknown> };
    expect(expected(glob)).toBeDefined();
    expect(config.rules['@typescript-eslint/no-restricted-imports']).toEqual(expected(glob));
  });
});
