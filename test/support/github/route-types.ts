/**
 * Types for the stand-in's routes, derived from @octokit/openapi-types: a handler for an
 * operation gets that operation's path parameters and (already validated) JSON body, and must
 * answer with one of its documented success bodies or a GitHub error.
 */
import type { components, operations } from '@octokit/openapi-types';
import type { GithubState } from './state.js';

export type OperationId = Extract<keyof operations, string>;
type Op<O extends OperationId> = operations[O];

export type PathParams<O extends OperationId> = Op<O> extends { parameters: { path: infer P } } ? { [K in keyof P]: string } : Record<string, never>;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

export type RequestBody<O extends OperationId> = Op<O> extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : Op<O> extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;

type Responses<O extends OperationId> = Op<O>['responses'];

export type SuccessReply<O extends OperationId> = {
  [S in keyof Responses<O>]: S extends 200 | 201 | 202 ? { status: S; body: JsonOf<Responses<O>[S]>; headers?: Record<string, string> } : S extends 204 ? { status: 204; headers?: Record<string, string> } : S extends 302 ? { status: 302; headers: { location: string } } : never;
}[keyof Responses<O>];

export interface ErrorReply {
  status: 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 500 | 502 | 503;
  body: components['schemas']['basic-error'];
  headers?: Record<string, string>;
}

export type Reply<O extends OperationId> = SuccessReply<O> | ErrorReply;

export interface RouteContext<O extends OperationId> {
  params: PathParams<O>;
  query: URLSearchParams;
  body: RequestBody<O>;
  state: GithubState;
  /** The token the request carried (after `token ` / `Bearer `), or ''. */
  token: string;
  /** The stand-in's own base URL, for links that must lead back to it (pagination). */
  baseUrl: string;
}

export type Handler<O extends OperationId> = (ctx: RouteContext<O>) => Reply<O> | Promise<Reply<O>>;

/** A handler with its operation's types erased, as the server stores it. */
export interface ErasedContext {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  state: GithubState;
  token: string;
  baseUrl: string;
}
export interface ErasedReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
export type ErasedHandler = (ctx: ErasedContext) => Promise<ErasedReply>;

export interface RouteTable {
  route<O extends OperationId>(operation: O, handler: Handler<O>): void;
}
