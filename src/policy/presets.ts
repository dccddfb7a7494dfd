/**
 * Built-in policies a file can `extends`. Their rules come first and carry `preset:<name>` as their
 * source; the file's own mode wins over a preset's. The read-only presets rely on plan mode and the
 * Bash analyser's built-in read-only commands (ls, cat, grep, git log/diff/show/status …) rather
 * than allow rules, because a prefix rule such as `Bash(git diff *)` would also allow write flags
 * (`git diff --output=…`) that the read-only analysis rejects.
 */
import type { PolicyFile, PresetName } from './policy-schema.js';

const SECRET_READS = [
  { rule: 'Read(.env)', reason: 'secrets stay out of the model\'s context' },
  { rule: 'Read(.env.local)', reason: 'secrets stay out of the model\'s context' },
  { rule: 'Read(.env.*.local)', reason: 'secrets stay out of the model\'s context' },
  { rule: 'Read(*.pem)', reason: 'private keys stay out of the model\'s context' },
];

const READ_ONLY: PolicyFile = {
  version: 1,
  mode: 'plan',
  permissions: {
    allow: ['Read', 'Glob', 'Grep'],
    deny: SECRET_READS,
  },
};

const NO_NETWORK = 'fork-safe review: code from a fork must not reach the network';
const NO_ENV = 'fork-safe review: the environment is not shown to code from a fork';

const FORK_SAFE: PolicyFile = {
  version: 1,
  mode: 'plan',
  permissions: {
    allow: ['Read', 'Glob', 'Grep'],
    deny: [
      ...SECRET_READS,
      { rule: 'WebFetch', reason: NO_NETWORK },
      { rule: 'WebSearch', reason: NO_NETWORK },
      ...['curl', 'wget', 'nc', 'ncat', 'netcat', 'socat', 'ssh', 'scp', 'sftp', 'rsync', 'telnet', 'ftp'].map((c) => ({ rule: `Bash(${c} *)`, reason: NO_NETWORK })),
      ...['git fetch *', 'git pull *', 'git push *', 'git clone *', 'git ls-remote *', 'git remote *', 'git submodule *'].map((c) => ({ rule: `Bash(${c})`, reason: NO_NETWORK })),
      { rule: 'Bash(gh *)', reason: 'fork-safe review: the GitHub CLI acts with the workflow\'s token' },
      ...['env', 'printenv *', 'set', 'export', 'export -p', 'declare -p *', 'declare -x *', 'typeset -p *', 'compgen -v *'].map((c) => ({ rule: `Bash(${c})`, reason: NO_ENV })),
      { rule: 'Read(//proc/**)', reason: NO_ENV },
    ],
  },
};

const MAINTAINER: PolicyFile = {
  version: 1,
  mode: 'acceptEdits',
  permissions: {
    allow: [
      'Read', 'Glob', 'Grep',
      'Bash(npm test *)', 'Bash(npm run *)',
      'Bash(git add *)', 'Bash(git commit *)', 'Bash(git diff *)', 'Bash(git status *)',
    ],
    deny: [{ rule: 'Bash(git push *)', reason: 'pushing is left to the workflow, never to the agent' }],
  },
};

export const PRESETS: Readonly<Record<PresetName, PolicyFile>> = {
  'read-only-review': READ_ONLY,
  'fork-safe-review': FORK_SAFE,
  maintainer: MAINTAINER,
};
