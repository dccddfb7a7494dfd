/**
 * A command's /proc/self/cgroup and the cgroup hierarchies it sees mounted agree, as on the host,
 * so runtimes that look up their memory limit find their cgroup's directory. The rule checked is
 * the JVM's and GraalVM native images' container support (CgroupV1SubsystemController.setPath,
 * cgroup v2 likewise): for each controller, the mount's root (mountinfo field 4) must be `/` or a
 * prefix of the process's cgroup path; then the controller's directory is the mount point plus
 * the rest of that path. With a cgroup namespace the roots read `/../..` against a path of `/`,
 * no directory results, and a GraalVM native image crashed inside the sandbox only.
 */
import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BWRAP, cleanupAll, makeWorkspace, openRunner, run, SKIP_REASON } from './sandbox-fixture.js';

interface CgroupMount { root: string; mountPoint: string; controllers: string[] }

/** The controller directories a JVM-style lookup finds, or the reason it finds none. Pure. */
function controllerDirs(procSelfCgroup: string, mountinfo: string): Array<{ controller: string; dir: string | null; why: string }> {
  const mounts: CgroupMount[] = [];
  for (const line of mountinfo.split('\n')) {
    const [left, right] = line.split(' - ');
    if (left === undefined || right === undefined) continue;
    const f = left.split(' ');
    const [fsType, , superOpts = ''] = right.split(' ');
    if (fsType !== 'cgroup' && fsType !== 'cgroup2') continue;
    const controllers = fsType === 'cgroup2' ? [''] : superOpts.split(',').filter((o) => !['rw', 'ro'].includes(o));
    mounts.push({ root: f[3] ?? '', mountPoint: f[4] ?? '', controllers });
  }
  const out: Array<{ controller: string; dir: string | null; why: string }> = [];
  for (const line of procSelfCgroup.trim().split('\n')) {
    const [, list = '', path = ''] = line.split(':');
    for (const controller of list.split(',')) {
      const mount = mounts.find((m) => m.controllers.includes(controller));
      if (mount === undefined) continue; // not mounted: nothing to look up
      let dir: string | null = null;
      if (mount.root === '/') dir = posix.join(mount.mountPoint, path);
      else if (mount.root === path) dir = mount.mountPoint;
      else if (path.startsWith(`${mount.root}/`)) dir = posix.join(mount.mountPoint, path.slice(mount.root.length));
      out.push({ controller: controller === '' ? 'unified' : controller, dir, why: `root ${mount.root}, path ${path}` });
    }
  }
  return out;
}

describe.skipIf(BWRAP === null)(`the cgroup view (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  afterAll(() => cleanupAll());
  test('every controller mounted inside resolves to its cgroup directory, as on the host', async () => {
    const ws = makeWorkspace();
    const runner = await openRunner({ workspace: ws });
    try {
      const r = await run(runner, ws, 'cat /proc/self/cgroup; echo ===; cat /proc/self/mountinfo; echo ===; for d in $(awk \'$9 ~ /^cgroup/ {print $5}\' /proc/self/mountinfo); do echo "$d"; done');
      const [cgroup = '', mountinfo = ''] = r.output.split('===\n');
      const dirs = controllerDirs(cgroup, mountinfo);
      if (dirs.length === 0) return; // no cgroup file system mounted on this host: nothing to agree on
      expect(dirs.filter((d) => d.dir === null).map((d) => `${d.controller}: ${d.why}`)).toEqual([]);
      // The directories exist inside (checked there) and are the host's.
      const check = await run(runner, ws, dirs.map((d) => `test -d '${d.dir ?? ''}' && echo ok || echo 'missing ${d.dir ?? ''}'`).join('; '));
      expect(check.output.trim().split('\n').filter((l) => l !== 'ok')).toEqual([]);
      for (const d of dirs) expect(existsSync(d.dir ?? '/nonexistent')).toBe(true);
    } finally {
      await runner.dispose();
    }
  });
});
