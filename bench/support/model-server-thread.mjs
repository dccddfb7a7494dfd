// The scripted Messages API server on a thread of its own, for benches that time the runner's own
// event loop: in-process, every SSE chunk the server writes and every request it checks runs on
// the thread that also starts the runner's tools, which a real API (on another machine) never
// does. The server is the same class (model-server.mjs); only where it runs differs.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { loadModelServer } from './model-server.mjs';

if (!isMainThread && workerData?.modelServerThread === true) {
  const { ModelServer } = await loadModelServer();
  const server = await ModelServer.start(workerData.options);
  parentPort.postMessage({ t: 'url', url: server.url });
  parentPort.on('message', async (m) => {
    try {
      if (m.t === 'requests') parentPort.postMessage({ t: 'requests', requests: server.requests.map((r) => ({ receivedAt: r.receivedAt })) });
      else if (m.t === 'close') {
        server.assertAllTurnsUsed();
        await server.close();
        parentPort.postMessage({ t: 'closed' });
      }
    } catch (err) {
      parentPort.postMessage({ t: 'error', message: String(err?.stack ?? err) });
    }
  });
}

/**
 * Starts ModelServer with `options` (plain data: the script and its settings) on its own thread.
 * `finish()` checks every scripted turn was used, closes it and returns each answered request's
 * `receivedAt` (the server's clock, Date.now).
 */
export async function startModelServerThread(options) {
  await loadModelServer(); // compile first, here, so the thread only imports
  const worker = new Worker(new URL(import.meta.url), { workerData: { modelServerThread: true, options } });
  const next = (type) => new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m.t !== type && m.t !== 'error') return;
      worker.off('message', onMessage);
      if (m.t === 'error') reject(new Error(`model server thread: ${m.message}`));
      else resolve(m);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
  const { url } = await next('url');
  return {
    url,
    async finish() {
      worker.postMessage({ t: 'requests' });
      const { requests } = await next('requests');
      worker.postMessage({ t: 'close' });
      await next('closed');
      await worker.terminate();
      return requests;
    },
  };
}
