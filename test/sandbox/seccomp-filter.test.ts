/**
 * The seccomp program, run through a small classic-BPF interpreter: what each syscall gets.
 * (unix-sockets.test.ts checks with the real kernel what a command reaches once AF_UNIX is allowed.)
 */
import { describe, expect, test } from 'vitest';
import { AF_UNIX, buildSeccompFilter, CLONE_NEWUSER, SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO, seccompTable, type SeccompArch } from '../../src/sandbox/seccomp-filter.js';

/** Runs the filter against seccomp_data { nr, arch, ip, args[6] }. */
function evaluate(prog: Buffer, data: { nr: number; arch: number; arg0?: number }): number {
  const mem = Buffer.alloc(64);
  mem.writeInt32LE(data.nr, 0);
  mem.writeUInt32LE(data.arch, 4);
  mem.writeUInt32LE(data.arg0 ?? 0, 16);
  let a = 0;
  for (let pc = 0; pc < prog.length / 8; ) {
    const code = prog.readUInt16LE(pc * 8);
    const jt = prog.readUInt8(pc * 8 + 2);
    const jf = prog.readUInt8(pc * 8 + 3);
    const k = prog.readUInt32LE(pc * 8 + 4);
    switch (code) {
      case 0x20: a = mem.readUInt32LE(k); pc++; break;
      case 0x15: pc += 1 + (a === k ? jt : jf); break;
      case 0x35: pc += 1 + (a >= k ? jt : jf); break;
      case 0x45: pc += 1 + ((a & k) !== 0 ? jt : jf); break;
      case 0x06: return k;
      default: throw new Error(`unexpected opcode ${code}`);
    }
  }
  throw new Error('fell off the end');
}

const DENY = SECCOMP_RET_ERRNO | 1;
const ENOSYS = SECCOMP_RET_ERRNO | 38;
const CLONE_NEWNS = 0x00020000;
const THREAD_FLAGS = 0x003d0f00; // what pthread_create passes
const AF_INET = 2;

describe.each<SeccompArch>(['x64', 'arm64'])('seccomp filter (%s)', (arch) => {
  const t = seccompTable(arch);
  const prog = buildSeccompFilter(arch);
  const cases: Array<[string, { nr: number; arch: number; arg0?: number }, number]> = [
    ['socket(AF_UNIX) is refused', { nr: t.socket, arch: t.auditArch, arg0: AF_UNIX }, DENY],
    ['socket(AF_INET) is allowed (the netns has only loopback)', { nr: t.socket, arch: t.auditArch, arg0: AF_INET }, SECCOMP_RET_ALLOW],
    ['io_uring_setup is refused', { nr: t.ioUringSetup, arch: t.auditArch }, DENY],
    ['clone(CLONE_NEWUSER) is refused', { nr: t.clone, arch: t.auditArch, arg0: CLONE_NEWUSER | CLONE_NEWNS }, DENY],
    ['clone for a thread is allowed', { nr: t.clone, arch: t.auditArch, arg0: THREAD_FLAGS }, SECCOMP_RET_ALLOW],
    ['unshare(CLONE_NEWUSER) is refused', { nr: t.unshare, arch: t.auditArch, arg0: CLONE_NEWUSER }, DENY],
    ['unshare(CLONE_NEWNS) is allowed (it fails anyway without capabilities)', { nr: t.unshare, arch: t.auditArch, arg0: CLONE_NEWNS }, SECCOMP_RET_ALLOW],
    ['clone3 gets ENOSYS so libc falls back to clone', { nr: t.clone3, arch: t.auditArch }, ENOSYS],
    ['an ordinary syscall (nr 0) is allowed', { nr: 0, arch: t.auditArch }, SECCOMP_RET_ALLOW],
    ['another architecture is refused', { nr: 0, arch: 0x40000003 }, DENY],
  ];
  test.each(cases)('%s', (_name, data, expected) => {
    expect(evaluate(prog, data)).toBe(expected);
  });
  test('with allowUnix, socket(AF_UNIX) is allowed and the rest is unchanged', () => {
    const open = buildSeccompFilter(arch, { allowUnix: true });
    expect(evaluate(open, { nr: t.socket, arch: t.auditArch, arg0: AF_UNIX })).toBe(SECCOMP_RET_ALLOW);
    for (const [name, data, expected] of cases) if (!name.startsWith('socket(AF_UNIX)')) expect(evaluate(open, data)).toBe(expected);
  });
  if (t.x32Bit) {
    test('x32 syscalls are refused', () => {
      expect(evaluate(prog, { nr: 0x40000000 | t.socket, arch: t.auditArch, arg0: AF_INET })).toBe(DENY);
    });
  }
});
