import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileGlobFilter, readAlikeByRipgrep } from '../../src/tools/glob-filter.js';

const PATTERNS = ['*.ts', '**/*.ts', 'src/*.ts', '/src/**', '[abc].ts', '*.{ts,tsx}', '**/.git', 'a/**', '**/*.+(ts|tsx)', '*', '**', 'file42.ts', '**/file4?.ts', '.*', 'src/', '!*.md', '*.ts/'];
const NAMES = ['a.ts', 'src/a.ts', 'src/deep/b.tsx', '.hidden/h.ts', '.ts', 'src', '[abc].ts', 'b.ts', 'a/b/c', 'a', '.git', 'w/.git', 'x/file42.ts', 'file41.ts', 'README.md', 'dir/', 'a//', 'é/ü.ts', 'a b/c d.ts', 'src/a\nb.ts', 'a\n/b.ts', 'c\r.ts'];

describe('glob filter', () => {
  it('matches as picomatch\'s own matcher does, with ripgrep\'s anchoring', () => {
    for (const glob of PATTERNS) {
      const exclude = glob.startsWith('!');
      const pattern = exclude ? glob.slice(1) : glob;
      let body = pattern.startsWith('/') ? pattern.slice(1) : pattern;
      if (body.endsWith('/')) body = body.slice(0, -1);
      const options = { dot: true, basename: !(pattern.startsWith('/') || body.includes('/')) };
      const picomatchOwn = picomatch(body, options);
      // Except that, as in ripgrep, `a/**` matches only files beneath `a`, not a file named `a`.
      const beneathOnly = body.endsWith('/**') && body !== '**' && body !== '**/**' ? picomatch(body.slice(0, -3), options) : () => false;
      const own = (name: string): boolean => picomatchOwn(name) && !beneathOnly(name);
      const filter = compileGlobFilter([[glob]]);
      for (const name of NAMES) expect(filter.includesFile(name), `${glob} ${name}`).toBe(exclude ? !own(name) : own(name));
    }
  });

  it('takes a trailing `/**` as ripgrep does: neither a file nor a directory named as the directory is beneath it', () => {
    const cases: Array<[string, string, boolean]> = [
      ['src/**', 'src', false], ['src/**', 'src/a.ts', true], ['/src/**', 'src/x/y', true], ['{src,lib}/**', 'lib', false], ['**/src/**', 'a/src', false],
      ['**/src/**', 'a/src/b', true], ['**/**', 'a', true], ['**', 'a', true], ['a/**/**', 'a', false], ['a/**/**', 'a/b', true], ['src/**/*', 'src', false], ['!src/**', 'src', true], ['!src/**', 'src/a', false],
    ];
    for (const [glob, rel, included] of cases) expect(compileGlobFilter([[glob]]).includesFile(rel), `${glob} ${rel}`).toBe(included);
    // Excluding `src/**` leaves `src` to be entered, and prunes every directory in it.
    expect(compileGlobFilter([['!src/**']]).prunesDir('src')).toBe(false);
    expect(compileGlobFilter([['!src/**']]).prunesDir('src/x')).toBe(true);
    expect(compileGlobFilter([['!**/node_modules/**']]).prunesDir('a/node_modules')).toBe(false);
    expect(compileGlobFilter([['!**/node_modules/**']]).prunesDir('a/node_modules/b')).toBe(true);
    // The last glob matching `q/a` is the exclusion (`q/a/**` does not match it): pruned, as ripgrep does.
    expect(compileGlobFilter([['!q/a', 'q/a/**']]).prunesDir('q/a')).toBe(true);
    // And `!q/**` does not match `q`: it is entered, and `q/a/x` found.
    const reversed = compileGlobFilter([['!q/**', 'q/a/x']]);
    expect([reversed.prunesDir('q'), reversed.prunesDir('q/a'), reversed.includesFile('q/a/x')]).toEqual([false, true, true]);
  });
});

describe('the directory a filter\'s include globs name', () => {
  it('is the literal directories every include glob starts with, when they are anchored', () => {
    const cases: Array<[string[][], string | undefined]> = [
      [[['src/**']], 'src'],
      [[['/src/**/*.ts']], 'src'],
      [[['src/lib/*.ts']], 'src/lib'],
      [[['src/lib']], 'src'],
      [[['src/a.ts', 'src/deep/**']], 'src'],
      [[['src/**', 'lib/**']], undefined],
      [[['src/**', '*.ts']], undefined],
      [[['src/**', '!src/gen/**']], 'src'],
      [[['!src/**']], undefined],
      [[['*.ts']], undefined],
      [[['**/src/*.ts']], undefined],
      [[['{src,lib}/**']], undefined],
      [[['s?c/**']], undefined],
      [[['[s]rc/**']], undefined],
      [[['src*/**']], undefined],
      [[['+(src)/**']], undefined],
      [[['src\\*/x']], undefined],
      [[['./src/**']], undefined],
      [[['../src/**']], undefined],
      [[['a//b/**']], 'a'],
      [[['src/']], undefined],
      [[['src/**'], ['*.ts']], 'src'],
      [[['src/**'], ['src/lib/**']], 'src/lib'],
      [[['src/é/**']], 'src'],
      [[['src/**|b.ts']], undefined],
      [[['src/lib/*|x/y.ts']], undefined],
      [[['src/(a|b)/*.ts']], undefined],
      [[[]], undefined],
    ];
    for (const [groups, within] of cases) expect(compileGlobFilter(groups).within, JSON.stringify(groups)).toBe(within);
  });

  it('prunes only directories that hold nothing the filter includes', () => {
    const files = ['src/a.ts', 'src/deep/b.ts', 'srcx/c.ts', 'sr/c.ts', 'lib/src/d.ts', 'src', 'a/b/c/d.ts', 'a/b/x.ts', 'a/bb/y.ts', 'a/y.ts', 'src/lib/e.ts', 'src/lib', '.hidden/src/f.ts'];
    const groupsList: string[][][] = [[['src/**']], [['/src/deep/*.ts']], [['a/b/**']], [['a/b/c/*.ts', 'a/b/x.ts']], [['src/lib/*.ts']], [['src/**', '!src/deep/**']], [['src/**'], ['*.ts']], [['a/b']]];
    for (const groups of groupsList) {
      const filter = compileGlobFilter(groups);
      expect(filter.within, JSON.stringify(groups)).toBeDefined();
      let pruned = 0;
      for (const file of files) {
        const dirs = file.split('/').slice(0, -1).map((_, i, names) => names.slice(0, i + 1).join('/'));
        const blocked = dirs.some((dir) => filter.offTheWay(dir));
        if (blocked) pruned++;
        // Whatever is included lies in no directory pruned for being off the way.
        if (filter.includesFile(file)) expect(blocked, `${JSON.stringify(groups)} ${file}`).toBe(false);
      }
      // And it prunes something, so the test would see a wrong prefix.
      expect(pruned, JSON.stringify(groups)).toBeGreaterThan(0);
    }
  });
});

describe('the globs ripgrep is given (readAlikeByRipgrep: a dialect both read alike, search-fixes-attack.test.ts compares the answers)', () => {
  const cases: Array<[string, boolean]> = [
    ['*.ts', true], ['**/*.ts', true], ['src/**/*.ts', true], ['/src/*.ts', true], ['!**/node_modules/**', true], ['*.{ts,tsx}', true],
    ['**/*.{test,spec}.ts', true], ['file-1_a.ts', true], ['**', true], ['.env*', true],
    ['a**b', false], ['src/**.ts', false], ['?.ts', false], ['[ab].ts', false], ['[[:digit:]].ts', false], ['{a}.ts', false], ['f{1..3}.txt', false],
    ['{src/a,b}.ts', false], ['{src/{a,b}.ts,x.ts}', false], ['{a,}.ts', false], ['src/', false], ['src//a', false], ['./src/*.ts', false], ['../*.ts', false],
    ['+(a|b).ts', false], ['a|b', false], ['\\*.ts', false], ['é.ts', false], ['a b.ts', false], ['', false], ['!', false], ['/', false],
    // ripgrep's globset matches no path ending in `.` by name.
    ['*.', false], ['a.', false], ['{a,b}.', false], ['**/*.', false], ['*.{ts,x.}', false], ['a./*.ts', false], ['src/**', true], ['{src,lib}/**', true],
  ];
  for (const [glob, alike] of cases) it(`${JSON.stringify(glob)}: ${alike ? 'given to ripgrep' : 'left to the filter'}`, () => expect(readAlikeByRipgrep(glob)).toBe(alike));
});
