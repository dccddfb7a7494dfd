import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectInstructions } from './system-prompt.js';

const FILES = ['CLAUDE.md', 'AGENTS.md'];

/** CLAUDE.md / AGENTS.md from the repository root, when present. */
export function readProjectInstructions(cwd: string): ProjectInstructions[] {
  const found: ProjectInstructions[] = [];
  for (const file of FILES) {
    try {
      found.push({ file, text: readFileSync(join(cwd, file), 'utf8') });
    } catch {
      // Absent (or unreadable): nothing to add.
    }
  }
  return found;
}
