/**
 * The MCP client's transport to a stdio server the sandbox started (ProcessRunner.start): newline-
 * delimited JSON-RPC over its stdin and stdout, as the SDK's StdioClientTransport speaks it, but
 * without spawning anything itself. The server's stderr is kept (the last few KiB) for the notice
 * that says why it ended.
 */
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ServerProcess } from '../sandbox/index.js';

const STDERR_KEPT = 4_096;

export class ServerProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();
  private stderrTail = '';
  private closed = false;

  constructor(private readonly server: ServerProcess) {}

  start(): Promise<void> {
    this.server.stdout.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = this.buffer.readMessage();
        } catch (err) {
          this.onerror?.(err instanceof Error ? err : new Error(String(err)));
          continue;
        }
        if (message === null) break;
        this.onmessage?.(message);
      }
    });
    this.server.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    void this.server.exited.then(() => this.ended());
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the server has exited'));
    return new Promise((resolve) => {
      if (this.server.stdin.write(serializeMessage(message))) resolve();
      else this.server.stdin.once('drain', resolve);
    });
  }

  close(): Promise<void> {
    this.server.kill();
    this.ended();
    return Promise.resolve();
  }

  /** What the server last wrote to stderr, for the notice when it fails. */
  stderr(): string {
    return this.stderrTail.trim();
  }

  private ended(): void {
    if (this.closed) return;
    this.closed = true;
    this.buffer.clear();
    this.onclose?.();
  }
}
