import { statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBashTool } from '../../src/tools/bash.js';
import { editTool } from '../../src/tools/edit.js';
import { readTool } from '../../src/tools/read.js';
import type { ToolContext } from '../../src/tools/tool.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';

const UNCHANGED = /^Unchanged since your earlier Read of lines 1-3, which is still in this conversation\. To see them again anyway, Read with a different offset or limit\.$/;

/** A workspace with one three-line file; `call(id)` is the context of the call with that tool_use id, as the pipeline gives it. */
function setUp(): { path: string; call: (id: string) => ToolContext } {
  const dir = workspace();
  writeFiles(dir, { 'f.txt': 'one\ntwo\nthree\n' });
  const ctx = context(dir);
  return { path: join(dir, 'f.txt'), call: (id) => ({ ...ctx, callId: id }) };
}

describe('Read of lines already shown', () => {
  it('is answered with a short note while the file is unchanged and the earlier result is in the conversation', async () => {
    const { path, call } = setUp();
    expect((await run(readTool, { file_path: path }, call('toolu_1'))).content).toBe('1\tone\n2\ttwo\n3\tthree');
    const again = await run(readTool, { file_path: path }, call('toolu_2'));
    expect(again.isError).toBeUndefined();
    expect(again.content).toMatch(UNCHANGED);
    // Still pointing at the first result, which is the one that showed the lines.
    expect(call('x').fileState.get(path)?.shown?.callId).toBe('toolu_1');
  });

  it('shows the lines when other lines are asked for', async () => {
    const { path, call } = setUp();
    await run(readTool, { file_path: path }, call('toolu_1'));
    expect((await run(readTool, { file_path: path, offset: 2 }, call('toolu_2'))).content).toBe('2\ttwo\n3\tthree');
    expect((await run(readTool, { file_path: path, limit: 2 }, call('toolu_3'))).content).toMatch(/^1\tone\n2\ttwo\n\n\(Showing lines 1-2 of 3/);
  });

  it('shows the file again after a command changed it', async () => {
    const { path, call } = setUp();
    await run(readTool, { file_path: path }, call('toolu_1'));
    await run(createBashTool(), { command: `printf 'four\\n' >> ${path}` }, call('toolu_2'));
    expect((await run(readTool, { file_path: path }, call('toolu_3'))).content).toBe('1\tone\n2\ttwo\n3\tthree\n4\tfour');
  });

  it('shows the file again after a same-size rewrite that kept its mtime', async () => {
    const { path, call } = setUp();
    await run(readTool, { file_path: path }, call('toolu_1'));
    const { atime, mtime } = statSync(path);
    writeFileSync(path, 'one\nTWO\nthree\n');
    utimesSync(path, atime, mtime);
    expect((await run(readTool, { file_path: path }, call('toolu_2'))).content).toContain('2\tTWO');
  });

  it('shows the file again after an Edit, even one that restored the bytes first shown', async () => {
    const { path, call } = setUp();
    await run(readTool, { file_path: path }, call('toolu_1'));
    await run(editTool, { file_path: path, old_string: 'two', new_string: 'TWO' }, call('toolu_2'));
    await run(editTool, { file_path: path, old_string: 'TWO', new_string: 'two' }, call('toolu_3'));
    expect((await run(readTool, { file_path: path }, call('toolu_4'))).content).toBe('1\tone\n2\ttwo\n3\tthree');
  });

  it('shows the file again once the earlier result was cleared or compacted away', async () => {
    const { path, call } = setUp();
    await run(readTool, { file_path: path }, call('toolu_1'));
    call('x').fileState.forgetShown(['toolu_9']);
    expect((await run(readTool, { file_path: path }, call('toolu_2'))).content).toMatch(UNCHANGED);
    call('x').fileState.forgetShown(['toolu_1']);
    expect((await run(readTool, { file_path: path }, call('toolu_3'))).content).toBe('1\tone\n2\ttwo\n3\tthree');
    call('x').fileState.forgetShown();
    expect((await run(readTool, { file_path: path }, call('toolu_4'))).content).toBe('1\tone\n2\ttwo\n3\tthree');
  });

  it('shows the file every time when calls are not identified (no result to point to)', async () => {
    const { path, call } = setUp();
    const { callId: _none, ...anonymous } = call('x');
    await run(readTool, { file_path: path }, anonymous);
    expect((await run(readTool, { file_path: path }, anonymous)).content).toBe('1\tone\n2\ttwo\n3\tthree');
  });
});
