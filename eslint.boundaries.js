// The architecture as lint rules: which folder of src/ may import which, and how.
// A run flows one way — entry → config → runner (policy decides, tools act, sandbox starts
// processes) → report renders → github/ci publish through deliver/ and host git (git/) — and
// each folder is entered through its index.ts. Kept apart from eslint.config.js so a test can
// lint fixtures against these rules alone.
import tseslint from 'typescript-eslint';

export const FOLDERS = ['ci', 'config', 'deliver', 'entry', 'git', 'github', 'glob', 'hooks', 'log', 'mcp', 'net', 'outbox', 'policy', 'report', 'runner', 'sandbox', 'tools'];

const SPAWN = 'Only src/sandbox/ (and host git\'s runner, src/git/host-git-exec.ts) starts processes.';
const GITHUB = 'Only src/github/ talks to GitHub (@octokit/*, @actions/github).';

/** Folders a folder must never import from, with the design reason. Type-only imports are allowed where noted. */
const FORBIDDEN = {
  config: { folders: ['ci', 'deliver', 'entry', 'git', 'github', 'log', 'net', 'outbox', 'policy', 'report', 'runner', 'sandbox', 'tools'], why: 'config/ is parsed first and depends on nothing' },
  log: { folders: ['ci', 'deliver', 'entry', 'git', 'github', 'net', 'outbox', 'policy', 'report', 'runner', 'sandbox', 'tools'], why: 'log/ is a leaf everyone may use' },
  outbox: { folders: ['ci', 'config', 'deliver', 'entry', 'git', 'github', 'log', 'net', 'policy', 'report', 'runner', 'sandbox', 'tools'], why: 'outbox/ (file names and schemas) is a leaf everyone may use' },
  net: { folders: ['ci', 'config', 'deliver', 'entry', 'git', 'github', 'log', 'outbox', 'policy', 'report', 'runner', 'sandbox', 'tools'], why: 'net/ (the HTTP retry policy) is a pure leaf' },
  glob: { folders: ['ci', 'config', 'deliver', 'entry', 'git', 'github', 'log', 'net', 'outbox', 'policy', 'report', 'runner', 'sandbox', 'tools'], why: 'glob/ (gitignore-style matching) is a pure leaf' },
  deliver: { folders: ['ci', 'entry', 'github', 'runner', 'tools'], why: 'deliver/ is shared by the GitHub and GitLab publishers and knows neither' },
  tools: { folders: ['ci', 'deliver', 'entry', 'github', 'policy', 'report', 'runner'], why: 'tools act; the decision is the policy\'s and the loop is the runner\'s' },
  // The decision's vocabulary (src/access.ts) lies below both the policy and the tools; the guard
  // joining them is wiring (entry/host-read-guard.ts). test/lint/import-cycles.test.ts checks the rest.
  policy: { folders: ['ci', 'deliver', 'entry', 'git', 'github', 'report', 'runner', 'sandbox', 'tools'], why: 'the policy decides, purely, on what the tools declare (src/access.ts)' },
  sandbox: { folders: ['ci', 'deliver', 'entry', 'git', 'github', 'report', 'runner', 'tools'], why: 'the sandbox starts processes for others and knows nothing of the loop' },
  // Host git is the trusted host side of the wall (snapshot, changes, commit, push): the wiring
  // and the publishers use it; it uses the sandbox's process plumbing and the policy's facts.
  git: { folders: ['ci', 'deliver', 'entry', 'github', 'report', 'runner', 'tools'], why: 'host git is used by the publishers and the wiring, and knows neither them nor the loop' },
  // Hooks run the policy's commands through the sandbox's seam; the loop calls them, never the reverse.
  hooks: { folders: ['ci', 'deliver', 'entry', 'git', 'github', 'report', 'runner', 'tools'], why: 'hooks are called by the loop and run through the sandbox\'s seam' },
  runner: { folders: ['ci', 'deliver', 'entry', 'git', 'github', 'report'], why: 'the runner returns its result; rendering and publishing come after it' },
  // report/ renders records the runner defines: their types only, never runner code.
  report: { folders: ['ci', 'deliver', 'entry', 'git', 'github', 'policy', 'sandbox', 'tools'], typesOnly: ['runner'], why: 'report/ holds pure renderers' },
  github: { folders: ['ci', 'entry'], why: 'publishers are entered from src/entry/' },
  ci: { folders: ['entry', 'github'], why: 'publishers are entered from src/entry/' },
  // MCP servers become tools: started through the sandbox, judged by the policy, handed to the runner by the wiring.
  mcp: { folders: ['ci', 'deliver', 'entry', 'git', 'github', 'report', 'runner'], why: 'MCP servers become tools that the wiring hands to the runner' },
  entry: { folders: [], why: '' },
};

const through = (folder) => ({
  group: [`**/${folder}/**`, `!**/${folder}/index.js`],
  message: `Enter src/${folder}/ through its index.ts.`,
});
const never = (folder, why) => ({ group: [`**/${folder}/**`], message: `Never import src/${folder}/ here: ${why}.` });

function rulesFor(folder, { spawns = folder === 'sandbox' } = {}) {
  const spec = FORBIDDEN[folder];
  const forbidden = new Set([...spec.folders, ...(spec.typesOnly ?? [])]);
  const patterns = [
    ...spec.folders.map((f) => never(f, spec.why)),
    ...(spec.typesOnly ?? []).map((f) => ({ ...never(f, spec.why), allowTypeImports: true })),
    ...FOLDERS.filter((f) => f !== folder && !forbidden.has(f)).map(through),
    // The Bash analyser is one subsystem inside the policy: entered through its own index.ts.
    ...(folder === 'policy' ? [] : [{ group: ['**/bash/**', '!**/bash/index.js'], message: 'Enter src/policy/bash/ through its index.ts.' }]),
  ];
  if (folder !== 'github') patterns.push({ group: ['@octokit/*', '@actions/github', '@actions/github/*'], message: GITHUB });
  if (folder !== 'ci') patterns.push({ group: ['@gitbeaker/*'], message: 'Only src/ci/ talks to GitLab (@gitbeaker/*).' });
  const paths = spawns ? [] : ['node:child_process', 'child_process', 'execa'].map((name) => ({ name, message: SPAWN }));
  return { paths, patterns };
}

export const boundaryConfigs = [
  ...FOLDERS.map((folder) => ({
    files: [`src/${folder}/**/*.ts`],
    ignores: folder === 'policy' ? ['src/policy/bash/**'] : [],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-restricted-imports': ['error', rulesFor(folder)] },
  })),
  {
    // Host git's one process starter: git plumbing needs bytes on stdout and data on stdin.
    files: ['src/git/host-git-exec.ts'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-restricted-imports': ['error', rulesFor('git', { spawns: true })] },
  },
  {
    // Inside the analyser: the rest of the policy is reached through the policy's own files, and
    // everything else through its folder's index, like the policy itself.
    files: ['src/policy/bash/**/*.ts'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-restricted-imports': ['error', rulesFor('policy')] },
  },
  {
    // The binary may only reach the front doors.
    files: ['src/*.ts'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: ['node:child_process', 'child_process', 'execa'].map((name) => ({ name, message: SPAWN })),
        patterns: [
          ...FOLDERS.filter((f) => f !== 'entry').map(through),
          { group: ['@octokit/*', '@actions/github', '@actions/github/*'], message: GITHUB },
        ],
      }],
    },
  },
];
