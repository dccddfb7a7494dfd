#!/usr/bin/env node
// Entry of both the CLI (`warden …`) and the GitHub Action (no arguments, GITHUB_ACTIONS set).
// Kept tiny: `--version` and `--help` answer before the heavy modules load.
import { VERSION } from './version.js';
import { USAGE } from './entry/usage.js';
import { markStartup } from './entry/startup-marks.js';

markStartup('entry');

const args = process.argv.slice(2);
if (args[0] === '--version' || args[0] === '-v') {
  process.stdout.write(`${VERSION}\n`);
} else if (args.length === 0 || args[0] === '--help' || args[0] === '-h' || args[0] === 'help') {
  // eslint-disable-next-line no-restricted-properties -- the one place that tells the action from the CLI
  if (args.length === 0 && process.env.GITHUB_ACTIONS === 'true') {
    const { runAction } = await import('./entry/action.js');
    markStartup('modules');
    process.exitCode = await runAction();
  } else {
    process.stdout.write(USAGE);
  }
} else {
  const { runCli } = await import('./entry/cli.js');
  markStartup('modules');
  process.exitCode = await runCli(args);
}
