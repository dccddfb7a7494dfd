/**
 * The texts a simple command is matched against. Allow rules see the words as written, after any
 * assignment not on the safe list (`FOO=1 npm test` does not match `Bash(npm test *)`, as in
 * Claude Code). Deny and ask rules see every spelling that runs the same program, since a deny a
 * rewording evades is no deny (anthropics/claude-code #66176, #18613): past assignments, by
 * basename, without multi-command tools' global options (`git -C . push`), and with flags
 * canonicalised like the rule (`rm -fr /`, `rm --recursive --force /` meet `Bash(rm -rf /)`).
 * Dynamic words are wildcards there (WILD).
 */
import type { ShellWord, SimpleCommand } from './bash-types.js';
import { WILD } from './bash-rule-match.js';
import { isSafeVariable } from './env-vars.js';

const piece = (w: ShellWord): string => (w.dynamic ? WILD : w.value);

/** The one text allow rules are matched against; null when no allow rule may match at all. */
export function allowText(cmd: SimpleCommand): string | null {
  const name = cmd.words[0];
  if (name === undefined || name.dynamic || /\s/.test(name.value)) return null;
  const env = cmd.env.filter((a) => !isSafeVariable(a.name)).map((a) => `${a.name}=${piece(a.value)}`);
  return [...env, ...cmd.words.map(piece)].join(' ');
}

/** Global options (those taking a value) of tools whose subcommand deny rules name. */
const GLOBAL_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  git: new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix', '--exec-path', '--list-cmds']),
  npm: new Set(['--prefix', '-C', '--workspace', '-w', '--loglevel', '--registry', '--userconfig', '--cache', '--otp']),
  pnpm: new Set(['--dir', '-C', '--filter', '-F', '--workspace-dir', '--loglevel']),
  yarn: new Set(['--cwd', '--modules-folder', '--cache-folder']),
  docker: new Set(['-H', '--host', '--context', '-c', '--config', '-l', '--log-level', '--tlscacert', '--tlscert', '--tlskey']),
  podman: new Set(['--connection', '-c', '--url', '--remote', '--root', '--runroot', '--log-level']),
  kubectl: new Set(['-n', '--namespace', '--context', '--kubeconfig', '-s', '--server', '--cluster', '--user', '--token']),
  cargo: new Set(['--config', '-Z', '-C', '--color']),
  gh: new Set(['-R', '--repo', '--hostname']),
};

/** `git -C . -c k=v push` → `git push` (over-approximating: unknown options are dropped too). */
function dropGlobalOptions(words: string[]): string[] {
  const withValue = GLOBAL_OPTIONS[words[0] ?? ''];
  if (withValue === undefined) return words;
  let i = 1;
  while (i < words.length) {
    const w = words[i] as string;
    if (w === WILD || !(w.startsWith('-') || (words[0] === 'cargo' && w.startsWith('+')))) break;
    i += withValue.has(w) ? 2 : 1;
  }
  return [words[0] as string, ...words.slice(i)];
}

const LONG_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  rm: { '--recursive': '-r', '-R': '-r', '--force': '-f', '--dir': '-d', '--verbose': '-v', '--interactive=never': '-f' },
  cp: { '--recursive': '-r', '-R': '-r', '--force': '-f' },
  git: { '--force': '-f', '--delete': '-d', '--all': '-a' },
  chmod: { '--recursive': '-R' },
  chown: { '--recursive': '-R' },
};

/** Flags first (clusters split, aliases mapped, sorted, deduplicated), then operands in order. */
export function canonicalWords(words: readonly string[]): string[] {
  const name = words[0];
  if (name === undefined) return [];
  const aliases = LONG_ALIASES[name] ?? {};
  const flags = new Set<string>();
  const operands: string[] = [];
  let endOfOptions = false;
  for (const w of words.slice(1)) {
    if (endOfOptions || w === WILD || w.includes('*') || !w.startsWith('-') || w === '-') {
      operands.push(w);
    } else if (w === '--') {
      endOfOptions = true;
    } else if (/^-[A-Za-z]{2,}$/.test(w)) {
      for (const c of w.slice(1)) flags.add(aliases[`-${c}`] ?? `-${c}`);
    } else {
      flags.add(aliases[w] ?? w);
    }
  }
  return [name, ...[...flags].sort(), ...operands];
}

/** A specifier canonicalised like a command (the trailing ` *` / `:*` keeps its meaning). */
export function canonicalSpecifier(specifier: string | null): string | null {
  if (specifier === null) return null;
  const legacy = specifier.endsWith(':*');
  const body = legacy ? specifier.slice(0, -2) : specifier;
  const words = body.split(' ').filter((w) => w !== '');
  if (words.length === 0) return specifier;
  const canonical = canonicalWords(words).join(' ');
  return legacy ? `${canonical}:*` : canonical;
}

export interface DenyTexts {
  /** Spellings compared with the rules as written. */
  plain: string[];
  /** The canonical spelling, compared with canonicalised rules. */
  canonical: string;
}

const basename = (w: string): string => (w === WILD ? w : w.slice(w.lastIndexOf('/') + 1));

export function denyTexts(cmd: SimpleCommand): DenyTexts {
  const words = cmd.words.map(piece);
  const plain = new Set<string>([words.join(' ')]);
  if (cmd.env.length > 0) plain.add([...cmd.env.map((a) => `${a.name}=${piece(a.value)}`), ...words].join(' '));
  const base = words.length > 0 ? [basename(words[0] as string), ...words.slice(1)] : words;
  plain.add(base.join(' '));
  const core = dropGlobalOptions(base);
  plain.add(core.join(' '));
  return { plain: [...plain], canonical: canonicalWords(core).join(' ') };
}
