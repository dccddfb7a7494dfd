/**
 * From a command line to every simple command it can run: parse, walk, unwrap wrappers
 * recursively (parsing `sh -c` strings, `eval` arguments, `trap` actions, heredocs fed to a
 * shell), and stop at the first structural problem: a parse error, a dynamic command name, an
 * unsafe environment variable, or a budget exceeded. Nothing here consults the policy.
 */
import type { AnalysisLimits, BashAnalysis, CommandRole, EnvAssignment, FlowMark, ParsedCommand, Redirect, ShellWord, SimpleCommand, Unwrapped, WrapperKind } from './bash-types.js';
import { aliasDefinition } from './alias-definitions.js';
import { isUnsafeVariable } from './env-vars.js';
import { nameOperandProblem } from './name-contexts.js';
import { configOptionProblem } from './tool-config-options.js';
import { walkBash } from './parse-commands.js';
import { dynamicWord, leadingAssignments } from './shell-words.js';
import { unwrapCommand } from './unwrap.js';

export const DEFAULT_LIMITS: AnalysisLimits = { maxLength: 10_000, maxDepth: 256, maxCommands: 200, maxUnwrapDepth: 8 };

interface Context {
  wrappers: string[];
  parent: number | null;
  depth: number;
  /** Inside an environment runner's probable payload: judged against deny and ask rules only. */
  denyView: boolean;
}

/** Shell reserved words: never a command name in a line bash accepts. */
const RESERVED = new Set(['!', '{', '}', 'if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', 'for', 'case', 'esac', 'select', 'function', 'in', 'coproc']);

type NewCommand = Omit<SimpleCommand, 'argv' | 'text'> & { text?: string };

class Analyser {
  readonly commands: SimpleCommand[] = [];
  readonly flow: FlowMark[] = [];
  nonLinear = false;
  readonly variables = new Map<string, { values: ShellWord[]; firstSeq: number } | null>();
  /** The first structural problem; once set, the analysis stops. */
  failure: string | null = null;

  constructor(private readonly limits: AnalysisLimits) {}

  private fail(reason: string): void {
    this.failure ??= reason;
  }

  script(source: string, ctx: Context): void {
    const walk = walkBash(source, this.limits.maxDepth, this.limits.maxCommands);
    if (!walk.ok) {
      if (ctx.denyView) return this.hidden(`a command string that does not parse (${walk.reason})`, ctx);
      return this.fail(ctx.depth === 0 ? walk.reason : `the command string run by \`${ctx.wrappers.at(-1) ?? ''}\`: ${walk.reason}`);
    }
    if (walk.nonLinear) this.nonLinear = true;
    for (const event of walk.events) {
      if (this.failure !== null) return;
      if (event.kind === 'command') this.command(event.command, ctx);
      else if (event.kind === 'assign') this.assign(event.name, event.values, ctx);
      else if (event.kind === 'flow') this.flow.push({ at: this.commands.length, kind: event.flow });
    }
  }

  private assign(name: string, values: ShellWord[] | null, ctx: Context): void {
    if (!ctx.denyView && isUnsafeVariable(name)) return this.fail(`it sets \`${name}\`, which can make later commands load or run other code`);
    const known = this.variables.get(name);
    if (known === null) return;
    if (values === null) this.variables.set(name, null);
    else if (known === undefined) this.variables.set(name, { values: [...values], firstSeq: this.commands.length });
    else known.values.push(...values);
  }

  /** Adds a command; returns its index, or -1 over the budget. */
  private push(cmd: NewCommand): number {
    if (this.commands.length >= this.limits.maxCommands) {
      this.fail(`it has more than ${this.limits.maxCommands} simple commands (after unwrapping), more than the analysis checks`);
      return -1;
    }
    const argv = cmd.words.map((w) => w.value);
    this.commands.push({ ...cmd, argv, text: cmd.text ?? argv.join(' ') });
    return this.commands.length - 1;
  }

  private hidden(why: string, ctx: Context): void {
    this.push({ words: [dynamicWord('<hidden>')], text: why, wrappers: ctx.wrappers, env: [], redirects: [], role: 'hidden', wrapperKind: null, parent: ctx.parent });
  }

  private command(parsed: ParsedCommand, ctx: Context): void {
    const base = { wrappers: ctx.wrappers, parent: ctx.parent };
    if (parsed.role === 'redirect') {
      this.push({ ...base, words: [], text: '(redirection)', env: [], redirects: parsed.redirects, role: 'redirect', wrapperKind: null });
      return;
    }
    const name = parsed.words[0];
    if (name === undefined) return;
    if (!ctx.denyView) {
      const unsafe = parsed.env.find((a) => isUnsafeVariable(a.name));
      if (unsafe !== undefined) return this.fail(`it sets \`${unsafe.name}\` for \`${parsed.words.map((w) => w.value).join(' ')}\`, which can make it load or run other code`);
    }
    if (name.dynamic || name.glob) {
      if (ctx.denyView) return this.hidden(`a command named at run time: ${name.value}`, ctx);
      return this.fail(`the command name \`${name.value}\` is computed at run time, so the policy cannot check it`);
    }
    if (RESERVED.has(name.value) && !ctx.denyView) {
      // Bash would reject the line (`nice while …`); the grammar accepted it, so its reading is not bash's.
      return this.fail(`the reserved word \`${name.value}\` stands where a command name should be`);
    }
    if (!ctx.denyView) {
      const problem = nameOperandProblem(parsed.words) ?? configOptionProblem(parsed.words);
      if (problem !== null) return this.fail(problem);
    }
    const alias = aliasDefinition(parsed.words);
    if (alias !== null) return ctx.denyView ? this.hidden(alias, ctx) : this.fail(alias);
    const unwrapped = unwrapCommand({ words: parsed.words, stdin: parsed.stdin, pipedNames: parsed.pipedNames, id: this.commands.length });
    const wrapperKind: WrapperKind | null = unwrapped?.ok === true && unwrapped.kind !== 'runner' ? unwrapped.kind : null;
    const role: CommandRole = ctx.denyView ? 'deny-view' : wrapperKind === null ? 'command' : 'wrapper';
    const files: Redirect[] = unwrapped?.ok === true ? unwrapped.files : [];
    const index = this.push({ ...base, words: parsed.words, env: parsed.env, redirects: files.length === 0 ? parsed.redirects : [...parsed.redirects, ...files], role, wrapperKind, ...(parsed.chained === true ? { chained: true } : {}), ...(parsed.certain === true && ctx.depth === 0 ? { certain: true } : {}) });
    if (unwrapped !== null && index !== -1) this.payloads(unwrapped, index, ctx);
  }

  private payloads(unwrapped: Unwrapped, index: number, ctx: Context): void {
    if (!unwrapped.ok) {
      if (ctx.denyView) return this.hidden(unwrapped.reason, { ...ctx, parent: index });
      return this.fail(unwrapped.reason);
    }
    if (ctx.depth + 1 > this.limits.maxUnwrapDepth) {
      return this.fail(`it nests more than ${this.limits.maxUnwrapDepth} wrappers (\`${[...ctx.wrappers, unwrapped.label].join('` in `')}\`)`);
    }
    for (const b of unwrapped.bindings) this.assign(b.name, b.values, { ...ctx, denyView: true });
    const inner: Context = { wrappers: [...ctx.wrappers, unwrapped.label], parent: index, depth: ctx.depth + 1, denyView: ctx.denyView || unwrapped.kind === 'runner' };
    // A trap action runs later (at exit, after any `cd`); `find -execdir` runs in each directory found.
    if (unwrapped.label === 'trap') this.nonLinear = true;
    const elsewhere = unwrapped.label === 'find -execdir';
    if (elsewhere) this.flow.push({ at: this.commands.length, kind: 'elsewhere-open' });
    for (const p of unwrapped.payloads) {
      if (this.failure !== null) return;
      if (p.kind === 'command') this.command({ ...splitAssignments(p.words, p.env), redirects: [], stdin: p.stdin, role: 'command' }, inner);
      else if (p.kind === 'script') this.script(p.text, inner);
      else this.hidden(p.why, inner);
    }
    if (elsewhere) this.flow.push({ at: this.commands.length, kind: 'elsewhere-close' });
  }
}

/**
 * Leading `NAME=value` words of a payload are assignments, not its name: `time FOO=1 rm x` runs
 * rm (`time` is a keyword). For other wrappers such a word would name a program that does not
 * exist, so reading it as an assignment can only make the deny check stricter.
 */
function splitAssignments(words: ShellWord[], env: EnvAssignment[]): { words: ShellWord[]; env: EnvAssignment[] } {
  const { assignments, index } = leadingAssignments(words, 0, true);
  return index === 0 ? { words, env } : { words: words.slice(index), env: [...env, ...assignments] };
}

/** Every simple command in `command`, or the structural reason the analysis gave up. */
export function analyseBash(command: string, limits: Partial<AnalysisLimits> = {}): BashAnalysis {
  const budget: AnalysisLimits = { ...DEFAULT_LIMITS, ...limits };
  if (command.length > budget.maxLength) {
    return { ok: false, reason: `it is ${command.length} characters long; the analysis checks at most ${budget.maxLength}`, commands: [] };
  }
  const analyser = new Analyser(budget);
  analyser.script(command, { wrappers: [], parent: null, depth: 0, denyView: false });
  if (analyser.failure !== null) return { ok: false, reason: analyser.failure, commands: analyser.commands };
  const variables = new Map<string, { values: ShellWord[]; firstSeq: number }>();
  for (const [name, v] of analyser.variables) if (v !== null) variables.set(name, v);
  return { ok: true, commands: analyser.commands, variables, flow: analyser.flow, nonLinear: analyser.nonLinear };
}
