import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileGlobFilter } from '../../src/tools/glob-filter.js';

const PATTERNS = ['*.ts', '**/*.ts', 'src/*.ts', '/src/**', '[abc].ts', '*.{ts,tsx}', '**/.git', 'a/**', '**/*.+(ts|tsx)', '*', '**', 'file42.ts', '**/file4?.ts', '.*', 'src/', '!*.md', '*.ts/'];
const NAMES = ['a.ts', 'src/a.ts', 'src/deep/b.tsx', '.hidden/h.ts', '.ts', 'src', '[abc].ts', 'b.ts', 'a/b/c', 'a', '.git', 'w/.git', 'x/file42.ts', 'file41.ts', 'README.md', 'dir/', 'a//', 'é/ü.ts', 'a b/c d.ts', 'src/a\nb.ts', 'a\n/b.ts', 'c\r.ts'];

describe('glob filter', () => {
  it('matches as picomatch\'s own matcher does, with ripgrep\'s anchoring', () => {
    for (const glob of PATTERNS) {
      const exclude = glob.startsWith('!');
      const pattern = exclude ? glob.slice(1) : glob;
      let body = pattern.startsWith('/') ? pattern.slice(1) : pattern;
      if (body.endsWith('/')) body = body.slice(0, -1);
      const own = picomatch(body, { dot: true, basename: !(pattern.startsWith('/') || body.includes('/')) });
      const filter = compileGlobFilter([[glob]]);
      for (const name of NAMES) expect(filter.includesFile(name), `${glob} ${name}`).toBe(exclude ? !own(name) : own(name));
    }
  });
});
