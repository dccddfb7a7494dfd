/**
 * A recursive read of a directory (`grep -r KEY .`) is denied when a Read deny or ask rule matches
 * something beneath it: a bounded walk (symlinks judged by target, not entered, as grep -r does)
 * over the rules that could match there. A walk over budget is denied.
 */
import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Decision } from './decision.js';
import type { LoadedPolicy, Trace } from './loaded-policy.js';
import { builtinStep, describeRule } from './loaded-policy.js';
import { show } from './path-decision.js';
import { segmentMatches } from '../glob/index.js';
import { matchPathPattern, patternBase, relativeComponents, splitPath, type PathBases, type PathPattern } from './path-rule-match.js';
import { isMissing, realPath } from './path-resolve.js';
import type { CompiledRule } from './rule-compile.js';
import { errnoCode } from '../error-text.js';

const MAX_ENTRIES = 20_000;

/** Could some path at or beneath `dir` match the pattern? (Conservative: wildcards assumed satisfiable.) */
export function couldMatchBeneath(pattern: PathPattern, dir: string, bases: PathBases): boolean {
  if (pattern.anyDepth) return true;
  const rel = relativeComponents(patternBase(pattern, bases), dir);
  if (rel === null) {
    // The directory is above the anchor: the anchor itself may lie beneath it.
    return relativeComponents(dir, patternBase(pattern, bases)) !== null;
  }
  return prefixCompatible(pattern, rel, 0, 0);
}

function prefixCompatible(pattern: PathPattern, comps: string[], si: number, ci: number): boolean {
  if (ci === comps.length || si === pattern.segments.length) return true;
  const seg = pattern.segments[si];
  if (seg === undefined) return true;
  if (seg.kind === 'globstar') return prefixCompatible(pattern, comps, si + 1, ci) || prefixCompatible(pattern, comps, si, ci + 1);
  return segmentMatches(seg, comps[ci] ?? '') && prefixCompatible(pattern, comps, si + 1, ci + 1);
}

export function readRules(policy: LoadedPolicy): CompiledRule[] {
  return [...policy.rules.deny, ...policy.rules.ask].filter((r) => r.target.kind === 'path' && r.target.family === 'read');
}

/** The deny for a recursive read of `dir`, or null when nothing beneath it is denied. */
export function judgeTreeRead(policy: LoadedPolicy, cwd: string, dir: string, trace?: Trace): Decision | null {
  const bases: PathBases = { root: policy.root, cwd, home: policy.homeDir };
  const rules = readRules(policy).filter((r) => r.target.kind === 'path' && couldMatchBeneath(r.target.pattern, dir, bases));
  if (rules.length === 0) return null;
  const matching = (p: string): CompiledRule | undefined => rules.find((r) => r.target.kind === 'path' && matchPathPattern(r.target.pattern, p, bases));
  const shown = (p: string): string => show(p, cwd);
  const denied = (what: string, reason: string): Decision => {
    trace?.push(builtinStep(true, `${what}; cannot rule out files denied by ${rules.map((r) => r.text).join(', ')}`));
    return { behavior: 'deny', rule: rules[0]?.text ?? null, reason: `Reading everything under ${shown(dir)} was denied: ${reason} ${rules.map((r) => `\`${r.text}\``).join(', ')}. Search a narrower directory or specific files.` };
  };
  const unlookable = (where: string, why: string): Decision => denied(`${shown(where)} beneath ${shown(dir)} ${why}`, `${shown(where)} cannot be looked at to check it against`);
  const pending = [dir];
  let seen = 0;
  while (pending.length > 0) {
    const current = pending.pop() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) continue; // gone meanwhile
      // A directory that cannot be looked at (a path too long to name, say) may hold a match.
      return unlookable(current, `cannot be read (${errnoCode(err) ?? 'error'})`);
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return denied(`more than ${MAX_ENTRIES} entries under ${shown(dir)}`, 'it is too large to check against');
      const full = path.join(current, entry.name);
      const real = entry.isSymbolicLink() ? realPath(full) : full;
      const hit = matching(full) ?? (real !== null && real !== full ? matching(real) : undefined);
      if (hit !== undefined) {
        trace?.push(builtinStep(true, `${shown(full)} beneath ${shown(dir)} is matched by ${hit.text}`));
        const why = hit.reason === undefined ? '' : ` (${hit.reason})`;
        const verdict = hit.behavior === 'ask' ? 'needs approval, and no human is present in CI' : 'is denied';
        return { behavior: 'deny', rule: hit.text, reason: `Reading everything under ${shown(dir)} was denied: it contains ${shown(full)}, which ${verdict} by ${describeRule(hit)}${why}. Search specific files or directories that do not contain it.` };
      }
      if (!entry.isDirectory()) continue;
      // A name that is not UTF-8 (or holds U+FFFD) cannot be named again to look inside.
      if (entry.name.includes('\uFFFD')) return unlookable(full, 'cannot be named to look inside');
      const state = directoryState(full);
      if (state === 'unlookable') return unlookable(full, 'is too deep or too long a path to look inside');
      if (state === 'enter') pending.push(full);
    }
  }
  return null;
}

// Dirent reports a symlink as a link, so only real directories are entered; one replaced since
// it was listed is gone; one too deep (64 components) or too long to name cannot be looked inside.
function directoryState(dir: string): 'enter' | 'gone' | 'unlookable' {
  if (splitPath(dir).length > 64) return 'unlookable';
  try {
    return lstatSync(dir).isDirectory() ? 'enter' : 'gone';
  } catch (err) {
    return isMissing(err) ? 'gone' : 'unlookable';
  }
}
