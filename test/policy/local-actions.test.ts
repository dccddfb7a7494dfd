import { describe, expect, it } from 'vitest';
import { localActionPaths, localPath } from '../../src/policy/index.js';

const wf = (text: string, path = '.github/workflows/ci.yml') => ({ path, text });
const paths = (...texts: string[]): string[] => localActionPaths(texts.map((t, i) => wf(t, `.github/workflows/w${i}.yml`))).entries.map((e) => e.path).sort();

describe('localActionPaths: which paths the repository\'s workflows run', () => {
  it.each<[string, string, string[]]>([
    ['a step\'s local action', 'jobs:\n  b:\n    runs-on: x\n    steps:\n      - uses: ./tools/setup\n', ['tools/setup']],
    ['a reusable workflow', 'jobs:\n  call:\n    uses: ./.github/workflows/reuse.yml\n', ['.github/workflows/reuse.yml']],
    ['remote actions and images are not local', 'jobs:\n  b:\n    steps:\n      - uses: actions/checkout@v4\n      - uses: docker://alpine:3\n', []],
    ['quoted, trailing slash', 'jobs:\n  b:\n    steps:\n      - uses: "./tools/setup/"\n', ['tools/setup']],
    ['`..` inside is normalised', 'jobs:\n  b:\n    steps:\n      - uses: ./a/../tools/x\n', ['tools/x']],
    ['leading outside the repository: ignored', 'jobs:\n  b:\n    steps:\n      - uses: ./../elsewhere\n      - uses: ../up\n', []],
    ['absolute: not a local action', 'jobs:\n  b:\n    steps:\n      - uses: /abs/action\n', []],
    ['the repository itself as an action', 'jobs:\n  b:\n    steps:\n      - uses: ./\n', ['Dockerfile', 'action.yaml', 'action.yml']],
    ['flow style', 'jobs: { b: { steps: [ { uses: ./flow/act } ] } }\n', ['flow/act']],
    ['a folded scalar', 'jobs:\n  b:\n    steps:\n      - uses: >-\n          ./folded/act\n', ['folded/act']],
    ['an anchor and its alias', 'x: &s { uses: ./anchored }\njobs:\n  b:\n    steps: [*s]\n', ['anchored']],
    ['a ref on a local path: with and without', 'jobs:\n  b:\n    steps:\n      - uses: ./tools/a@v1\n', ['tools/a', 'tools/a@v1']],
    ['`uses` in a `with:` string is not a key', 'jobs:\n  b:\n    steps:\n      - uses: actions/x@v1\n        with: { note: "uses: ./not" }\n', []],
  ])('%s', (_name, text, expected) => {
    const r = localActionPaths([wf(text)]);
    expect(r.problems).toEqual([]);
    expect(r.entries.map((e) => e.path).sort()).toEqual(expected);
  });

  it('every workflow counts, each path once, naming the first workflow that runs it', () => {
    const r = localActionPaths([wf('jobs: {a: {steps: [{uses: ./t}]}}', '.github/workflows/a.yml'), wf('jobs: {b: {steps: [{uses: ./t}, {uses: ./u}]}}', '.github/workflows/b.yaml')]);
    expect(r.entries.map((e) => [e.path, e.reason.includes('.github/workflows/a.yml')])).toEqual([['t', true], ['u', false]]);
    expect(paths('jobs: {a: {steps: [{uses: ./t}]}}', 'on: push')).toEqual(['t']);
  });

  it('a workflow that does not parse fails closed: every `uses: ./…` in its text, and a problem naming it', () => {
    const broken = 'jobs:\n  b:\n    steps:\n      - uses: ./tools/setup\n      - uses: "./other"\n  : [unclosed\n';
    const r = localActionPaths([wf(broken, '.github/workflows/broken.yml')]);
    expect(r.entries.map((e) => e.path).sort()).toEqual(['other', 'tools/setup']);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(/^\.github\/workflows\/broken\.yml could not be parsed as YAML/);
  });

  it('never throws, whatever the text', () => {
    for (const text of ['', '\0', '- - - -', 'a: *missing', '{{{{', 'x: &a [*a]', '%YAML 9.9\n---\n']) {
      expect(() => localActionPaths([wf(text)])).not.toThrow();
    }
  });

  it.each<[string, string[]]>([
    ['./x', ['x']], ['./x/./y', ['x/y']], ['./x/../../y', []], ['.', ['action.yml', 'action.yaml', 'Dockerfile']], ['..', []], ['x/y', []], ['docker://x', []],
  ])('localPath(%j)', (value, expected) => {
    expect(localPath(value)).toEqual(expected);
  });
});
