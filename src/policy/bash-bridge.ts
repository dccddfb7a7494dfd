/**
 * The one door to the Bash analyser (src/policy/bash/). It is loaded on first need, so policies and
 * runs that never judge a shell command do not pay for the tree-sitter parser.
 */
import type * as BashAnalyser from './bash/index.js';
import type { BashDecideOptions, BashDecision } from './bash/bash-types.js';
import type { Decision } from './decision.js';
import type { PermissionMode } from './permission-mode.js';
import type { PathJudge, PermissionRule } from './rule.js';

type BashModule = typeof BashAnalyser;

export interface BashRules {
  allow: PermissionRule[];
  deny: PermissionRule[];
  ask: PermissionRule[];
}

export interface BashOptions {
  cwd: string;
  mode: PermissionMode;
  /** Judges a recursive read of a directory (`grep -r`, `rg`, `find`). */
  judgeTreeRead: (absoluteDir: string) => Decision;
  /** Judges a glob read or written by a command (`cat *\/prod.json`). */
  judgeGlob?: NonNullable<BashDecideOptions['judgeGlob']>;
  /** Whether the policy denies some reads by rule (see BashDecideOptions.readDenies). */
  readDenies?: boolean;
  /** Where a path really is, symlinks resolved (see BashDecideOptions.realPath). */
  realPath?: (absolute: string) => string | null;
  /** The sandbox hides what Read rules deny (see BashDecideOptions.sandboxReads). */
  sandboxReads?: boolean;
  /** Whether a path is a directory a `cd` can enter now (see BashDecideOptions.directoryExists). */
  directoryExists?: (absolute: string) => boolean;
  /** The host found no denied path in git's object store (see BashDecideOptions.historyMayHoldDenied). */
  historyMayHoldDenied?: boolean;
}

let loaded: BashModule | undefined;
let ready: Promise<void> | undefined;

/** Load the analyser and start its parser, once. Bash decisions and Bash rule examples need it. */
export function ensureBashParser(): Promise<void> {
  ready ??= (async () => {
    const mod = await import('./bash/index.js');
    await mod.initBashParser();
    loaded = mod;
  })();
  return ready;
}

export function isBashParserReady(): boolean {
  return loaded !== undefined;
}

/** `decideBash` from the analyser; throws if `ensureBashParser()` has not completed. */
export function decideBash(command: string, rules: BashRules, judgePath: PathJudge, opts: BashOptions): BashDecision {
  if (loaded === undefined) throw new Error('Bash parser not initialised: await ensureBashParser() before judging Bash commands');
  return loaded.decideBash(command, rules, judgePath, opts);
}
