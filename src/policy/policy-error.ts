/** One problem in a policy file, located for a person to fix. */
export interface PolicyIssue {
  file: string;
  /** 1-based; 0 when the problem has no position (e.g. the file is missing). */
  line: number;
  column: number;
  message: string;
}

export function formatIssue(issue: PolicyIssue): string {
  return issue.line > 0 ? `${issue.file}:${issue.line}:${issue.column}: ${issue.message}` : `${issue.file}: ${issue.message}`;
}

/** The policy file cannot be used. The CLI and the action exit with `exitCode`. */
export class PolicyError extends Error {
  readonly exitCode = 2;
  readonly issues: readonly PolicyIssue[];

  constructor(issues: readonly PolicyIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'PolicyError';
    this.issues = issues;
  }
}
