/**
 * The guard the host-side file tools (Read, Grep, Glob) ask about what they actually opened, built
 * from the run's decider and policy: wiring, since it joins the tools' contract (tools/
 * read-guard.ts) to the policy's judgements, and neither of those folders imports the other. The tools judge the real path of the descriptor they hold
 * with the same decider that judged the call (every wrapper included, e.g. the runner's results
 * directory), so a path re-pointed between the decision and the open is caught; and they compare
 * the file's identity with the files the Read deny rules name, so a hard link is caught too.
 */
import { judgeTreeRead, scanDeniedFiles, treeSkipRules, type Decider, type DeniedFiles, type LoadedPolicy, type MountsToScan } from '../policy/index.js';
import type { GuardVerdict, HostReadTool, OpenedIdentity, ReadGuard, ReadGuardCall, TreeVerdict } from '../tools/index.js';

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
  /**
   * The runner's commands: a stamp that changes whenever one starts or ends, undefined while one
   * runs. An unchanged stamp must mean nothing the agent controls could make or remove a link in
   * between (the host's own tools make none): in the sandbox, where no process a command started
   * outlives it, the stamp of every command; with commands run outside it, a stamp that is
   * undefined from the first command on (CommandActivity.untilFirstCommand). Without it, no walk
   * by name is trusted where a denied file could be linked in: every file is judged as it is opened.
   */
  commandActivity?: () => number | undefined;
  /** Commands run outside the sandbox (commandActivity then ends at the first): said when a walk by name is refused. */
  commandsUnsandboxed?: boolean;
  /**
   * With commandActivity: whether a directory is seen at that one path (sandbox/ seenAtOnePath, from
   * the mount table); a mount shows files under names no link count reveals. Absent: never.
   */
  seenAtOnePath?: (dir: string) => boolean;
  /** Where the scan for denied files need walk beneath a directory on procfs or sysfs (sandbox/ mountsToScanBeneath); absent: all of it. */
  mountsToScan?: MountsToScan;
}

const ALLOWED: GuardVerdict = { allowed: true };
const LINKED = 'it is a file the policy denies reading, under another name (a hard link or a renamed file)';
const UNCHECKED = 'it has other names (hard links), and the workspace has too many files to check that none of them is denied';
const UNSCANNED = 'the workspace has too many files to know where every file the policy denies is';
const LINKABLE = 'a file the policy denies lives on the same filesystem and could be linked or moved into it';
const UNWATCHED = 'a file the policy denies lives on the same filesystem, and commands run outside the sandbox could link or move it in while the search reads';
const OTHER_NAME = 'a file the policy denies may have another name there (a hard link, a rename, a mount), or a command is running';
const GIT_CONFIG = 'git configuration can hold the checkout\'s credentials (http.*.extraheader); read a setting with `git config --get NAME` in Bash, which sees a copy without them';
// A repository's own configuration files: .git/config, and those of submodules and worktrees.
const GIT_CONFIG_FILE = /\/\.git\/(?:(?:modules|worktrees)\/.+\/)?config(?:\.worktree)?$/;
// A directory in or at a `.git`: a walk by name prunes `.git` beneath its root, not the root itself.
const IN_GIT_DIR = /\/\.git(?:\/|$)/;

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
  const activity = options.commandActivity;
  const before = activity?.();
  const atStart: DeniedFiles = scan();
  // The latest scan and the command stamp it holds for: the tree no command has touched since.
  let latest = before !== undefined && activity?.() === before ? { stamp: before, files: atStart } : undefined;

  /**
   * Whether, at stamp `since` (no command running, none since), every denied file on device `dev`
   * has no name but those the rules deny: a scan taken at that stamp (the start's, or one made now)
   * found each one's every link among its denied names, every file denied at the start still
   * there, and `dir` is seen at that one path (a mount gives names nlink does not count). A walk
   * by name of `dir`, leaving those names out, then reads no denied byte, as long as the stamp
   * stays.
   */
  const soleNamesAt = (since: number, dev: bigint, dir: string): boolean => {
    let files = latest?.stamp === since ? latest.files : undefined;
    if (files === undefined) {
      files = scan();
      if (activity?.() !== since) return false;
      latest = { stamp: since, files };
    }
    return onlyDeniedNamesOn(atStart, files, dev) && options.seenAtOnePath?.(dir) === true;
  };

  return {
    forCall(tool: HostReadTool, cwd: string): ReadGuardCall {
      let fresh: DeniedFiles | undefined;
      return {
        ...(activity === undefined
          ? {}
          : {
              watchCommands: () => {
                const since = activity();
                return since === undefined ? undefined : () => activity() === since;
              },
            }),
        async judgePath(realPath, _what) {
          // The sandbox shows commands a scrubbed copy (credential-mask.ts); the host tools show none.
          if (GIT_CONFIG_FILE.test(realPath)) return { allowed: false, reason: GIT_CONFIG };
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
        async judgeTree(realDir, dev): Promise<TreeVerdict> {
          // What ripgrep matched there and the guard then refused would say what config holds.
          if (IN_GIT_DIR.test(realDir)) return { allowed: false, reason: GIT_CONFIG };
          // The directory as the decider judges a Grep of it (every wrapper included).
          const decision = await decider.decide({ toolName: 'Grep', input: {}, access: { kind: 'read', paths: [realDir] }, isReadOnly: true }, { cwd });
          if (decision.behavior !== 'allow') return { allowed: false, reason: trimPeriod(decision.reason) };
          // By identity: a denied file can reach the tree only by a link or a rename, and neither
          // crosses filesystems. Denied files found when the run started are known by dev:ino.
          const linkable = linkableReason(atStart, dev);
          // By path: the Read deny and ask rules that could match beneath, as globs ripgrep leaves
          // out (and the matcher the search checks what it reported against).
          const skip = treeSkipRules(policies, cwd, realDir);
          if (skip !== null) {
            if (skip.globs.length === 0 && linkable === undefined) return ALLOWED;
            if (linkable === undefined) return { allowed: true, skip: { ...skip, byIdentity: false } };
            // Told when commands ran: ripgrep walks by name only where no denied file has another
            // name, so it reads no denied byte at all (not even towards its output cap, which a
            // judgement after the walk cannot undo). Elsewhere every file is judged as it is opened.
            if (activity !== undefined && linkable === LINKABLE) {
              const since = activity();
              if (since === undefined && options.commandsUnsandboxed === true) return { allowed: false, reason: UNWATCHED };
              if (since === undefined || !soleNamesAt(since, dev, realDir)) return { allowed: false, reason: OTHER_NAME };
              return { allowed: true, skip: { ...skip, byIdentity: true, identityProven: () => activity() === since } };
            }
            // No proof can be had: the guard is not told when commands run, or the start's scan
            // was not whole.
            return { allowed: false, reason: activity === undefined ? UNWATCHED : linkable };
          }
          // Rules the globs cannot say exactly: ripgrep walks only where nothing is refusable at
          // all, and then everything beneath is judged as a recursive read (`grep -r`) is: refused
          // when a deny or ask rule matches anything there now.
          if (linkable !== undefined) return { allowed: false, reason: linkable };
          for (const policy of policies) {
            const beneath = judgeTreeRead(policy, cwd, realDir);
            if (beneath !== null && beneath.behavior !== 'allow') return { allowed: false, reason: trimPeriod(beneath.reason) };
          }
          return ALLOWED;
        },
      };
    },
  };
}

/** Why a denied file could be linked or moved onto device `dev`, or undefined when none can. */
function linkableReason(atStart: DeniedFiles, dev: bigint): string | undefined {
  if (atStart.rules === 0) return undefined;
  if (!atStart.complete) return UNSCANNED;
  const device = `${dev}:`;
  for (const id of atStart.ids) if (id.startsWith(device)) return LINKABLE;
  return undefined;
}

/**
 * Whether `latest` shows every denied file on device `dev` with no name but denied ones: each it
 * found has all its links among them, and each found at the start is still among them (one
 * renamed away, or gone and its number free for another file, is not).
 */
function onlyDeniedNamesOn(atStart: DeniedFiles, latest: DeniedFiles, dev: bigint): boolean {
  if (!latest.complete) return false;
  const device = `${dev}:`;
  for (const id of atStart.ids) if (id.startsWith(device) && !latest.ids.has(id)) return false;
  for (const id of latest.ids) if (id.startsWith(device) && !latest.onlyDeniedNames.has(id)) return false;
  return true;
}

/** The denied files of several policies as one: a file any of them denies, found only if every scan was whole. */
function mergeScans(scans: readonly DeniedFiles[]): DeniedFiles {
  if (scans.length === 1 && scans[0] !== undefined) return scans[0];
  return {
    ids: new Set(scans.flatMap((s) => [...s.ids])),
    complete: scans.every((s) => s.complete),
    rules: scans.reduce((sum, s) => sum + s.rules, 0),
    // All of a file's names are denied when one policy's rules deny them all.
    onlyDeniedNames: new Set(scans.flatMap((s) => [...s.onlyDeniedNames])),
  };
}

function trimPeriod(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text;
}
