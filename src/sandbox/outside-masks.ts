/**
 * Read denies anchored outside the workspace (`Read(~/.aws/**)`, `Read(//etc/app/key)`): matches
 * are found once, when the run's sandbox opens, by a walk from the rule's literal prefix (nothing
 * outside is writable to commands), and hidden like credential files. A walk past
 * MAX_OUTSIDE_ENTRIES fails: the run stops and says which rule to narrow.
 */
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { matchPathPattern } from '../policy/index.js';
import type { OutsideReadRule } from './path-rules.js';
import { relFrom } from './path-rules.js';

export const MAX_OUTSIDE_ENTRIES = 20_000;
/** The sandbox's own (or host-private) trees: a rule under them has nothing of the host's to hide. */
const SANDBOX_OWN = ['/proc', '/dev', '/tmp', '/run', '/var/run', '/var/tmp', '/sys'];

const under = (p: string, dir: string): boolean => relFrom(dir, p) !== null;

export interface OutsideMasks {
  masks: Array<{ path: string; kind: 'dir' | 'file' }>;
  problems: string[];
}

export function findOutsideMasks(rules: readonly OutsideReadRule[], workspace: string): OutsideMasks {
  const masks = new Map<string, 'dir' | 'file'>();
  const problems: string[] = [];
  for (const rule of rules) {
    if (SANDBOX_OWN.some((d) => under(rule.scanRoot, d))) continue;
    let budget = MAX_OUTSIDE_ENTRIES;
    const hide = (path: string): void => {
      try {
        const real = realpathSync.native(path);
        masks.set(real, statSync(real).isDirectory() ? 'dir' : 'file');
      } catch {
        // Dangling: nothing to read.
      }
    };
    const stack = [rule.scanRoot];
    while (stack.length > 0) {
      const path = stack.pop() ?? '';
      if (under(path, workspace)) continue; // the workspace scan covers it, every command
      const st = lstatSync(path, { throwIfNoEntry: false });
      if (st === undefined) continue;
      if (matchPathPattern(rule.pattern, path, rule.bases)) {
        hide(path);
        continue;
      }
      if (!st.isDirectory() || SANDBOX_OWN.includes(path)) continue;
      let names: string[];
      try {
        names = readdirSync(path);
      } catch {
        continue; // unreadable on the host: commands, with fewer rights, cannot list it either
      }
      budget -= names.length;
      if (budget < 0) {
        problems.push(`${rule.rule}: more than ${MAX_OUTSIDE_ENTRIES} entries under ${rule.scanRoot} to look through for what it hides; narrow the rule (a longer literal prefix, e.g. ~/.aws/**)`);
        break;
      }
      for (const name of names) stack.push(posix.join(path, name));
    }
  }
  return { masks: [...masks].map(([path, kind]) => ({ path, kind })), problems };
}
