/** The process boundary, passed into the CLI so tests can run it in-process. */
export interface ProcessIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
}

export function realProcessIo(): ProcessIo {
  return {
    env: process.env,
    cwd: process.cwd(),
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
  };
}
