import { homedir } from 'node:os';
import { UsageError } from '../config/index.js';
import { loadPolicy, parsePolicy, PolicyError } from '../policy/index.js';
import type { LoadedPolicy } from '../policy/index.js';

/** A policy that cannot be used stops everything before anything executes (exit 2, file:line:col). */
export async function loadPolicyOrUsageError(file: string, root: string): Promise<LoadedPolicy> {
  try {
    return await loadPolicy(file, { homeDir: homedir(), root });
  } catch (err) {
    if (err instanceof PolicyError) throw new UsageError(`invalid policy:\n${err.message}`);
    throw err;
  }
}

/** The same for a policy's text taken from elsewhere (a pull request's base commit). */
export async function parsePolicyOrUsageError(text: string, file: string, root: string, origin: string): Promise<LoadedPolicy> {
  try {
    return await parsePolicy(text, file, { homeDir: homedir(), root });
  } catch (err) {
    if (err instanceof PolicyError) throw new UsageError(`invalid policy (from ${origin}):\n${err.message}`);
    throw err;
  }
}
