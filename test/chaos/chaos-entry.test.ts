import { chaosSuite } from './chaos-suite.js';

// Every fifth seeded run, through the real CLI entry: summary, outbox and exit code checked too (chaos-suite.ts).
chaosSuite('entry');
