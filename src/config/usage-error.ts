/** Bad usage or configuration: the run never starts, the CLI exits 2 with this message. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
