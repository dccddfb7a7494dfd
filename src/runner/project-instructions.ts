import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectInstructions } from './system-prompt.js';

export const PROJECT_INSTRUCTION_FILES = ['CLAUDE.md', 'AGENTS.md'] as const;

/**
 * Where the instruction files are read from: the working tree by default; for a pull request the
 * entry passes the base branch's versions, so the code under review cannot write its own rules.
 */
export type InstructionSource = (file: string) => string | undefined;

export function workingTreeInstructions(cwd: string): InstructionSource {
  return (file) => {
    try {
      return readFileSync(join(cwd, file), 'utf8');
    } catch {
      return undefined; // Absent (or unreadable): nothing to add.
    }
  };
}

/** CLAUDE.md / AGENTS.md from the source, when present. */
export function readProjectInstructions(source: InstructionSource): ProjectInstructions[] {
  const found: ProjectInstructions[] = [];
  for (const file of PROJECT_INSTRUCTION_FILES) {
    const text = source(file);
    if (text !== undefined) found.push({ file, text });
  }
  return found;
}
