// Prompt overhead of MCP tools: the bytes and tokens (≈ 4 bytes a token, as the test server
// estimates them) of the tool definitions sent with every request, with 0, 1 and 80 MCP tools.
// The MCP tools are made as a server lists them (a description and a small JSON Schema each) and
// turned into Warden tools by the real code (src/mcp). Tool definitions come first in the prompt:
// they are paid on every request (read from the cache after the first), so this is a per-request tax.
// Run after `npx tsc -p tsconfig.json`: node bench/mcp-overhead.mjs
import { Buffer } from 'node:buffer';
import { createToolRegistry } from '../lib/tools/index.js';
import { createMcpToolForBench, deferIfLarge } from '../lib/mcp/index.js';

/** A tool as a typical tracker server lists it. */
function listed(i) {
  return {
    name: `tool_${String(i).padStart(2, '0')}`,
    description: `Get or change item ${i} of the tracker: returns the item's title, state, labels and the last comments, newest first.`,
    inputSchema: { type: 'object', properties: { id: { type: 'number', description: 'The item number.' }, fields: { type: 'array', items: { type: 'string' }, description: 'Fields to return.' } }, required: ['id'] },
  };
}

const bytes = (definitions) => Buffer.byteLength(JSON.stringify(definitions));
const builtins = bytes(createToolRegistry().definitions());
console.log('MCP tools | tool definitions (bytes) | ≈ tokens | added by MCP (tokens)');
for (const count of [0, 1, 80]) {
  const extra = Array.from({ length: count }, (_, i) => createMcpToolForBench('tracker', listed(i)));
  const total = bytes(createToolRegistry({ extra }).definitions());
  console.log(`${String(count).padStart(9)} | ${String(total).padStart(23)} | ${String(Math.ceil(total / 4)).padStart(8)} | ${String(Math.ceil((total - builtins) / 4)).padStart(21)}`);
}

// Deferred (src/mcp/tool-search.ts): past DEFER_ABOVE_TOKENS the MCP tools are not sent; one ToolSearch tool is.
const many = Array.from({ length: 80 }, (_, i) => createMcpToolForBench('tracker', { ...listed(i), description: `${listed(i).description} ${'More about what it does. '.repeat(40)}` }));
const sizes = new Map(createToolRegistry({ extra: many }).definitions().slice(-many.length).map((d) => [d.name, Buffer.byteLength(JSON.stringify(d))]));
const full = bytes(createToolRegistry({ extra: many }).definitions());
const pool = deferIfLarge(many, (t) => sizes.get(t.name) ?? 0);
const deferred = bytes(createToolRegistry({ extra: pool.tools, shown: pool.shown }).definitions());
console.log(`80 long (sent)     | ${String(full).padStart(11)} | ${String(Math.ceil(full / 4)).padStart(8)} | ${String(Math.ceil((full - builtins) / 4)).padStart(21)}`);
console.log(`80 long (deferred) | ${String(deferred).padStart(11)} | ${String(Math.ceil(deferred / 4)).padStart(8)} | ${String(Math.ceil((deferred - builtins) / 4)).padStart(21)}`);
