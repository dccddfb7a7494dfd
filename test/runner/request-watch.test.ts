import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestLimitError, RequestWatch } from '../../src/runner/request-watch.js';

// The byte-level watch on one HTTP attempt, against real sockets.

/** Serves `chunks` chunks, one every `everyMs`, then keeps the response open without a byte. */
async function trickleServer(chunks: number, everyMs: number): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    let sent = 0;
    const timer = setInterval(() => {
      if (sent++ < chunks) res.write(`chunk ${sent}\n`);
    }, everyMs);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** Reads to the end; `chunks` counts the server's writes by their lines (reads may merge them). */
async function readAll(response: Response): Promise<{ chunks: number; error: unknown }> {
  let text = '';
  const decoder = new TextDecoder();
  const chunks = (): number => text.split('\n').filter((line) => line.startsWith('chunk ')).length;
  try {
    await response.body!.pipeTo(new WritableStream<Uint8Array>({ write: (bytes) => void (text += decoder.decode(bytes, { stream: true })) }));
    return { chunks: chunks(), error: undefined };
  } catch (error) {
    return { chunks: chunks(), error };
  }
}

describe('RequestWatch', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
  });

  it('lets a response through while bytes keep coming, and ends it once they stop for the idle timeout', async () => {
    // Gaps of 50 ms against an idle timeout of 1.5 s: a loaded machine stalls a timer by far less.
    const { url, server } = await trickleServer(5, 50);
    cleanups.push(() => server.closeAllConnections(), () => server.close());
    const watch = new RequestWatch({ idleTimeoutMs: 1_500, requestTimeoutMs: 20_000 });
    const { chunks, error } = await readAll(await watch.fetch(url));
    watch.stop();
    expect(chunks).toBe(5);
    expect(error).toBeInstanceOf(RequestLimitError);
    expect((error as RequestLimitError).limit).toBe('idle_timeout');
    expect(watch.fired?.limit).toBe('idle_timeout');
  });

  it('ends a response that never stops trickling at the request timeout', async () => {
    const { url, server } = await trickleServer(1_000, 30);
    cleanups.push(() => server.closeAllConnections(), () => server.close());
    const watch = new RequestWatch({ idleTimeoutMs: 5_000, requestTimeoutMs: 400 });
    const { error } = await readAll(await watch.fetch(url));
    watch.stop();
    expect((error as RequestLimitError).limit).toBe('request_timeout');
  });

  it('ends the wait for headers that never come', async () => {
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => server.closeAllConnections(), () => server.close());
    const watch = new RequestWatch({ idleTimeoutMs: 200, requestTimeoutMs: 10_000 });
    await expect(watch.fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).rejects.toMatchObject({ limit: 'idle_timeout' });
    watch.stop();
  });

  it('does not take a blocked event loop for a silent server when bytes did arrive', async () => {
    // The server is another process, so it keeps writing while this one is blocked.
    const child: ChildProcess = spawn(process.execPath, [
      '-e',
      `require('node:http').createServer((q, r) => { r.writeHead(200); const t = setInterval(() => r.write('x'), 20); r.on('close', () => clearInterval(t)); })
        .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
    ]);
    cleanups.push(() => child.kill('SIGKILL'));
    const port = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())));
    const watch = new RequestWatch({ idleTimeoutMs: 200, requestTimeoutMs: 10_000 });
    const response = await watch.fetch(`http://127.0.0.1:${port}/`);
    const reader = response.body!.getReader();
    await reader.read();
    // Blocked for three idle timeouts, as a long synchronous step would block it.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600);
    for (let i = 0; i < 5; i++) await reader.read();
    expect(watch.fired).toBeUndefined();
    watch.stop();
    await reader.cancel();
  });
});
