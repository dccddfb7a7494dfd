/** The sandbox part of the policy, already validated, as the sandbox receives it. */
export interface SandboxConfig {
  /** `required`: no sandbox, no run. `off`: explicit, loudly-warned opt-out. */
  mode: 'required' | 'off';
  network: {
    /** Hostnames or `*.suffix` patterns the proxy lets through. Empty: no network. */
    allow: string[];
    /** Hosts allowed to resolve to loopback/private addresses (for local test servers). */
    allowPrivate: string[];
  };
  /** Extra environment variable names passed into the sandbox (never secrets). */
  envAllow: string[];
  /** Extra environment variable names that are secret: never passed, redacted from output. */
  secrets: string[];
  /** Workspace-relative paths kept read-only inside the sandbox, in addition to the built-in ones. */
  protectedPaths: string[];
  /** Workspace-relative protected paths the policy explicitly lets the agent write. */
  writableProtectedPaths: string[];
}

export const DEFAULT_SANDBOX_CONFIG: SandboxConfig = {
  mode: 'required',
  network: { allow: [], allowPrivate: [] },
  envAllow: [],
  secrets: [],
  protectedPaths: [],
  writableProtectedPaths: [],
};
