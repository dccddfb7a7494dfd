/**
 * The GitHub Action entry. Until GitHub delivery lands this only explains itself: the action
 * runs, fails clearly, and points at the CLI, rather than pretending to do work.
 */
export async function runAction(): Promise<number> {
  const core = await import('@actions/core');
  core.setFailed('warden: the GitHub Action entry is not implemented yet; run `npx warden-ci run --prompt …` in a step instead.');
  return 1;
}
