/**
 * Options that stand in for refused environment variables (tool-config-options.ts), as a table:
 * refused in every spelling npm's option parser (nopt) accepts, while the everyday options of the
 * same tools stay usable under an allow rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseBash, initBashParser } from '../../src/policy/bash/index.js';

const REFUSED = [
  'npm test --script-shell=./x.sh', 'npm test --script-shell ./x.sh', 'npm test --script-sh=./x.sh', 'npm test -script-shell=./x.sh',
  'npm test ---script-shell=./x.sh', 'npm test --SCRIPT_SHELL=./x.sh', 'npm test --no-no-script-shell=./x.sh', 'npm run build --node-options=--require=./x.js',
  'npm test --userconfig=./rc', 'npm test --globalconfig ./rc', 'npm --prefix /tmp/x test', 'npm -C ../.. test', 'npm -gC /tmp test', 'npm test --registry=http://evil',
  'npm config set script-shell ./x.sh', 'npm set node-options=--require=./x.js', 'npm c set init-module ./x.js', 'x=--script-shell=./x; npm test $x',
  'npx --node-options=--require=./x.js tsc', 'pnpm --config.script-shell=./x.sh test', 'pnpm --pnpmfile=./x.cjs install', 'pnpm -C /tmp test',
  'yarn --use-yarnrc ./rc test', 'yarn --cwd ../.. test', 'bun --preload ./x.ts test', 'node --require ./x.js app.js', 'node -r./x.js app.js',
  'node --import=./x.mjs --test', 'node --inspect=0.0.0.0:9229 app.js', 'make test SHELL=./x.sh', 'make MAKEFLAGS=-j1 test', 'go test -exec ./x.sh ./...',
  'go build -toolexec=./x.sh', 'cargo test --config runner=x', 'cargo -Zunstable-options test',
];
const ANALYSED = [
  'npm test', 'npm test -- --script-shell=x', 'npm ls --all', 'npm --prefix packages/api test', 'npm test --coverage', 'npm run build -- --out dist',
  'npx tsc --noEmit', 'npx prettier --write src', 'pnpm --filter api test', 'yarn --cwd packages/api test', 'node app.js --require x', 'node --test', 'node -e "console.log(1)"',
  'make -j4 test', 'go test ./...', 'cargo test --release',
];

beforeAll(async () => {
  await initBashParser();
});

describe('options equivalent to refused environment variables', () => {
  it.each(REFUSED)('refuses %s', (command) => {
    const a = analyseBash(command);
    expect(a.ok, command).toBe(false);
    if (!a.ok) expect(a.reason).toMatch(/config|node|passes|computed at run time/);
  });

  it.each(ANALYSED)('analyses %s', (command) => {
    expect(analyseBash(command).ok, command).toBe(true);
  });
});
