/**
 * System call numbers the perl helpers need (landlock-exec.ts, reaper.ts), by Node's
 * `process.arch`: perl can call any system call by number, and Node none. Landlock's own three
 * (444–446) are the same on every architecture; these are not. Only x64 and arm64 are known.
 */
export interface SyscallNumbers {
  prctl: number;
  fchdir: number;
  close: number;
}

const BY_ARCH: Readonly<Record<string, SyscallNumbers>> = {
  x64: { prctl: 157, fchdir: 81, close: 3 },
  arm64: { prctl: 167, fchdir: 50, close: 57 },
};

export function syscallNumbers(arch: string = process.arch): SyscallNumbers | undefined {
  return BY_ARCH[arch];
}
