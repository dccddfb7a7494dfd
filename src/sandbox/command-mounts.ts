/**
 * The per-command part of the mount table: protected paths as they are on disk right now (pins,
 * read-only binds, placeholders) and scrubbed copies of the git config files. Runs on the host just
 * before each command, because a previous command may have created or removed files.
 */
import { readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { gitConfigFiles, scrubGitConfig } from './credential-mask.js';
import { hostKindOf, planProtectedPaths, type ProtectedEntry, type StubRegistry } from './mount-plan.js';

export interface PreparedMounts {
  ok: true;
  pins: string[];
  readOnly: Array<{ source: string; target: string }>;
  /** Protected paths (absolute), for explaining EROFS failures. */
  protectedPaths: string[];
  /** Placeholders to release after the command. */
  acquired: string[];
}

export type Preparation = PreparedMounts | { ok: false; reasons: string[] };

export class CommandMounts {
  /** Scrubbed copies, reused while the source file is unchanged. */
  private readonly scrubbed = new Map<string, { key: string; copy: string }>();
  private copies = 0;

  constructor(
    private readonly workspace: string,
    private readonly entries: readonly ProtectedEntry[],
    private readonly stubs: StubRegistry,
    /** Host directory for the scrubbed copies (not visible in the sandbox). */
    private readonly stateDir: string,
  ) {}

  prepare(): Preparation {
    // Our own placeholders count as missing: a later command must not treat them as real content.
    const kindOf = (abs: string) => (this.stubs.owns(abs) ? 'missing' : hostKindOf(abs));
    for (let attempt = 0; attempt < 2; attempt++) {
      const plan = planProtectedPaths(this.workspace, this.entries, kindOf);
      if (plan.refused.length > 0) {
        return { ok: false, reasons: plan.refused.map((r) => `protected path ${r.rel}: ${r.reason}; replace it with a real file or directory, or let the policy allow writing it`) };
      }
      const stubs = this.stubs.acquire(plan.stubs);
      if (!stubs.ok) continue; // a path appeared between planning and creation: plan again
      const readOnly = new Map<string, string>();
      for (const p of [...plan.readOnly, ...plan.stubs.map((s) => s.path)]) readOnly.set(p, p);
      for (const config of gitConfigFiles(this.workspace)) {
        const copy = this.scrubbedCopy(config);
        if (copy !== null) readOnly.set(config, copy);
      }
      return {
        ok: true,
        pins: plan.pins,
        readOnly: [...readOnly].map(([target, source]) => ({ source, target })),
        protectedPaths: [...plan.readOnly, ...plan.stubs.map((s) => s.path)],
        acquired: stubs.acquired,
      };
    }
    return { ok: false, reasons: ['a protected path kept changing while the sandbox was being prepared'] };
  }

  release(acquired: readonly string[]): void {
    this.stubs.release(acquired);
  }

  private scrubbedCopy(config: string): string | null {
    try {
      const st = statSync(config);
      const key = `${st.ino}:${st.size}:${st.mtimeMs}`;
      const known = this.scrubbed.get(config);
      if (known?.key === key) return known.copy;
      const copy = posix.join(this.stateDir, `gitconfig-${++this.copies}`);
      writeFileSync(copy, scrubGitConfig(readFileSync(config, 'utf8')).text, { mode: 0o400 });
      // A command still running keeps its bind of the old copy; unlinking does not disturb it.
      if (known !== undefined) unlinkSync(known.copy);
      this.scrubbed.set(config, { key, copy });
      return copy;
    } catch {
      return null; // unreadable: the sandbox cannot read it either
    }
  }
}
