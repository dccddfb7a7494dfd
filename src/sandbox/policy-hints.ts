/**
 * Every message that tells a user what to write in the policy is made here, as a fragment in YAML
 * flow style a user can paste; test/sandbox/policy-hints.test.ts loads each with the real policy loader.
 */

/** A piece of a policy file: nested mappings, with strings or lists of strings as leaves. */
export interface PolicyFragment {
  [key: string]: PolicyFragment | string | readonly string[];
}

export interface PolicyHint {
  /** Dotted key path of the suggested setting, e.g. `sandbox.network.allow`. */
  key: string;
  fragment: PolicyFragment;
  /** `sandbox: { network: { allow: [host] } }`: what to write, YAML. */
  yaml: string;
}

// A plain YAML scalar may not start with an indicator (`*` would be an alias, `-` a list, `@` reserved).
const PLAIN = /^[A-Za-z0-9_./][A-Za-z0-9_./*@:()-]*$/;
const scalar = (s: string): string => (PLAIN.test(s) && !/: |:$/.test(s) ? s : JSON.stringify(s));

/** YAML flow style: `a: { b: [x, y] }`, quoting whatever is not a plain scalar. */
export function flowYaml(fragment: PolicyFragment): string {
  const value = (v: PolicyFragment | string | readonly string[]): string => {
    if (typeof v === 'string') return scalar(v);
    if (Array.isArray(v)) return `[${(v as readonly string[]).map(scalar).join(', ')}]`;
    return `{ ${flowYaml(v as PolicyFragment)} }`;
  };
  return Object.entries(fragment).map(([k, v]) => `${k}: ${value(v)}`).join(', ');
}

function hint(path: readonly string[], leaf: string | readonly string[]): PolicyHint {
  let fragment: PolicyFragment | string | readonly string[] = leaf;
  for (const key of [...path].reverse()) fragment = { [key]: fragment };
  const f = fragment as PolicyFragment;
  return { key: path.join('.'), fragment: f, yaml: flowYaml(f) };
}

/** Lets the proxy reach `host`. */
export const networkAllowHint = (host: string): PolicyHint => hint(['sandbox', 'network', 'allow'], [host]);

/** Lets an allowed `host` resolve to a loopback or private address. */
export const allowPrivateHint = (host: string): PolicyHint => hint(['sandbox', 'network', 'allow_private'], [host]);

/** Opens a protected workspace path (workspace-relative) to commands: an allow rule naming it. */
export function editAllowHint(rel: string, isDir: boolean): PolicyHint {
  return hint(['permissions', 'allow'], [`Edit(/${rel}${isDir ? '/**' : ''})`]);
}

/** Runs commands without the sandbox: the explicit opt-out. */
export const sandboxOffHint = (): PolicyHint => hint(['sandbox', 'mode'], 'off');

/** One clause for a message: "add X to KEY in the policy (YAML)". */
export function hintText(h: PolicyHint, what: string): string {
  return `${what} in the policy: ${h.yaml}`;
}
