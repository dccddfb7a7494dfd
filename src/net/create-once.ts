/**
 * A create whose answer was lost (the connection dropped after the server acted) is not retried
 * blindly — that could post twice. Instead the caller's lookup runs: if the object is there, it is
 * the one just created; if not, the original failure stands. (Retrying is src/net/http-retry.ts's
 * job, and it never repeats a POST.)
 */
export async function createOnce<T>(create: () => Promise<T>, findCreated: () => Promise<T | undefined>): Promise<T> {
  try {
    return await create();
  } catch (err) {
    let found: T | undefined;
    try {
      found = await findCreated();
    } catch {
      throw err;
    }
    if (found === undefined) throw err;
    return found;
  }
}
