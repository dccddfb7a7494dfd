/**
 * The text of a caught value, for messages. A `catch` binds `unknown`: whatever was thrown (an
 * Error, a string, a library's own object) still yields a reason, never "undefined".
 */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Node's errno code, if the value is a system error. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') return err.code;
  return undefined;
}

/** The HTTP status of a failed request (Octokit's RequestError and its kin), if it has one. */
export function httpStatus(err: unknown): number | undefined {
  return typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number' ? err.status : undefined;
}

/** Why a file could not be read, briefly: its errno code (ENOENT) where there is one, else the message. */
export function errorReason(err: unknown): string {
  return errnoCode(err) ?? errorMessage(err);
}
