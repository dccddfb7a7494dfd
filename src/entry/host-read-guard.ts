/**
 * The guard the host-side file tools (Read, Grep, Glob) ask about what they actually opened, built
 * from the run's decider and policy: wiring, since it joins the tools' contract (tools/
 * read-guard.ts) to the policy's judgements, and neither of those folders imports the other. The tools judge the real path of the descriptor they hold
 * with the same decider that judged the call (every wrapper included, e.g. the runner's results
 * directory), so a path re-pointed between the decision and the open is caught; and they compare
 * the file's identity with the files the Read deny rules name, so a hard link is caught too.
 */
import { realpathSync, statSync } from 'node:fs';
import { CREDENTIAL_FILE_ENV_NAMES } from '../config/index.js';
import { scanDeniedFiles, type Decider, type DeniedFiles, type LoadedPolicy, type MountsToScan } from '../policy/index.js';
import type { GuardVerdict, HostReadTool, OpenedIdentity, ReadGuard, ReadGuardCall } from '../tools/index.js';

export interface HostReadGuardOptions {
  /** The run's decider, exactly as the pipeline uses it. */
  decider: Decider;
  /** The policy whose Read deny and ask rules name the files no other name may reach; none without a policy. */
  policy?: LoadedPolicy | undefined;
  /**
   * Policies that narrow the run's decider (a fork's preset ceiling, narrowDecider): their Read
   * deny and ask rules count as the policy's own, for identities and for what lies beneath a tree.
   */
  narrowedBy?: readonly LoadedPolicy[];
  /** Symlink-resolved workspace root. */
  cwd: string;
  /** Entries a scan for denied files may visit (default 500,000); past it, several-named files are refused. */
  scanBudget?: number;
  /** Where the scan for denied files need walk beneath a directory on procfs or sysfs (sandbox/ mountsToScanBeneath); absent: all of it. */
  mountsToScan?: MountsToScan;
  /** The runner's environment: the credential files it names are refused (credentialFilesOf). */
  hostEnv?: Readonly<Record<string, string | undefined>>;
}

const ALLOWED: GuardVerdict = { allowed: true };
const LINKED = 'it is a file the policy denies reading, under another name (a hard link or a renamed file)';
const UNCHECKED = 'it has other names (hard links), and the workspace has too many files to check that none of them is denied';
const GIT_CONFIG = 'git configuration can hold the checkout\'s credentials (http.*.extraheader); read a setting with `git config --get NAME` in Bash, which sees a copy without them';
// A repository's own configuration files: .git/config, and those of submodules and worktrees.
const CREDENTIAL_FILE = 'it holds the runner\'s cloud credentials (named by GOOGLE_APPLICATION_CREDENTIALS or a variable like it); Warden uses them itself, the agent never needs them';
const GIT_CONFIG_FILE = /\/\.git\/(?:(?:modules|worktrees)\/.+\/)?config(?:\.worktree)?$/;

/**
 * Create it before the agent runs anything: the denied files found then are remembered for the
 * run, so renaming one away later does not help. A file with more than one link is checked again
 * against a fresh scan (once per call), since a denied file may have appeared since.
 */
export function createHostReadGuard(options: HostReadGuardOptions): ReadGuard {
  const { decider } = options;
  // Every policy whose rules bar a read: the run's own and whatever narrows it.
  const policies = [...(options.policy === undefined ? [] : [options.policy]), ...(options.narrowedBy ?? [])];
  const scan = (): DeniedFiles => mergeScans(policies.map((p) => scanDeniedFiles(p, options.cwd, options.scanBudget, options.mountsToScan)));
  const atStart: DeniedFiles = scan();
  const credentialFiles = credentialFilesOf(options.hostEnv ?? {});

  return {
    forCall(tool: HostReadTool, cwd: string): ReadGuardCall {
      let fresh: DeniedFiles | undefined;
      return {
        async judgePath(realPath, _what) {
          // The sandbox shows commands a scrubbed copy (credential-mask.ts); the host tools show none.
          if (GIT_CONFIG_FILE.test(realPath)) return { allowed: false, reason: GIT_CONFIG };
          if (credentialFiles.has(realPath)) return { allowed: false, reason: CREDENTIAL_FILE };
          // What Grep opens is judged as a Read of it: the same rules govern both (Grep's path rules
          // are Read rules), and the decider's whole-tree check for a Grep of a directory is not
          // repeated for each directory and file the search itself opens and judges.
          const toolName = tool === 'Grep' ? 'Read' : tool;
          const decision = await decider.decide({ toolName, input: {}, access: { kind: 'read', paths: [realPath], opened: true }, isReadOnly: true }, { cwd });
          return decision.behavior === 'allow' ? ALLOWED : { allowed: false, reason: trimPeriod(decision.reason) };
        },
        judgeIdentity(file: OpenedIdentity) {
          if (atStart.rules === 0) return ALLOWED;
          if (atStart.ids.has(file.id)) return { allowed: false, reason: LINKED };
          // One link: the name the tool judged is its only name.
          if (file.links <= 1) return ALLOWED;
          fresh ??= scan();
          if (fresh.ids.has(file.id)) return { allowed: false, reason: LINKED };
          return fresh.complete ? ALLOWED : { allowed: false, reason: UNCHECKED };
        },
      };
    },
  };
}

/**
 * Real paths of the files the credential variables name: the sandbox hides them from commands
 * (sandbox/credential-mask.ts), and google-github-actions/auth leaves its file in the workspace,
 * where the host tools would otherwise read it.
 */
export function credentialFilesOf(env: Readonly<Record<string, string | undefined>>): Set<string> {
  const files = new Set<string>();
  for (const name of CREDENTIAL_FILE_ENV_NAMES) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    try {
      if (statSync(value).isFile()) files.add(realpathSync(value));
    } catch {
      // Not there: nothing to refuse.
    }
  }
  return files;
}

/** The denied files of several policies as one: a file any of them denies, found only if every scan was whole. */
function mergeScans(scans: readonly DeniedFiles[]): DeniedFiles {
  if (scans.length === 1 && scans[0] !== undefined) return scans[0];
  return {
    ids: new Set(scans.flatMap((s) => [...s.ids])),
    complete: scans.every((s) => s.complete),
    rules: scans.reduce((sum, s) => sum + s.rules, 0),
  };
}

function trimPeriod(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text;
}
