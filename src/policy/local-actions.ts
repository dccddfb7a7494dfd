/**
 * Local actions are CI configuration too: `uses: ./tools/setup` runs `tools/setup/` with the
 * workflow's secrets. Which paths those are is read from the workflows as they were before the run
 * (the caller passes the trusted texts). Pure. A workflow that does not parse fails closed: every
 * `uses: ./…` in its text is protected, and a problem names the file.
 */
import { posix } from 'node:path';
import { parseDocument } from 'yaml';
import type { ProtectedPath } from './protected-paths.js';
import { errorMessage } from '../error-text.js';

export interface WorkflowText {
  /** Repository-relative path of the workflow (`.github/workflows/ci.yml`). */
  path: string;
  text: string;
}

export interface LocalActions {
  entries: ProtectedPath[];
  /** One line per workflow read conservatively, for the log. */
  problems: string[];
}

/** What `uses: ./` (the repository root as an action) runs: its metadata or its image. */
const ROOT_ACTION_FILES = ['action.yml', 'action.yaml', 'Dockerfile'];

/** Is this one of the files GitHub reads as workflows (`.github/workflows/*.yml|yaml`, not below)? */
export function isWorkflowFile(rel: string): boolean {
  return /^\.github\/workflows\/[^/]+\.ya?ml$/.test(rel);
}

export function localActionPaths(workflows: readonly WorkflowText[]): LocalActions {
  const found = new Map<string, string>();
  const problems: string[] = [];
  for (const wf of workflows) {
    const parsed = usesValues(wf.text);
    let values: string[];
    if (parsed.ok) values = parsed.values;
    else {
      values = usesInText(wf.text);
      problems.push(`${wf.path} could not be parsed as YAML (${parsed.message}); every \`uses: ./…\` in its text is protected`);
    }
    for (const value of values) {
      for (const rel of localPath(value)) if (!found.has(rel)) found.set(rel, wf.path);
    }
  }
  const entries = [...found].map(([p, wf]) => ({ path: p, anyDepth: false, reason: `a local action or workflow the workflow ${wf} runs with the repository's secrets` }));
  return { entries, problems };
}

/** Every string value of a `uses` key anywhere in the document (steps, jobs, and any other place). */
function usesValues(text: string): { ok: true; values: string[] } | { ok: false; message: string } {
  try {
    const doc = parseDocument(text, { prettyErrors: false });
    const first = doc.errors[0];
    if (first !== undefined) return { ok: false, message: first.message.split('\n')[0] ?? 'a syntax error' };
    const values: string[] = [];
    const seen = new Set<unknown>();
    const walk = (node: unknown): void => {
      if (node === null || typeof node !== 'object' || seen.has(node)) return;
      seen.add(node);
      if (Array.isArray(node)) {
        for (const v of node) walk(v);
        return;
      }
      for (const [k, v] of Object.entries(node)) {
        if (k === 'uses' && typeof v === 'string') values.push(v);
        else walk(v);
      }
    };
    walk(doc.toJS({ maxAliasCount: 1000 }));
    return { ok: true, values };
  } catch (err) {
    return { ok: false, message: errorMessage(err).split('\n')[0] ?? 'unreadable' };
  }
}

/** The conservative reading of a text that is not YAML: anything that looks like `uses: ./…`. */
function usesInText(text: string): string[] {
  return [...text.matchAll(/["']?\buses["']?\s*:\s*["']?(\.{1,2}\/[^\s"'#,}\]]*)/g)].map((m) => m[1] ?? '');
}

/**
 * The repository-relative paths a `uses` value runs, or none when it is not local (`owner/repo@v1`,
 * `docker://…`, an absolute path) or leads outside the repository. `./a/../b` is `b`; a trailing
 * `@ref` is protected with and without it.
 */
export function localPath(value: string): string[] {
  const v = value.trim();
  if (!v.startsWith('./') && !v.startsWith('../') && v !== '.' && v !== '..') return [];
  const forms = new Set([v]);
  const at = v.lastIndexOf('@');
  if (at > 0) forms.add(v.slice(0, at));
  const out: string[] = [];
  for (const form of forms) {
    if (form.includes('\0')) continue;
    const rel = posix.normalize(form).replace(/\/+$/, '');
    if (rel === '..' || rel.startsWith('../') || rel.startsWith('/')) continue;
    if (rel === '.' || rel === '') out.push(...ROOT_ACTION_FILES);
    else out.push(rel);
  }
  return out;
}
