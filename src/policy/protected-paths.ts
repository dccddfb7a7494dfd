/**
 * Paths the agent never writes unless an allow rule names them explicitly: git internals, CI
 * definitions, the policy, and files that make programs run code (the reference's lists,
 * permissions-and-sandboxing.md §1.6, §4.5). The one list: the sandbox enforces it too
 * (src/sandbox/path-rules.ts). Names compare case-insensitively (`.GIT/hooks` is `.git`).
 */
import path from 'node:path';
import type { PathPattern } from './path-rule-match.js';
import { relativeComponents, splitPath } from './path-rule-match.js';

export interface ProtectedPath {
  /** Workspace-relative (`.github/workflows`), or absolute for a policy file outside the workspace. A `*` in the last component is a wildcard. */
  path: string;
  /** Matched wherever the name appears in the workspace (and outside it), not only at the root. */
  anyDepth: boolean;
  /** Why it is protected, for denial messages. */
  reason: string;
}

const rootOnly = (p: string, reason: string): ProtectedPath => ({ path: p, anyDepth: false, reason });
const anywhere = (reason: string, ...names: string[]): ProtectedPath[] => names.map((p) => ({ path: p, anyDepth: true, reason }));

/**
 * What a CI system runs from the repository itself, with the pipeline's secrets, at the places each
 * system documents. Besides being protected, these are never delivered in a patch, whatever the
 * policy allows (src/policy/delivery-check.ts): a person makes such a change.
 */
export const CI_CONFIG_PATHS: readonly ProtectedPath[] = [
  // Named on their own as well as under `.github`, so an allow rule for `.github/**` still does not
  // open these; listed first, so a denial names the most specific entry.
  rootOnly('.github/workflows', 'CI workflow definitions run with the repository\'s secrets'),
  rootOnly('.github/actions', 'local actions run by CI workflows'),
  // The repository as an action (`uses: owner/repo@v1` elsewhere, `uses: ./` here). Local actions
  // elsewhere are found in the workflows themselves (local-actions.ts).
  ...['action.yml', 'action.yaml'].map((p) => rootOnly(p, 'the repository\'s own action, run by workflows with their secrets')),
  rootOnly('.gitlab-ci.yml', 'GitLab CI configuration runs with the pipeline\'s secrets'),
  rootOnly('.gitlab', 'GitLab configuration: CI templates a pipeline includes, CODEOWNERS'),
  // Jenkins takes its script path from the job's configuration: any depth.
  ...anywhere('a Jenkins pipeline runs with the build\'s credentials', 'Jenkinsfile', 'Jenkinsfile.*'),
  rootOnly('.circleci', 'CircleCI configuration runs with the project\'s secrets'),
  ...['.buildkite', 'buildkite.yml', 'buildkite.yaml'].map((p) => rootOnly(p, 'a Buildkite pipeline runs with the agent\'s secrets')),
  ...['azure-pipelines.yml', 'azure-pipelines.yaml', '.azure-pipelines'].map((p) => rootOnly(p, 'an Azure pipeline runs with the pipeline\'s secrets')),
  rootOnly('.travis.yml', 'Travis CI configuration runs with the repository\'s secrets'),
  rootOnly('bitbucket-pipelines.yml', 'a Bitbucket pipeline runs with the repository\'s variables'),
  ...['.drone.yml', '.drone.yaml'].map((p) => rootOnly(p, 'a Drone pipeline runs with the repository\'s secrets')),
  ...['.woodpecker.yml', '.woodpecker.yaml', '.woodpecker'].map((p) => rootOnly(p, 'a Woodpecker pipeline runs with the repository\'s secrets')),
];

export const BUILTIN_PROTECTED_PATHS: readonly ProtectedPath[] = [
  ...anywhere('git internals (hooks and config run code)', '.git', '.gitconfig', '.gitmodules', '.config/git'),
  ...CI_CONFIG_PATHS,
  rootOnly('.github/warden.yml', 'the Warden policy file'),
  rootOnly('.github', 'GitHub configuration: workflows, actions, CODEOWNERS, dependabot, the Warden policy'),
  ...anywhere('shell start-up files run code', '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.zshrc', '.zprofile', '.zshenv', '.zlogin', '.profile', '.envrc'),
  ...anywhere('environment files are loaded by tools and later CI steps', '.env', '.env*'),
  ...anywhere(
    'package-manager and build configuration can run code',
    '.npmrc', '.yarnrc', '.yarnrc.yml', '.yarn', '.pnp.cjs', '.pnp.loader.mjs', '.pnpmfile.cjs', 'bunfig.toml',
    '.bazelrc', '.cargo', '.mvn', 'gradle-wrapper.properties', 'maven-wrapper.properties',
  ),
  ...anywhere('git hook runners run code', '.husky', '.pre-commit-config.yaml', 'lefthook.yml', 'lefthook.yaml', '.lefthook.yml', '.lefthook.yaml', 'lefthook-local.yml', '.lefthook-local.yml'),
  ...anywhere('editor, tool and agent configuration', '.vscode', '.idea', '.devcontainer', '.devcontainer.json', '.ripgreprc', 'pyrightconfig.json', '.claude', '.claude.json', '.mcp.json'),
];

/** Built-ins plus the policy file itself and the policy's extra `protected_paths`. */
export function protectedPathList(policyFile: string, root: string, extra: readonly string[]): ProtectedPath[] {
  const list = [...BUILTIN_PROTECTED_PATHS];
  const rel = relativeComponents(root, path.resolve(policyFile));
  const policyPath = rel === null ? path.resolve(policyFile) : rel.join('/');
  if (!list.some((p) => !p.anyDepth && p.path === policyPath)) list.push(rootOnly(policyPath, 'the Warden policy file'));
  for (const p of extra) list.push(rootOnly(p.replace(/\/+$/, ''), 'listed in the policy\'s sandbox.protected_paths'));
  return list;
}

const lower = (s: string): string => s.toLowerCase();

function nameMatches(pattern: string, name: string): boolean {
  const p = lower(pattern);
  const n = lower(name);
  return p.endsWith('*') ? n.startsWith(p.slice(0, -1)) && n.length > p.length - 1 : p === n;
}

function startsWithAt(comps: readonly string[], at: number, entry: readonly string[]): boolean {
  return entry.length > 0 && entry.every((e, i) => comps[at + i] !== undefined && nameMatches(e, comps[at + i] ?? ''));
}

/**
 * Does `entry` lie in a path: an absolute entry at the start of `abs`, a root-only one at the start
 * of `rel` (workspace-relative, null outside), with `anywhere` at any component of `rel ?? abs`?
 */
function entryAt(entry: ProtectedPath, abs: readonly string[], rel: readonly string[] | null, anywhere: boolean): boolean {
  if (entry.path.startsWith('/')) return startsWithAt(abs, 0, splitPath(entry.path));
  const comps = entry.path.split('/');
  if (!anywhere) return rel !== null && startsWithAt(rel, 0, comps);
  const within = rel ?? abs;
  for (let i = 0; i + comps.length <= within.length; i++) if (startsWithAt(within, i, comps)) return true;
  return false;
}

/** The protected entries this absolute path falls under (`workspace`: the symlink-resolved root). */
export function protectedEntriesFor(absolute: string, workspace: string, list: readonly ProtectedPath[]): ProtectedPath[] {
  const rel = relativeComponents(workspace, absolute);
  const all = splitPath(absolute);
  return list.filter((entry) => entryAt(entry, all, rel, entry.anyDepth));
}

/**
 * Does an allow rule name this protected entry explicitly? Its wildcard-free leading components must
 * reach the entry (`Edit(/.github/workflows/**)` names `.github/workflows`; `Edit(.github/**)` or
 * `Edit(**)` does not). `ruleDir` is where the rule's literal prefix starts (its anchor directory).
 */
export function ruleNamesEntry(pattern: PathPattern, ruleDir: string, workspace: string, entry: ProtectedPath): boolean {
  const literal = pattern.literalPrefix;
  const relDir = relativeComponents(workspace, ruleDir);
  const rel = pattern.anyDepth ? literal : relDir === null ? null : [...relDir, ...literal];
  return entryAt(entry, [...splitPath(ruleDir), ...literal], rel, pattern.anyDepth || entry.anyDepth);
}
