import { createHash, createHmac } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { RecordedRequest } from './recorded-request.js';

/*
 * The clouds' wire protocols in front of the scripted Messages API (model-server.ts): each turns a
 * provider's request back into the Messages request it stands for, checks its credential as the
 * cloud would, and frames the answer as the cloud does. Everything else (script, cache, faults) is
 * the Messages stand-in's own.
 */

export type ProviderWire =
  | { kind: 'anthropic' }
  /** SigV4 with these keys, for the service `bedrock` in `region`. */
  | { kind: 'bedrock'; region: string; accessKeyId: string; secretAccessKey: string; sessionToken?: string }
  /** A Bearer token issued by the stand-in's own STS endpoint (`POST /v1/token`) for `subjectToken`. */
  | { kind: 'vertex'; project: string; region: string; subjectToken: string; accessToken: string }
  | { kind: 'foundry'; apiKey: string };

/** What a provider request amounts to. */
export type WireRoute =
  | { kind: 'messages'; model: string; body: string }
  /** The cloud refuses the credential: answered as it would, not a failure of the client under test. */
  | { kind: 'refused'; status: number; body: string; headers: Record<string, string> }
  | { kind: 'json'; status: number; body: object }
  /** Not this provider's request: the stand-in reports it as unexpected. */
  | { kind: 'unknown'; problem: string };

export function routeProviderRequest(wire: Exclude<ProviderWire, { kind: 'anthropic' }>, record: RecordedRequest): WireRoute {
  switch (wire.kind) {
    case 'bedrock':
      return bedrockRoute(wire, record);
    case 'vertex':
      return vertexRoute(wire, record);
    case 'foundry': {
      if (`${record.method} ${record.path}` !== 'POST /anthropic/v1/messages') return { kind: 'unknown', problem: `not Foundry's messages endpoint: ${record.method} ${record.path}` };
      if (record.headers['x-api-key'] !== wire.apiKey) return refusedJson(401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
      return { kind: 'messages', model: '', body: record.rawBody };
    }
  }
}

function bedrockRoute(wire: Extract<ProviderWire, { kind: 'bedrock' }>, record: RecordedRequest): WireRoute {
  const m = /^\/model\/([^/]+)\/invoke-with-response-stream$/.exec(record.path);
  if (record.method !== 'POST' || m === null) return { kind: 'unknown', problem: `not Bedrock's streaming endpoint: ${record.method} ${record.path}` };
  const problem = sigV4Problem(wire, record);
  if (problem !== undefined) {
    return { kind: 'refused', status: 403, body: JSON.stringify({ message: problem }), headers: { 'x-amzn-errortype': 'InvalidSignatureException:http://internal.amazon.com/coral/com.amazon.coral.service/' } };
  }
  const parsed = JSON.parse(record.rawBody) as Record<string, unknown>;
  // Bedrock takes the version in the body and the model and streaming from the path.
  if (typeof parsed.anthropic_version !== 'string') return { kind: 'unknown', problem: 'Bedrock body without anthropic_version' };
  if ('model' in parsed || 'stream' in parsed) return { kind: 'unknown', problem: 'Bedrock body with model or stream (they belong in the path)' };
  const model = decodeURIComponent(m[1] ?? '');
  const { anthropic_version: _version, ...rest } = parsed;
  return { kind: 'messages', model, body: JSON.stringify({ ...rest, model, stream: true }) };
}

function vertexRoute(wire: Extract<ProviderWire, { kind: 'vertex' }>, record: RecordedRequest): WireRoute {
  if (`${record.method} ${record.path}` === 'POST /v1/token') {
    // The STS exchange an external_account credentials file (google-github-actions/auth) makes.
    const form = new URLSearchParams(record.rawBody);
    if (form.get('subject_token') !== wire.subjectToken) return refusedJson(400, { error: 'invalid_grant', error_description: 'subject token refused' });
    return { kind: 'json', status: 200, body: { access_token: wire.accessToken, issued_token_type: 'urn:ietf:params:oauth:token-type:access_token', token_type: 'Bearer', expires_in: 3600 } };
  }
  const m = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/([^/:]+):streamRawPredict$/.exec(decodeURIComponent(record.path));
  if (record.method !== 'POST' || m === null) return { kind: 'unknown', problem: `not Vertex's streamRawPredict endpoint: ${record.method} ${record.path}` };
  if (m[1] !== wire.project || m[2] !== wire.region) return { kind: 'unknown', problem: `wrong project or region: ${m[1] ?? ''}/${m[2] ?? ''}` };
  if (record.headers.authorization !== `Bearer ${wire.accessToken}`) return refusedJson(401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
  const parsed = JSON.parse(record.rawBody) as Record<string, unknown>;
  if (parsed.anthropic_version !== 'vertex-2023-10-16' && typeof parsed.anthropic_version !== 'string') return { kind: 'unknown', problem: 'Vertex body without anthropic_version' };
  if ('model' in parsed) return { kind: 'unknown', problem: 'Vertex body with model (it belongs in the path)' };
  const model = m[3] ?? '';
  const { anthropic_version: _version, ...rest } = parsed;
  return { kind: 'messages', model, body: JSON.stringify({ ...rest, model }) };
}

function refusedJson(status: number, body: object): WireRoute {
  return { kind: 'refused', status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/**
 * AWS Signature Version 4, recomputed from the request as received with the stand-in's keys:
 * undefined when the signature matches, else why not.
 */
export function sigV4Problem(wire: Extract<ProviderWire, { kind: 'bedrock' }>, record: RecordedRequest): string | undefined {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(record.headers.authorization ?? '');
  if (auth === null) return 'no SigV4 Authorization header';
  const [, keyId, date, region, service, signedHeaders, signature] = auth as unknown as string[];
  if (keyId !== wire.accessKeyId) return 'The security token included in the request is invalid (unknown access key)';
  if (region !== wire.region || service !== 'bedrock') return `credential scope ${region ?? ''}/${service ?? ''}, expected ${wire.region}/bedrock`;
  const amzDate = record.headers['x-amz-date'] ?? '';
  if (!amzDate.startsWith(date ?? '-')) return 'x-amz-date does not match the credential scope';
  if (wire.sessionToken !== undefined && record.headers['x-amz-security-token'] !== wire.sessionToken) return 'the session token is missing or wrong';
  const names = (signedHeaders ?? '').split(';');
  for (const required of ['host', 'x-amz-date']) if (!names.includes(required)) return `${required} is not signed`;
  const canonical = [
    record.method,
    record.path.split('/').map(escapeUri).join('/'),
    canonicalQuery(record.query),
    ...names.map((n) => `${n}:${(record.headers[n] ?? '').trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    record.headers['x-amz-content-sha256'] ?? sha256(record.rawBody),
  ].join('\n');
  const scope = `${date ?? ''}/${region ?? ''}/${service ?? ''}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key: Buffer = hmac(`AWS4${wire.secretAccessKey}`, date ?? '');
  for (const part of [region ?? '', service ?? '', 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  return expected === signature ? undefined : 'The request signature we calculated does not match the signature you provided.';
}

function escapeUri(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(query: string): string {
  const params = [...new URLSearchParams(query)].map(([k, v]) => `${escapeUri(k)}=${escapeUri(v)}`);
  return params.sort().join('&');
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/**
 * What the stand-in writes for some SSE text: as is, or for Bedrock each event as a binary
 * event-stream message (`:event-type: chunk`, payload `{"bytes": base64 of the event JSON}`),
 * which the Bedrock SDK decodes back into SSE. Text with no event in it (a garbage fault) is
 * written raw.
 */
export function frameFor(wire: ProviderWire): { contentType: string; encode: (sse: string) => string | Buffer } {
  if (wire.kind !== 'bedrock') return { contentType: 'text/event-stream; charset=utf-8', encode: (sse) => sse };
  return {
    contentType: 'application/vnd.amazon.eventstream',
    encode: (sse) => {
      const events = sse.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice('data: '.length));
      if (events.length === 0) return sse;
      return Buffer.concat(events.map((json) => eventStreamMessage({ ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' }, JSON.stringify({ bytes: Buffer.from(json).toString('base64') }))));
    },
  };
}

/** One message of AWS's event-stream encoding: prelude (lengths and their CRC), string headers, payload, CRC. */
export function eventStreamMessage(headers: Record<string, string>, payload: string): Buffer {
  const headerBytes = Buffer.concat(
    Object.entries(headers).map(([name, value]) => {
      const n = Buffer.from(name);
      const v = Buffer.from(value);
      const head = Buffer.alloc(1 + n.length + 1 + 2);
      head.writeUInt8(n.length, 0);
      n.copy(head, 1);
      head.writeUInt8(7, 1 + n.length); // 7: string
      head.writeUInt16BE(v.length, 2 + n.length);
      return Buffer.concat([head, v]);
    }),
  );
  const body = Buffer.from(payload);
  const total = 12 + headerBytes.length + body.length + 4;
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  const message = Buffer.concat([prelude, headerBytes, body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(message), 0);
  return Buffer.concat([message, crc]);
}
