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
  /** The policy's file rules, which the sandbox enforces itself so an allowed script obeys them too. */
  fileRules: SandboxFileRules;
  /** `sandbox.limits` as written; what is absent takes the sandbox's default (src/sandbox/resource-limits.ts). */
  limits?: SandboxLimits;
}

/** Kernel-enforced bounds on each command's sandbox, in MB (MiB) and processes. */
export interface SandboxLimits {
  memoryMb?: number;
  tmpMb?: number;
  processes?: number;
}

/**
 * Path rules as written in the policy (`Read(./.env)` → `./.env`), with the directories their
 * anchors stand for. `./x` and bare patterns are relative to the sandbox's workspace.
 */
export interface SandboxFileRules {
  /** Where `/x` patterns are anchored (the policy root); null: the workspace. */
  root: string | null;
  /** Where `~/x` patterns are anchored; null: no home-anchored rules apply. */
  home: string | null;
  /** `Read(...)` deny and ask rules: what they match cannot be read (nor written) in the sandbox. */
  readDeny: SandboxPathRule[];
  /** `Edit(...)` deny and ask rules: what they match cannot be written or created in the sandbox. */
  writeDeny: SandboxPathRule[];
  /** A bare `Read` deny: the workspace is hidden from commands. */
  denyAllReads: boolean;
  /** A bare `Edit` deny, or plan mode: the workspace is read-only to commands. */
  denyAllWrites: boolean;
}

export interface SandboxPathRule {
  /** The rule as written, for messages: `Read(./.env)`. */
  rule: string;
  /** The path specifier inside the parentheses, gitignore-style. */
  pattern: string;
}

export const NO_FILE_RULES: SandboxFileRules = { root: null, home: null, readDeny: [], writeDeny: [], denyAllReads: false, denyAllWrites: false };

export const DEFAULT_SANDBOX_CONFIG: SandboxConfig = {
  mode: 'required',
  network: { allow: [], allowPrivate: [] },
  envAllow: [],
  secrets: [],
  protectedPaths: [],
  writableProtectedPaths: [],
  fileRules: NO_FILE_RULES,
};

/**
 * A run with no policy file may only read (src/policy/builtin-deciders.ts), so its commands get a
 * read-only workspace too: were the read-only decision fooled, the sandbox still writes nothing.
 */
export const READ_ONLY_SANDBOX_CONFIG: SandboxConfig = { ...DEFAULT_SANDBOX_CONFIG, fileRules: { ...NO_FILE_RULES, denyAllWrites: true } };
