import { createHash } from 'node:crypto';
import { z } from 'zod';
import { blocksOf, type CountTokensBody } from './request-body.js';

/**
 * A simulation of Anthropic prompt caching, good enough for benchmarks to compare how a runner
 * places `cache_control` breakpoints. The prompt is a sequence of blocks, tools → system →
 * messages; a breakpoint caches the prefix ending at its block. A later request reads the longest
 * prefix an earlier request wrote, looked up at each breakpoint and up to `lookbackBlocks` block
 * boundaries before it, and writes every breakpoint's prefix beyond that.
 *
 * A top-level `cache_control` (automatic caching) counts as a breakpoint on the last block.
 * Not modelled: invalidation by `tool_choice`/`thinking` changes, per-workspace isolation.
 */
export interface CacheUsage {
  /** Prompt tokens after the cached prefix (the API's `input_tokens`). */
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** The part of `cacheWriteTokens` written under `ttl: "1h"` breakpoints. */
  cacheWrite1hTokens: number;
  /** Every prompt token, whatever its cache state. */
  totalTokens: number;
}

export interface PromptCacheOptions {
  /** Shorter prefixes are neither written nor read. The real floor is 1024 tokens (more for some models). */
  minCacheableTokens?: number;
  lookbackBlocks?: number;
  now?: () => number;
}

type Ttl = '5m' | '1h';
const TTL_MS: Record<Ttl, number> = { '5m': 5 * 60_000, '1h': 60 * 60_000 };

interface PromptBlock {
  /** The block's bytes without its `cache_control`, so moving a breakpoint keeps earlier prefixes valid. */
  key: string;
  tokens: number;
  breakpoint: Ttl | undefined;
}

const cacheControl = z.object({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() });

/** Deterministic estimate, ≈ 4 characters a token. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

export function promptBlocks(body: CountTokensBody): PromptBlock[] {
  const blocks: PromptBlock[] = [];
  for (const tool of body.tools ?? []) blocks.push(toBlock('tool', tool));
  const system = typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : (body.system ?? []);
  for (const block of system) blocks.push(toBlock('system', block));
  // The message index is part of the key: [A, B] in one message is not A and B in two.
  body.messages.forEach((m, index) => {
    for (const block of blocksOf(m.content)) blocks.push(toBlock(`${index}:${m.role}`, block));
  });
  // Automatic caching: a top-level cache_control puts a breakpoint on the last block.
  const auto = cacheControl.safeParse(body['cache_control']);
  const last = blocks[blocks.length - 1];
  if (auto.success && last !== undefined) last.breakpoint ??= auto.data.ttl ?? '5m';
  return blocks;
}

export function estimateInputTokens(body: CountTokensBody): number {
  return promptBlocks(body).reduce((sum, b) => sum + b.tokens, 0);
}

function toBlock(place: string, block: Record<string, unknown>): PromptBlock {
  const { cache_control: control, ...rest } = block;
  const parsed = cacheControl.safeParse(control);
  const text = rest['type'] === 'text' && typeof rest['text'] === 'string' ? rest['text'] : undefined;
  const key = `${place}:${JSON.stringify(rest)}`;
  return { key, tokens: estimateTokens((text ?? key).length), breakpoint: parsed.success ? (parsed.data.ttl ?? '5m') : undefined };
}

interface Entry {
  expiresAt: number;
  ttlMs: number;
}

export class PromptCache {
  private readonly entries = new Map<string, Entry>();
  private readonly minTokens: number;
  private readonly lookback: number;
  private readonly now: () => number;

  constructor(options: PromptCacheOptions = {}) {
    this.minTokens = options.minCacheableTokens ?? 1024;
    this.lookback = options.lookbackBlocks ?? 20;
    this.now = options.now ?? Date.now;
  }

  /** Looks the request up, then records what it wrote; call once per answered request. */
  apply(body: CountTokensBody): CacheUsage {
    const blocks = promptBlocks(body);
    const now = this.now();
    // Prefix sums and chained hashes: position i stands for blocks[0..i]. Caches are per model.
    const upTo: number[] = [];
    const hashes: string[] = [];
    let total = 0;
    let hash = sha256(`model:${body.model}`);
    for (const block of blocks) {
      total += block.tokens;
      hash = sha256(`${hash}\n${block.key}`);
      upTo.push(total);
      hashes.push(hash);
    }
    const tokensAt = (i: number): number => upTo[i] ?? 0;
    const hashAt = (i: number): string => hashes[i] ?? '';
    const breakpoints = blocks.flatMap((b, i) => (b.breakpoint === undefined ? [] : [{ at: i, ttl: b.breakpoint }]));

    let readAt = -1;
    for (const { at } of breakpoints) {
      for (let p = at; p >= 0 && p >= at - this.lookback && tokensAt(p) >= this.minTokens; p--) {
        const entry = this.entries.get(hashAt(p));
        if (entry !== undefined && entry.expiresAt > now) {
          readAt = Math.max(readAt, p);
          entry.expiresAt = now + entry.ttlMs; // a hit refreshes the TTL
          break;
        }
      }
    }
    const read = readAt >= 0 ? tokensAt(readAt) : 0;

    let written = 0;
    let written1h = 0;
    let cachedTo = read;
    for (const { at, ttl } of breakpoints) {
      if (tokensAt(at) < this.minTokens) continue;
      const previous = this.entries.get(hashAt(at));
      const ttlMs = Math.max(TTL_MS[ttl], previous?.ttlMs ?? 0);
      this.entries.set(hashAt(at), { expiresAt: now + ttlMs, ttlMs });
      const segment = tokensAt(at) - cachedTo;
      if (segment <= 0) continue;
      written += segment;
      if (ttl === '1h') written1h += segment;
      cachedTo = tokensAt(at);
    }
    return { inputTokens: total - cachedTo, cacheReadTokens: read, cacheWriteTokens: written, cacheWrite1hTokens: written1h, totalTokens: total };
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
