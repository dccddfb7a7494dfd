/**
 * Whether a command was stopped by a limit (resource-limits.ts), told to the model after its
 * output: the memory cgroup's count of kills rose while it ran, or it ran out of space while the
 * workspace's disk had room (so its sized /tmp is the likely place).
 */
import { statfsSync } from 'node:fs';
import type { MemoryCgroup } from './memory-limit.js';
import { memoryKilledNote, tmpFullNote, tmpFullPlausible, type ResolvedLimits } from './resource-limits.js';

export interface LimitWatch {
  /** The command has ended: its count of kills is taken now. */
  end(): void;
  /** The notes for its result, from its output. */
  notes(output: string): string[];
}

/**
 * One watch per command. The memory cgroup is the run's, so a kill while another command ran too
 * may have been that one's: such a command is told the limit is shared.
 */
export function limitWatcher(opts: { memory: MemoryCgroup | null; limits: Pick<ResolvedLimits, 'memoryMb' | 'tmpMb'>; workspace: string }): () => LimitWatch {
  // Commands running now, each marked once another ran beside it.
  const running = new Set<{ shared: boolean }>();
  return () => {
    const me = { shared: running.size > 0 };
    for (const other of running) other.shared = true;
    running.add(me);
    const killsBefore = opts.memory?.oomKills() ?? 0;
    let kills = 0;
    return {
      end(): void {
        kills = (opts.memory?.oomKills() ?? 0) - killsBefore;
        running.delete(me);
      },
      notes(output: string): string[] {
        const notes: string[] = [];
        if (kills > 0) notes.push(memoryKilledNote(opts.limits.memoryMb, !me.shared));
        if (tmpFullPlausible(output, freeBytes(opts.workspace), opts.limits.tmpMb)) notes.push(tmpFullNote(opts.limits.tmpMb));
        return notes;
      },
    };
  };
}

/** Bytes free for unprivileged writers on the file system at `path`, or null when unknown. */
function freeBytes(path: string): number | null {
  try {
    const s = statfsSync(path);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

/** The notes after the command's output, where the model reads last. */
export function withNotes(output: string, notes: readonly string[]): string {
  if (notes.length === 0) return output;
  return `${output}${output === '' || output.endsWith('\n') ? '' : '\n'}${notes.join('\n')}\n`;
}
