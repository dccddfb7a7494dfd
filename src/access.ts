/**
 * The decision's vocabulary, below both the tools that declare it and the policy that judges it:
 * neither imports the other for it (test/lint/import-cycles.test.ts).
 */

/** What a call touches, declared by the tool so the pipeline can make the one permission call. */
export type Access =
  /**
   * `opened`: the paths name files the host-side tools already hold open, as the kernel names them
   * (the link of each descriptor, every symlink resolved): judged as they are, not resolved again,
   * which could only reach some other file put at that name since.
   */
  | { kind: 'read'; paths: string[]; opened?: true }
  | { kind: 'write'; paths: string[] }
  | { kind: 'exec'; command: string }
  | { kind: 'network'; url: string }
  | { kind: 'none' };
