/** The policy's `sandbox:` section as the sandbox receives it, plus which protected paths it may write. */
import type { SandboxConfig } from '../config/index.js';
import { patternBase, relativeComponents } from './path-rule-match.js';
import type { PolicyFile } from './policy-schema.js';
import { protectedEntriesFor, ruleNamesEntry, type ProtectedPath } from './protected-paths.js';
import type { CompiledRule } from './rule-compile.js';

/**
 * Workspace-relative protected paths that allow rules name explicitly, cut at the first wildcard:
 * `Edit(/.github/workflows/**)` makes `.github/workflows` writable inside the sandbox.
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
    if (touched.length > 0) out.add(literal.join('/'));
  }
  return [...out].sort();
}

export function sandboxConfig(file: PolicyFile, extraProtected: readonly string[], writable: string[]): SandboxConfig {
  const s = file.sandbox;
  return {
    mode: s?.mode ?? 'required',
    network: { allow: s?.network?.allow ?? [], allowPrivate: s?.network?.allow_private ?? [] },
    envAllow: s?.env?.allow ?? [],
    secrets: s?.env?.secrets ?? [],
    protectedPaths: [...extraProtected],
    writableProtectedPaths: writable,
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
