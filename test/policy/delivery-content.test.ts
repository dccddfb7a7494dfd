/** What committed content may be: publish.max_bytes on the bytes stored (each file and the total), and where a secret was found. */
import { describe, expect, it } from 'vitest';
import { secretPlaces, secretReasons, sizeReasons, type CommittedFile, type SecretFinding } from '../../src/policy/index.js';

describe('sizeReasons: publish.max_bytes bounds each file and the total committed', () => {
  it.each<[string, CommittedFile[], string[]]>([
    ['nothing committed', [], []],
    ['under the limit', [{ path: 'a', bytes: 400 }, { path: 'b', bytes: 600 }], []],
    ['exactly the limit', [{ path: 'a', bytes: 1_000 }], []],
    ['deletions and submodules store nothing', [{ path: 'gone' }, { path: 'vendor/lib' }, { path: 'a', bytes: 10 }], []],
    ['one file over it, named with its size', [{ path: 'big.bin', bytes: 15_000_000 }, { path: 'a', bytes: 10 }], ['`big.bin`: 15000000 bytes, more than the policy\'s publish.max_bytes (1000)']],
    ['each file over it named', [{ path: 'x', bytes: 1_001 }, { path: 'y', bytes: 2_000 }], ['`x`: 1001 bytes, more than the policy\'s publish.max_bytes (1000)', '`y`: 2000 bytes, more than the policy\'s publish.max_bytes (1000)']],
    ['each under it, together over it: the total, largest first', [{ path: 'a', bytes: 300 }, { path: 'b', bytes: 500 }, { path: 'c', bytes: 400 }], ['the changes commit 1200 bytes of file content, more than the policy\'s publish.max_bytes (1000); largest: `b` 500, `c` 400, `a` 300']],
    ['many small files: three named, the rest counted', Array.from({ length: 5 }, (_, i) => ({ path: `f${i}`, bytes: 250 + i })), ['the changes commit 1260 bytes of file content, more than the policy\'s publish.max_bytes (1000); largest: `f4` 254, `f3` 253, `f2` 252, and 2 more']],
  ])('%s', (_name, files, expected) => {
    expect(sizeReasons(files, 1_000)).toEqual(expected);
  });
});

describe('secretReasons: each place named, a secret-holding name never shown', () => {
  it.each<[string, SecretFinding[], string[]]>([
    ['none', [], []],
    ['a file', [{ in: 'content', path: 'data/blob.bin' }], ['`data/blob.bin`']],
    ['two files and a name, each once', [{ in: 'content', path: 'a' }, { in: 'name' }, { in: 'content', path: 'b' }, { in: 'name' }], ['`a`', 'a file name (not shown)', '`b`']],
    ['only the patch', [{ in: 'patch' }], ['the patch outside the files it writes (a line it removes or keeps)']],
  ])('%s', (_name, findings, places) => {
    expect(secretPlaces(findings)).toEqual(places);
    expect(secretReasons(findings)).toEqual(places.map((p) => `${p}: holds a secret value of this run (in some form: raw, base64, hex or URL-encoded, line-wrapped or not; redacted here)`));
  });
});
