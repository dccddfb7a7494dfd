import type { Decision } from './decision.js';
import { decideBash, isBashParserReady } from './bash/index.js';

const NO_RULES = { allow: [], deny: [], ask: [] };
const READS_ONLY = (kind: 'read' | 'write'): Decision =>
  kind === 'read' ? { behavior: 'allow', rule: null, reason: 'read' } : { behavior: 'deny', rule: null, reason: 'write' };

/**
 * Whether a command line only reads: every simple command in it is a built-in read-only command
 * in a read-only form, and nothing is redirected to a file. Permission does not enter into it
 * (that is the decider's job); this only says whether the command may run beside others.
 * Before the parser is loaded, or for anything it cannot parse, the answer is no.
 */
export function isReadOnlyBashCommand(command: string): boolean {
  if (!isBashParserReady()) return false;
  try {
    return decideBash(command, NO_RULES, READS_ONLY, { cwd: '/', mode: 'default' }).behavior === 'allow';
  } catch {
    return false;
  }
}
