/**
 * The seccomp program bwrap loads for every command. Pure: architecture in, classic-BPF bytes out.
 * EPERM for: `socket(AF_UNIX)` where the host's sockets could not be hidden (host-sockets.ts);
 * `io_uring_setup` (it creates sockets without `socket`); CLONE_NEWUSER in `clone`/`unshare` (no
 * nested user namespaces: capabilities over new namespaces, a large attack surface; bwrap's
 * --disable-userns would move the sandbox out of the network bridge's reach), with `clone3`, whose
 * flags a filter cannot read, given ENOSYS so libc falls back to `clone`; any other ABI (x32,
 * 32-bit), whose numbers this filter does not check.
 */

export interface SeccompOptions {
  /** Let `socket(AF_UNIX)` through: only once every host socket a command could see is hidden. */
  allowUnix: boolean;
}

export type SeccompArch = 'x64' | 'arm64';

interface ArchTable {
  auditArch: number;
  socket: number;
  ioUringSetup: number;
  clone: number;
  clone3: number;
  unshare: number;
  /** x86-64 also accepts x32 syscalls (nr | 0x40000000) under the same audit arch. */
  x32Bit: boolean;
}

const ARCHES: Record<SeccompArch, ArchTable> = {
  x64: { auditArch: 0xc000003e, socket: 41, ioUringSetup: 425, clone: 56, clone3: 435, unshare: 272, x32Bit: true },
  arm64: { auditArch: 0xc00000b7, socket: 198, ioUringSetup: 425, clone: 220, clone3: 435, unshare: 97, x32Bit: false },
};

export const AF_UNIX = 1;
export const CLONE_NEWUSER = 0x10000000;
const EPERM = 1;
const ENOSYS = 38;
export const SECCOMP_RET_ALLOW = 0x7fff0000;
export const SECCOMP_RET_ERRNO = 0x00050000;
const X32_SYSCALL_BIT = 0x40000000;

// struct seccomp_data: int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6]. Little-endian,
// so the low 32 bits of args[0] are at offset 16.
const OFF_NR = 0;
const OFF_ARCH = 4;
const OFF_ARG0_LO = 16;

// Classic BPF opcodes.
const LD_W_ABS = 0x20;
const JMP_JEQ_K = 0x15;
const JMP_JGE_K = 0x35;
const JMP_JSET_K = 0x45;
const RET_K = 0x06;

type Insn =
  | { op: 'ld'; offset: number }
  | { op: 'jeq' | 'jge' | 'jset'; k: number; then: string; else: string }
  | { op: 'ret'; value: number }
  | { op: 'label'; name: string };

const NEXT = '';

function program(a: ArchTable, opts: SeccompOptions): Insn[] {
  return [
    { op: 'ld', offset: OFF_ARCH },
    { op: 'jeq', k: a.auditArch, then: NEXT, else: 'deny' },
    { op: 'ld', offset: OFF_NR },
    ...(a.x32Bit ? [{ op: 'jge' as const, k: X32_SYSCALL_BIT, then: 'deny', else: NEXT }] : []),
    { op: 'jeq', k: a.ioUringSetup, then: 'deny', else: NEXT },
    { op: 'jeq', k: a.clone3, then: 'enosys', else: NEXT },
    { op: 'jeq', k: a.clone, then: 'flags', else: NEXT },
    { op: 'jeq', k: a.unshare, then: 'flags', else: NEXT },
    ...(opts.allowUnix
      ? []
      : [
          { op: 'jeq' as const, k: a.socket, then: NEXT, else: 'allow' },
          { op: 'ld' as const, offset: OFF_ARG0_LO },
          { op: 'jeq' as const, k: AF_UNIX, then: 'deny', else: 'allow' },
        ]),
    { op: 'ret', value: SECCOMP_RET_ALLOW },
    { op: 'label', name: 'flags' },
    { op: 'ld', offset: OFF_ARG0_LO },
    { op: 'jset', k: CLONE_NEWUSER, then: 'deny', else: 'allow' },
    { op: 'label', name: 'allow' },
    { op: 'ret', value: SECCOMP_RET_ALLOW },
    { op: 'label', name: 'deny' },
    { op: 'ret', value: SECCOMP_RET_ERRNO | EPERM },
    { op: 'label', name: 'enosys' },
    { op: 'ret', value: SECCOMP_RET_ERRNO | ENOSYS },
  ];
}

/** Assembles to `struct sock_filter[]` (u16 code, u8 jt, u8 jf, u32 k), resolving labels. */
function assemble(insns: Insn[]): Buffer {
  const real = insns.filter((i): i is Exclude<Insn, { op: 'label' }> => i.op !== 'label');
  const labels = new Map<string, number>();
  let at = 0;
  for (const i of insns) {
    if (i.op === 'label') labels.set(i.name, at);
    else at++;
  }
  const out = Buffer.alloc(real.length * 8);
  real.forEach((insn, index) => {
    const rel = (target: string): number => {
      if (target === NEXT) return 0;
      const to = labels.get(target);
      if (to === undefined) throw new Error(`seccomp: unknown label ${target}`);
      const offset = to - index - 1;
      if (offset < 0 || offset > 255) throw new Error('seccomp: jump out of range');
      return offset;
    };
    let code: number;
    let jt = 0;
    let jf = 0;
    let k: number;
    switch (insn.op) {
      case 'ld':
        code = LD_W_ABS;
        k = insn.offset;
        break;
      case 'jeq':
      case 'jge':
      case 'jset':
        code = insn.op === 'jeq' ? JMP_JEQ_K : insn.op === 'jge' ? JMP_JGE_K : JMP_JSET_K;
        jt = rel(insn.then);
        jf = rel(insn.else);
        k = insn.k;
        break;
      case 'ret':
        code = RET_K;
        k = insn.value;
        break;
    }
    out.writeUInt16LE(code, index * 8);
    out.writeUInt8(jt, index * 8 + 2);
    out.writeUInt8(jf, index * 8 + 3);
    out.writeUInt32LE(k >>> 0, index * 8 + 4);
  });
  return out;
}

export function buildSeccompFilter(arch: SeccompArch, opts: SeccompOptions = { allowUnix: false }): Buffer {
  return assemble(program(ARCHES[arch], opts));
}

/** The filter's architecture for `process.arch`, or null where we have no syscall table. */
export function seccompArchFor(nodeArch: string): SeccompArch | null {
  if (nodeArch === 'x64') return 'x64';
  if (nodeArch === 'arm64') return 'arm64';
  return null;
}

/** Numbers the tests (and the probe report) need to talk about the filter. */
export function seccompTable(arch: SeccompArch): Readonly<ArchTable> {
  return ARCHES[arch];
}
