/** The policy's `sandbox:` section as the sandbox receives it, plus which protected paths it may write. */
import type { SandboxConfig, SandboxFileRules, SandboxLimits, SandboxPathRule } from '../config/index.js';
import { patternBase, relativeComponents } from './path-rule-match.js';
import type { PermissionMode } from './permission-mode.js';
import type { PolicyFile } from './policy-schema.js';
import { protectedEntriesFor, ruleNamesEntry, type ProtectedPath } from './protected-paths.js';
import type { CompiledRule } from './rule-compile.js';
import { WRITE_TOOLS } from './tool-kinds.js';
import type { PolicyRules } from './loaded-policy.js';

/**
 * Workspace-relative protected paths that allow rules name explicitly, cut at the first wildcard:
 * `Edit(/.github/workflows/**)` makes `.github/workflows/` writable inside the sandbox (a trailing
 * `/` marks a directory: the rule reaches below it).
 */
export function writableProtectedPaths(allow: readonly CompiledRule[], root: string, home: string, list: readonly ProtectedPath[]): string[] {
  const out = new Set<string>();
  const bases = { root, cwd: root, home };
  for (const rule of allow) {
    const t = rule.target;
    if (t.kind !== 'path' || t.family !== 'write') continue;
    const dir = patternBase(t.pattern, bases);
    const literal = t.pattern.anyDepth ? t.pattern.literalPrefix : [...(relativeComponents(root, dir) ?? []), ...t.pattern.literalPrefix];
    if (!t.pattern.anyDepth && relativeComponents(root, dir) === null) continue;
    if (literal.length === 0) continue;
    const named = list.filter((e) => ruleNamesEntry(t.pattern, dir, root, e));
    const touched = protectedEntriesFor(`${root}/${literal.join('/')}`, root, named);
    // A trailing `/` says the rule goes on below it (`.github/workflows/**`): a directory.
    if (touched.length > 0) out.add(`${literal.join('/')}${t.pattern.segments.length > t.pattern.literalPrefix.length ? '/' : ''}`);
  }
  return [...out].sort();
}

/**
 * The file rules the sandbox enforces on its own: Read and Edit deny rules (ask means deny in CI),
 * with the directories their anchors stand for. A bare `Read` deny hides the workspace from
 * commands; a bare `Edit` deny, plan mode, or a policy that can allow no write makes it read-only.
 */
export function sandboxFileRules(rules: PolicyRules, mode: PermissionMode, root: string, home: string): SandboxFileRules {
  const readDeny: SandboxPathRule[] = [];
  const writeDeny: SandboxPathRule[] = [];
  let denyAllReads = false;
  let denyAllWrites = mode === 'plan' || !mayAllowWrites(rules, mode);
  for (const rule of [...rules.deny, ...rules.ask]) {
    const t = rule.target;
    if (t.kind === 'path' && rule.specifier !== null) (t.family === 'read' ? readDeny : writeDeny).push({ rule: rule.text, pattern: rule.specifier });
    else if (t.kind === 'tool' && rule.toolName === 'Read') denyAllReads = true;
    else if (t.kind === 'tool' && rule.toolName === 'Edit') denyAllWrites = true;
  }
  return { root, home, readDeny, writeDeny, denyAllReads, denyAllWrites };
}

/**
 * Whether any command could be allowed to write the workspace. Only acceptEdits and
 * bypassPermissions allow writes without a rule; otherwise a write needs an Edit-family allow rule
 * (a Bash redirection into `Edit(src/**)` is allowed) or a Bash allow rule (an admitted program
 * such as `npm test` writes what it likes). Bash commands allowed without a rule are the
 * analyser's read-only ones, which must not need to write: when nothing else can be allowed, a
 * write inside the sandbox can only come from a command the analyser misjudged, so the workspace
 * is mounted read-only and that crack writes nothing.
 */
export function mayAllowWrites(rules: PolicyRules, mode: PermissionMode): boolean {
  if (mode === 'acceptEdits' || mode === 'bypassPermissions') return true;
  return rules.allow.some((rule) => {
    const t = rule.target;
    if (t.kind === 'path') return t.family === 'write';
    return t.kind === 'tool' || t.kind === 'command' ? WRITING_TOOLS.has(rule.toolName) : false;
  });
}

/** Tools whose allow rules (bare or with a specifier) admit writes to the workspace. */
const WRITING_TOOLS: ReadonlySet<string> = new Set([...WRITE_TOOLS, 'Bash']);

export function sandboxConfig(file: PolicyFile, extraProtected: readonly string[], writable: string[], fileRules: SandboxFileRules): SandboxConfig {
  const s = file.sandbox;
  return {
    mode: s?.mode ?? 'required',
    network: { allow: s?.network?.allow ?? [], allowPrivate: s?.network?.allow_private ?? [] },
    envAllow: s?.env?.allow ?? [],
    secrets: s?.env?.secrets ?? [],
    protectedPaths: [...extraProtected],
    writableProtectedPaths: writable,
    fileRules,
    ...(s?.limits === undefined ? {} : { limits: limitsOf(s.limits) }),
  };
}

function limitsOf(l: NonNullable<NonNullable<PolicyFile['sandbox']>['limits']>): SandboxLimits {
  return {
    ...(l.memory_mb === undefined ? {} : { memoryMb: l.memory_mb }),
    ...(l.tmp_mb === undefined ? {} : { tmpMb: l.tmp_mb }),
    ...(l.processes === undefined ? {} : { processes: l.processes }),
  };
}

/** A `protected_paths` entry: a plain workspace-relative path. Returns what is wrong, or null. */
export function checkProtectedPathEntry(p: string): string | null {
  if (p.startsWith('/') || p.startsWith('~')) return 'must be workspace-relative (no leading / or ~)';
  if (p.split('/').some((c) => c === '..' || c === '.')) return 'must not contain "." or ".." components';
  if (/[*?[\]\\]/.test(p)) return 'must be a plain path (no wildcards)';
  if (p.replace(/\/+$/, '').split('/').some((c) => c === '')) return 'must not contain empty components ("//")';
  return null;
}
