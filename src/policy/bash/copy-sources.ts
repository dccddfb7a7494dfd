/**
 * Commands that read whole directory trees they are given: `cp -r`, `rsync`, `tar -c`, `zip -r`.
 * Their sources are judged as recursive reads, so `tar -cf - .` or `cp -r . /tmp/x` cannot carry a
 * Read-denied file out under an allow rule for the command. (Their writes are file-commands.ts.)
 */
import type { ShellWord } from './bash-types.js';
import { tokenizeOptions } from './option-scan.js';

const CP_RECURSIVE = new Set(['-r', '-R', '-a', '--recursive', '--archive']);
/** tar's options that take a value (GNU), short and long. */
const TAR_SHORT_VALUES = 'fCTXbKLNVgHIF';
const TAR_LONG_VALUES = ['--file', '--directory', '--files-from', '--exclude-from', '--exclude', '--blocking-factor', '--starting-file', '--tape-length', '--newer', '--label', '--listed-incremental', '--format', '--use-compress-program', '--info-script', '--transform', '--owner', '--group', '--mode', '--mtime'];

const under = (dir: ShellWord | undefined, w: ShellWord): ShellWord => {
  if (dir === undefined || w.value.startsWith('/')) return w;
  return dir.dynamic || w.dynamic ? { ...w, dynamic: true, variable: null, value: `${dir.value}/${w.value}` } : { ...w, value: `${dir.value}/${w.value}` };
};

/** The trees `words` reads (relative to the current directory unless absolute). */
export function copySources(words: readonly ShellWord[]): ShellWord[] {
  const [name, ...args] = words;
  if (name === undefined || name.dynamic) return [];
  const base = name.value.slice(name.value.lastIndexOf('/') + 1);
  switch (base) {
    case 'cp': {
      const { tokens } = tokenizeOptions(args, { shortValue: 'St', longValue: ['--suffix', '--target-directory', '--sparse', '--no-preserve', '--preserve', '--reflink', '--backup'] });
      if (!tokens.some((t) => t.kind === 'option' && CP_RECURSIVE.has(t.name))) return [];
      const operands = tokens.flatMap((t) => (t.kind === 'operand' ? [t.word] : []));
      const target = tokens.some((t) => t.kind === 'option' && (t.name === '-t' || t.name === '--target-directory'));
      return target ? operands : operands.slice(0, -1);
    }
    case 'rsync': {
      const operands = args.filter((w) => w.dynamic || !w.value.startsWith('-'));
      return operands.slice(0, -1).filter((w) => w.dynamic || !/^[^/]*:/.test(w.value)); // host:path is remote
    }
    case 'tar': {
      // Old style: `tar czf out.tgz dir` is `tar -czf out.tgz dir`.
      const first = args[0];
      const normal = first !== undefined && !first.dynamic && /^[A-Za-z]+$/.test(first.value) ? [{ ...first, value: `-${first.value}` }, ...args.slice(1)] : [...args];
      const { tokens } = tokenizeOptions(normal, { shortValue: TAR_SHORT_VALUES, longValue: TAR_LONG_VALUES });
      const creates = tokens.some((t) => t.kind === 'option' && /^-[cru]$|^--(create|append|update|concatenate)$/.test(t.name));
      if (!creates) return [];
      const dir = tokens.filter((t) => t.kind === 'option' && (t.name === '-C' || t.name === '--directory')).map((t) => (t.kind === 'option' ? t.value : undefined)).at(-1);
      return tokens.flatMap((t) => (t.kind === 'operand' ? [under(dir, t.word)] : []));
    }
    case 'zip': {
      const { tokens } = tokenizeOptions(args, { shortValue: 'bnPtx', longValue: ['--temp-path', '--suffixes', '--password', '--exclude'] });
      const operands = tokens.flatMap((t) => (t.kind === 'operand' ? [t.word] : []));
      return operands.slice(1); // the first is the archive; with or without -r, read as trees
    }
    default:
      return [];
  }
}
