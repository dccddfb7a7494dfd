import { chaosSuite } from './chaos-suite.js';

// The seeded runs that go through the loop alone (runTask, as `warden run` wires it): see chaos-suite.ts.
chaosSuite('loop');
