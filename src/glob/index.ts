// Gitignore-style glob matching, one reading shared by the policy's rules, the Bash analyser and
// the tools' search globs: a pure leaf everyone may use.
export { componentTokens, compileSegment, gitignoreShape, matchComponents, segmentMatches, someReachable, tokensMeet, type Segment, type Token } from './gitignore-glob.js';
