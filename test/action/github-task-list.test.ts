/**
 * The agent's task list (TodoWrite) in the sticky comment, through the action as a runner runs it
 * (node dist/index.js, GitHub stand-in): shown live as a checklist while the run goes, and in the
 * final report's summary.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { exampleRepoFiles } from '../support/example-files.js';
import { TOKEN_USER } from '../support/github-server.js';
import { PR, Scene } from '../support/github-scene.js';
import { waitFor } from '../support/wait-for.js';

const POLICY = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n';
const TODOS = [
  { content: 'Read the slug helper', status: 'completed', activeForm: 'Reading the slug helper' },
  { content: 'Check the tests', status: 'in_progress', activeForm: 'Checking the tests' },
  { content: 'Write the report', status: 'pending', activeForm: 'Writing the report' },
];
const CHECKLIST = '**Task list** (1 of 3 done):\n\n- [x] Read the slug helper\n- [ ] **Checking the tests**\n- [ ] Write the report';

function commentWrites(scene: Scene): string[] {
  return [...scene.github.requestsFor('issues/create-comment'), ...scene.github.requestsFor('issues/update-comment')]
    .sort((a, b) => a.seq - b.seq)
    .map((r) => (JSON.parse(r.rawBody) as { body: string }).body);
}

describe('the task list in the sticky comment (dist, GitHub stand-in)', () => {
  let scene: Scene | undefined;
  afterEach(async () => {
    await scene?.close();
    scene = undefined;
  });

  it('shows the agent\'s TodoWrite list as a checklist while the run goes, and in the final report', async () => {
    const shown = (s: Scene): boolean => commentWrites(s).some((b) => b.includes(CHECKLIST));
    scene = await Scene.start({
      base: exampleRepoFiles({ '.github/warden.yml': POLICY }),
      pull: { files: { 'README.md': 'x\n' }, branch: 'b' },
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_todo', name: 'TodoWrite', input: { todos: TODOS } }] },
        // The run ends only once the progress comment has shown the list (a cause, not a clock).
        { content: [{ type: 'text', text: 'Planned; nothing to change.' }], holdStop: async () => void (await waitFor(() => scene !== undefined && shown(scene), 'a progress comment with the task list')) },
      ],
    });
    const r = await scene.run('issue_comment', scene.commentPayload('@warden plan it'));
    expect(r.code, r.stderr).toBe(0);
    const writes = commentWrites(scene);
    expect(writes.filter((b) => b.includes('Warden is working on') && b.includes(CHECKLIST))).not.toHaveLength(0);
    const final = scene.github.state.repo('Codertocat', 'Hello-World')?.issues.get(PR)?.comments.find((c) => c.user.login === TOKEN_USER.login)?.body ?? '';
    expect(final).toContain('### Warden: completed');
    expect(final).toContain('### Task list (1 of 3 done)\n\n- [x] Read the slug helper\n- [ ] **Checking the tests**\n- [ ] Write the report');
  });
});
