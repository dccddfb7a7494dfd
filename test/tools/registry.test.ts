import { describe, expect, it } from 'vitest';
import { createToolRegistry } from '../../src/tools/registry.js';

describe('tool registry', () => {
  const registry = createToolRegistry();

  it('lists the tools in a stable order and finds them by name', () => {
    expect(registry.list().map((t) => t.name)).toEqual(['Bash', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite', 'Write']);
    expect(registry.get('Read')?.name).toBe('Read');
    expect(registry.get('WebFetch')).toBeUndefined();
  });

  it('describes each tool with a JSON schema the API accepts', () => {
    const defs = registry.definitions();
    expect(defs.map((d) => d.name)).toEqual(['Bash', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite', 'Write']);
    for (const def of defs) {
      expect(def.input_schema, def.name).not.toHaveProperty('$schema');
      expect(def.input_schema, def.name).toMatchObject({ type: 'object', additionalProperties: false });
      expect(def.description.length, def.name).toBeGreaterThan(50);
    }
    const edit = defs.find((d) => d.name === 'Edit');
    expect(edit?.input_schema).toMatchObject({
      required: ['file_path', 'old_string', 'new_string'],
      properties: { replace_all: { type: 'boolean', description: expect.stringContaining('Replace all') as unknown } },
    });
    // zod's ±(2^53 − 1) bound on integers is left out: it is sent every turn and says nothing.
    expect(JSON.stringify(defs)).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(defs.find((d) => d.name === 'Read')?.input_schema).toMatchObject({ properties: { offset: { type: 'integer', minimum: 0 } } });
    const grep = defs.find((d) => d.name === 'Grep');
    expect(Object.keys(grep?.input_schema.properties ?? {})).toEqual(
      ['pattern', 'path', 'glob', 'type', 'output_mode', '-i', '-n', '-A', '-B', '-C', 'multiline', 'head_limit', 'offset'],
    );
  });

  it('computes definitions once and filters them', () => {
    expect(registry.definitions()[0]).toBe(registry.definitions()[0]);
    expect(registry.definitions((tool) => tool.isReadOnly({} as never)).map((d) => d.name)).toEqual(['Glob', 'Grep', 'Read', 'TodoWrite']);
  });

  it('builds every tool over fail-closed defaults with a declared result limit', () => {
    for (const tool of registry.list()) {
      expect(tool.maxResultSizeChars, tool.name).toBeGreaterThan(0);
      expect(typeof tool.checkPermissions, tool.name).toBe('function');
      expect(typeof tool.validateInput, tool.name).toBe('function');
    }
  });
});
