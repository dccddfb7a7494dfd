/**
 * The Bash decision: every simple command (wrappers and payloads alike) is judged on its own, and
 * the line is allowed only if all are: deny, then ask rules on every spelling (match-texts.ts); the
 * files it touches; then approval (an allow rule, a read-only form, `acceptEdits` file commands,
 * `bypassPermissions`; in `plan` read-only forms only; a gate's exact rule approves its payload).
 * Structural failures deny the whole line with no rule, in every mode.
 */
import type { Decision } from '../decision.js';
import type { PathJudge, PermissionRule } from '../rule.js';
import { analyseBash } from './analyse-bash.js';
import type { BashDecideOptions, BashDecision, BashRules, FlowMark, ShellWord, SimpleCommand, SubcommandVerdict, VariableValues } from './bash-types.js';
import { compileBashPattern, describeBashRule, patternMatchesText, patternMayMatch, WILD } from './bash-rule-match.js';
import { isSafeVariable } from './env-vars.js';
import { copySources } from './copy-sources.js';
import { fileAccess } from './file-commands.js';
import { gitHistoryReads } from './git-history.js';
import { gitArguments, gitGlobals, repositoryForms } from './git-options.js';
import { literalWord } from './shell-words.js';
import { optionFiles } from './option-files.js';
import { allowText, canonicalSpecifier, denyTexts, type DenyTexts } from './match-texts.js';
import { cdTarget, PathChecker, within, type AccessKind } from './path-checks.js';
import { readOnlyForm } from './read-only-commands.js';
import { globOptions, refusedShellOption } from './shell-options.js';
import type { ReadOnlyResult, Resolve } from './read-only-spec.js';

/** How bad a denial is, for choosing the one to report: rule hits first. */
const SEVERITY = { deny: 4, ask: 3, path: 2, approval: 1 } as const;

type Verdict =
  | { ok: true; by: string; rule: string | null; exact: boolean }
  | { ok: false; decision: Decision; severity: number };

const FILE_EDIT_COMMANDS = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp']);

function label(cmd: SimpleCommand): string {
  const inside = cmd.wrappers.length > 0 ? ` (run by \`${cmd.wrappers.join('` → `')}\`)` : '';
  return `\`${cmd.text}\`${inside}`;
}

function matchRule(rules: readonly PermissionRule[], texts: DenyTexts | null): PermissionRule | null {
  if (texts === null) return null;
  for (const rule of rules) {
    const pattern = compileBashPattern(rule.specifier);
    if (texts.plain.some((t) => patternMayMatch(pattern, t))) return rule;
    // The rule canonicalised like a command's flags (match-texts.ts).
    if (patternMayMatch(compileBashPattern(canonicalSpecifier(rule.specifier)), texts.canonical)) return rule;
  }
  return null;
}

/** What deny and ask rules are matched against: every spelling; a hidden payload is anything. */
function ruleTexts(cmd: SimpleCommand, rules: BashRules): DenyTexts | null {
  if (cmd.role === 'redirect' || rules.deny.length + rules.ask.length === 0) return null;
  return cmd.role === 'hidden' ? { plain: [WILD], canonical: WILD } : denyTexts(cmd);
}

class Judge {
  private readonly paths: PathChecker;
  /** No command judged so far can have changed the files (see PathChecker.changeDirectory). */
  private diskKnown = true;

  constructor(
    private readonly rules: BashRules,
    judgePath: PathJudge,
    private readonly opts: BashDecideOptions,
    private readonly commands: readonly SimpleCommand[],
    variables: VariableValues,
  ) {
    this.paths = new PathChecker(judgePath, opts.cwd, variables, opts.judgeTreeRead, opts.judgeGlob, globOptions(commands), opts.realPath, opts.directoryExists);
  }

  judge(cmd: SimpleCommand, seq: number): Verdict {
    const hidden = cmd.role === 'hidden';
    if (hidden || cmd.role === 'deny-view') this.diskKnown = false;
    const subject = hidden ? `${cmd.text}; the analysis cannot see those commands, and they` : label(cmd);
    const texts = ruleTexts(cmd, this.rules);
    const deny = matchRule(this.rules.deny, texts);
    if (deny !== null) return this.no(SEVERITY.deny, deny.text, `${subject} ${hidden ? 'could match' : 'matches'} deny rule ${describeBashRule(deny)}`);
    const ask = matchRule(this.rules.ask, texts);
    if (ask !== null) return this.no(SEVERITY.ask, ask.text, `${subject} ${hidden ? 'could match' : 'matches'} ask rule ${describeBashRule(ask)}: that would need approval, and there is no one to ask in CI`);
    if (cmd.role === 'deny-view') return this.checkHistory(cmd, this.paths.resolverAt(seq)) ?? { ok: true, by: 'deny rules only (runner payload)', rule: null, exact: false };
    if (hidden) {
      if (this.opts.mode === 'bypassPermissions') return { ok: true, by: 'bypassPermissions', rule: null, exact: false };
      return this.no(SEVERITY.approval, null, `${cmd.text}; the analysis cannot see those commands, so no rule can approve them`);
    }
    const resolve = this.paths.resolverAt(seq);
    const ro = readOnlyForm(cmd, resolve, this.opts.cwd);
    // Set through the path checker's callback while the files are checked.
    const seen: { what: string | null } = { what: null };
    this.paths.onUnseen = (what) => {
      seen.what ??= what;
    };
    // git reads its object store too, where the sandbox hides nothing (`git grep KEY HEAD`).
    const name = cmd.words[0]?.value ?? '';
    const wall = this.opts.sandboxReads === true && name.slice(name.lastIndexOf('/') + 1) !== 'git';
    this.paths.sandboxWall = wall;
    const files = this.checkFiles(cmd, ro, resolve);
    this.paths.onUnseen = null;
    this.paths.sandboxWall = false;
    const writes = cmd.role === 'hidden' || cmd.redirects.some((r) => r.kind === 'write' && !/^\/dev\/(null|stdout|stderr)$/.test(r.target?.value ?? ''));
    if (writes || (cmd.role === 'command' && !ro.readOnly)) this.diskKnown = false;
    if (files !== null) return files;
    const unseen = seen.what;
    // Under the sandbox the names need no judging here: it hides what the Read rules deny.
    if (unseen !== null && this.opts.readDenies !== false && !wall) {
      return this.no(SEVERITY.path, null, `${label(cmd)} reads files whose names the analysis cannot see (${unseen}), so Read rules cannot be checked on them, and this policy denies some reads; name the files in the command line instead (or use \`find … -print0 | xargs -0 …\`, whose names are known to lie beneath the directories given to find)`);
    }
    const history = this.checkHistory(cmd, resolve);
    if (history !== null) return history;
    if (cmd.role === 'redirect' || cmd.wrapperKind === 'transparent') return { ok: true, by: 'wrapper', rule: null, exact: false };
    return this.approve(cmd, ro, wall ? null : unseen);
  }

  private no(severity: number, rule: string | null, reason: string): Verdict {
    return { ok: false, severity, decision: { behavior: 'deny', rule, reason } };
  }

  /** Under Read denies, git prints from its store only paths the rules judge (git-history.ts). */
  private checkHistory(cmd: SimpleCommand, resolve: Resolve): Verdict | null {
    const args = gitArguments(cmd.words);
    if (args === null || this.opts.readDenies === false) return null;
    const history = gitHistoryReads(args, this.opts.cwd, this.historyFree(cmd));
    if (history.kind === 'refused') {
      return this.no(SEVERITY.path, null, `${label(cmd)} can print files from the repository's history (${history.why}), and this policy denies some reads, which the sandbox cannot hide there; limit it with \`-- PATH…\` or \`REV:path\` (judged by the Read rules), or use a form that prints no contents (\`--stat\`, \`--name-only\`)`);
    }
    if (history.kind === 'paths') {
      for (const [w, exact] of [...history.paths.map((p) => [p, false] as const), ...(history.exact ?? []).map((p) => [p, true] as const)]) {
        const d = this.paths.check(exact ? 'read' : 'tree', w, resolve);
        if (d !== null) return this.no(SEVERITY.path, d.rule, `${label(cmd)}: printing \`${w.value}\` from the repository's history${exact ? '' : ' (everything beneath it)'}: ${d.reason}`);
        const forms = repositoryForms(w.value, this.paths.shellDirectories(), this.opts.cwd);
        if (forms === null) return this.no(SEVERITY.path, null, `${label(cmd)} prints \`${w.value}\` from a repository in a directory the analysis lost track of, and this policy denies some reads`);
        for (const abs of forms) {
          const f = this.historyPath(abs, exact, resolve);
          if (f !== null) return this.no(SEVERITY.path, f.rule, `${label(cmd)}: printing \`${w.value}\` from the repository's history, where it is \`${abs}\` or (in a repository rooted above it) a path ending so${exact ? '' : ', and everything that was ever beneath it'}: ${f.reason}`);
        }
      }
    }
    return null;
  }

  /** No denied path in the store and the sandbox on: lifted for git in the workspace, with no `GIT_*` variable. */
  private historyFree(cmd: SimpleCommand): boolean {
    if (this.opts.historyMayHoldDenied !== false || this.opts.sandboxReads !== true) return false;
    const dirs = this.paths.shellDirectories();
    if (dirs === null || dirs.some((d) => d !== this.opts.cwd)) return false;
    return cmd.env.every((e) => !/^GIT_/i.test(e.name) || /^GIT_(AUTHOR|COMMITTER)_(NAME|EMAIL|DATE)$/.test(e.name));
  }

  /** A path in history, and unless `exact`, by pattern all that was ever beneath it. */
  private historyPath(abs: string, exact: boolean, resolve: Resolve): Decision | null {
    const own = this.paths.check('read', literalWord(abs), resolve);
    if (own !== null || exact) return own;
    if (this.opts.judgeGlob === undefined) return { behavior: 'deny', rule: null, reason: 'no pattern judge is available to check what history may hold beneath it' };
    const d = this.opts.judgeGlob('tree', `${abs === '/' ? '' : abs}/**`, { dot: true, nocase: false, globstar: true, extglob: false });
    return d.behavior === 'deny' ? d : null;
  }

  /** Redirects, writer operands, reader operands, `cd`, and critical removals. */
  private checkFiles(cmd: SimpleCommand, ro: ReadOnlyResult, resolve: Resolve): Verdict | null {
    const plan = this.opts.mode === 'plan';
    const fromJudge = (d: Decision, what: string): Verdict => this.no(SEVERITY.path, d.rule, `${label(cmd)}: ${what}: ${d.reason}`);
    for (const r of cmd.redirects) {
      if (r.target === null || (r.kind !== 'write' && r.kind !== 'read')) continue;
      if (plan && r.kind === 'write' && !/^\/dev\/(null|stdout|stderr)$/.test(r.target.value)) {
        return this.no(SEVERITY.path, null, `${label(cmd)} writes to \`${r.target.value}\`, and plan mode allows no writes`);
      }
      const d = this.paths.check(r.kind, r.target, resolve);
      if (d !== null) return fromJudge(d, `${r.kind === 'write' ? 'output' : 'input'} redirection \`${r.op} ${r.target.value}\``);
    }
    const name = cmd.words[0]?.value;
    const access = fileAccess(cmd);
    if (access !== null) {
      if (plan && access.writes.length > 0) return this.no(SEVERITY.path, null, `${label(cmd)} writes files, and plan mode allows no writes`);
      if (name === 'rm' || name === 'rmdir') {
        const critical = access.writes.find((w) => access.noPreserveRoot || this.paths.isCriticalRemoval(w));
        if (critical !== undefined) return this.no(SEVERITY.path, null, `${label(cmd)} removes \`${critical.value}\`, a critical path (the root, a top-level directory, home, or the workspace and its parents)`);
      }
    }
    const options = optionFiles(cmd.words, this.opts.cwd);
    const accesses: Array<[AccessKind, readonly ShellWord[], string]> = [
      ['read', access?.reads ?? [], ''],
      ['write', access?.writes ?? [], ''],
      ['read', ro.reads, ''],
      ['tree', ro.treeReads, ' recursively'],
      ['tree', copySources(cmd.words), ' (a copy: everything beneath it is read)'],
      ['read', options.reads, ' (named by an option)'],
    ];
    for (const [kind, words, how] of accesses) {
      for (const w of words) {
        const d = this.paths.check(kind, w, resolve);
        if (d !== null) return fromJudge(d, `${kind === 'write' ? 'writing' : 'reading'} \`${w.value}\`${how}`);
      }
    }
    if (options.unseen !== null) this.paths.onUnseen?.(options.unseen);
    const cd = cdTarget(cmd.words);
    if (cd.kind === 'dir' && !cd.word.dynamic) {
      const d = this.paths.check('read', cd.word, resolve);
      if (d !== null) return fromJudge(d, `changing into \`${cd.word.value}\``);
    }
    // `cd -@ DIR` fails on Linux (no extended-attribute directories), whatever DIR is.
    const certain = cmd.certain === true && this.diskKnown && !cmd.words.some((w) => /^-[^-]*@/.test(w.value));
    this.paths.changeDirectory(cd, resolve, cmd.chained === true, certain);
    return null;
  }

  private approve(cmd: SimpleCommand, ro: ReadOnlyResult, unseen: string | null): Verdict {
    const mode = this.opts.mode;
    const envSafe = cmd.env.every((a) => isSafeVariable(a.name));
    const gitElsewhere = cmd.words[0]?.value === 'git' && !['.', ...gitGlobals(cmd.words.slice(1)).dirs].every((d) => this.paths.insideWorkspace(d));
    const readOnly = ro.readOnly && envSafe && !gitElsewhere && cmd.role === 'command' && unseen === null;
    if (mode === 'plan') {
      if (readOnly) return { ok: true, by: 'read-only', rule: null, exact: false };
      return this.no(SEVERITY.approval, null, `${label(cmd)} is not a read-only command, and plan mode allows only those (${unseen === null ? (ro.reason ?? 'it changes something') : `it reads files whose names the analysis cannot see: ${unseen}`})`);
    }
    if (mode === 'bypassPermissions') return { ok: true, by: 'bypassPermissions', rule: null, exact: false };
    const text = allowText(cmd);
    if (text !== null) {
      for (const rule of this.rules.allow) {
        if (patternMatchesText(compileBashPattern(rule.specifier), text)) {
          const exact = rule.specifier !== null && !rule.specifier.includes('*');
          return { ok: true, by: rule.text, rule: rule.text, exact };
        }
      }
    }
    if (readOnly) return { ok: true, by: 'read-only', rule: null, exact: false };
    if (mode === 'acceptEdits' && this.acceptsEdit(cmd)) return { ok: true, by: 'acceptEdits', rule: null, exact: false };
    let why = '';
    if (unseen !== null) why = ` (it reads files whose names the analysis cannot see: ${unseen}; such a command is never read-only)`;
    else if (cmd.wrapperKind === 'gate') why = ' (it runs other commands, so it needs an allow rule of its own)';
    else if (gitElsewhere && ro.readOnly) why = ' (git is read-only only inside the workspace: elsewhere its hooks and config could run)';
    else if (ro.reason !== null && !ro.reason.includes('is not a built-in')) why = ` (and it is not read-only: ${ro.reason})`;
    return this.no(SEVERITY.approval, null, `no allow rule matches ${label(cmd)}${why}`);
  }

  /** acceptEdits: mkdir/touch/rm/rmdir/mv/cp whose every operand is known and inside the workspace. */
  private acceptsEdit(cmd: SimpleCommand): boolean {
    const name = cmd.words[0]?.value ?? '';
    if (!FILE_EDIT_COMMANDS.has(name) || cmd.env.some((a) => !isSafeVariable(a.name))) return false;
    const access = fileAccess(cmd);
    if (access === null || !access.understood) return false;
    const operands = [...access.writes, ...access.reads];
    return operands.length > 0 && this.paths.insideWorkspace() && operands.every((w) => !w.dynamic && !w.tilde && !w.value.startsWith('/') && within(this.opts.cwd, `${this.opts.cwd}/${w.value}`));
  }

  /** Every verdict, then payloads approved through an exact rule on a gate wrapper around them. */
  all(flow: readonly FlowMark[], nonLinear: boolean): Verdict[] {
    if (nonLinear) {
      const cds = this.commands.map((c) => ({ target: cdTarget(c.words), resolve: this.paths.resolverAt(this.commands.length) })).filter((c) => c.target.kind !== 'none');
      this.paths.fixpoint(cds);
    }
    let mark = 0;
    const verdicts = this.commands.map((c, i) => {
      for (; mark < flow.length && (flow[mark] as FlowMark).at <= i; mark++) this.paths.flow((flow[mark] as FlowMark).kind);
      return this.judge(c, i);
    });
    return verdicts.map((v, i) => {
      if (v.ok || v.severity !== SEVERITY.approval) return v;
      for (let p = this.commands[i]?.parent ?? null; p !== null; p = this.commands[p]?.parent ?? null) {
        const up = verdicts[p];
        if (up?.ok === true && up.exact && this.commands[p]?.wrapperKind === 'gate') return { ok: true, by: `exact rule ${up.rule ?? ''}`, rule: up.rule, exact: true };
      }
      return v;
    });
  }
}

function structural(command: string, reason: string): BashDecision {
  const text = `Bash command denied: ${reason}. Nothing was run; no rule can allow this form, so write the command with literal names and paths.`;
  const decision: Decision = { behavior: 'deny', rule: null, reason: text, subcommand: command.length > 200 ? `${command.slice(0, 200)}…` : command };
  return { ...decision, subcommands: [{ text: decision.subcommand ?? command, decision: { behavior: 'deny', rule: null, reason } }] };
}

export function decideBash(command: string, rules: BashRules, judgePath: PathJudge, opts: BashDecideOptions): BashDecision {
  const analysis = analyseBash(command, opts.limits);
  if (!analysis.ok) return structural(command, analysis.reason);
  if (analysis.commands.length === 0) return { behavior: 'allow', rule: null, reason: 'The command runs nothing.', subcommands: [] };
  const option = refusedShellOption(analysis.commands);
  if (option !== null) return structural(command, option);
  const verdicts = new Judge(rules, judgePath, opts, analysis.commands, analysis.variables).all(analysis.flow, analysis.nonLinear);
  const subcommands: SubcommandVerdict[] = analysis.commands.map((cmd, i) => {
    const v = verdicts[i] as Verdict;
    const decision: Decision = v.ok ? { behavior: 'allow', rule: v.rule, reason: v.by } : v.decision;
    return { text: cmd.text, decision };
  });
  let worst: { v: Extract<Verdict, { ok: false }>; cmd: SimpleCommand } | null = null;
  for (const [i, v] of verdicts.entries()) {
    if (!v.ok && (worst === null || v.severity > worst.v.severity)) worst = { v, cmd: analysis.commands[i] as SimpleCommand };
  }
  if (worst !== null) {
    const d = worst.v.decision;
    return { behavior: 'deny', rule: d.rule, reason: `Bash command denied: ${d.reason.replace(/\.$/, '')}.`, subcommand: worst.cmd.text, subcommands };
  }
  const approvals = verdicts.filter((v): v is Extract<Verdict, { ok: true }> => v.ok && v.rule !== null);
  const usedRules = [...new Set(approvals.map((v) => v.rule))];
  const rule = usedRules.length === 1 ? (usedRules[0] ?? null) : null;
  const parts = analysis.commands.map((cmd, i) => `\`${cmd.text}\` (${(verdicts[i] as Extract<Verdict, { ok: true }>).by})`);
  return { behavior: 'allow', rule, reason: `Allowed: ${parts.join(', ')}.`, subcommands };
}
