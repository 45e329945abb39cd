/**
 * The OpenAPI document (/api/openapi.json, rendered at /api/docs) says what the server does, no
 * more and no less: clients are generated from it, and the conformance test
 * (modules/system/openapi-conformance.test.ts) sends requests built from it and checks every
 * answer against it.
 *
 * Routes declare their own request schemas and the answers of their domain (200, 404 of a
 * missing thing, 409…). The answers every route of a kind gives are added here, from the facts
 * of the route, so no route can forget one and none gets one it cannot give:
 *  - 401, 403 and 429 on every route that needs a token (an API key can be refused the route
 *    or its scope, or be over its rate; a person can lack the user row, role or organization);
 *    404 when its access policy hides another organization's ids; public routes carry
 *    `security: []`;
 *  - 400 (`validation_error`, `bad_url`, `invalid_json`) on every route that takes input;
 *    414 on every route with a path parameter (an over-long one is refused by the router);
 *    413 and 415 on every method that can carry a body;
 *  - 503 everywhere: the database is unreachable or a statement timed out (app.ts);
 *  - error answers are JSON even on routes whose success is a file (CSV, PDF).
 * Everything outside /api (the identity provider's pages and assets, /media) is not part of the
 * JSON API and is left out.
 */
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The error body of every non-2xx answer, as JSON Schema (ErrorBody in the contract). */
export const ERROR_BODY_SCHEMA = {
  type: 'object',
  properties: {
    error: { type: 'string', description: 'A stable code: validation_error, not_found, forbidden…' },
    message: { type: 'string', description: 'A sentence for people, naming the field when one is wrong' },
    issues: {
      type: 'array',
      description: 'validation_error: one entry per refused field',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        required: ['path', 'message'],
      },
    },
  },
  required: ['error', 'message'],
} as const;

/**
 * The 200 of a route that sends a file (a Buffer or a stream, never serialised): declare it with
 * `produces: [media types]`, and the document shows a binary string of those types.
 */
export const FILE_ANSWER = z.any().describe('The file');

export const BEARER_DESCRIPTION = 'An access token (JWT) from the sign-in, or an API key `cb_live_…`.';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Why each shared answer happens (the response's description in the document). */
const COMMON_ANSWERS: Record<number, string> = {
  400: 'The request is not valid: `validation_error` with `issues` naming each field, `bad_url` for a path that is not correctly percent-encoded, `invalid_json` for a body that is not JSON.',
  401: 'No valid access token or API key (`unauthorized`).',
  403: 'Signed in, but not allowed: `account_not_created` before POST /api/user/create, `forbidden` for another organization, `role_required` when the team role is too low, `api_key_not_allowed` or `api_key_scope_missing` for an API key.',
  404: 'Not found, or not one the caller may know of (`not_found`).',
  413: 'The request body is larger than the server accepts (`payload_too_large`).',
  414: 'A part of the path is longer than any id (`uri_too_long`).',
  415: 'The body’s Content-Type is not one this route reads (`unsupported_media_type`).',
  429: 'Too many requests (`rate_limited`): an API key over its rate per minute, or the route’s own limit; `Retry-After` says when to try again.',
  503: 'The database is unreachable or took too long (`service_unavailable`); try again shortly.',
};

/** What this file reads of a route's access policy (auth/policies.ts AccessPolicy; lib does not import auth). */
interface Grant {
  on: readonly { deny: number }[];
}
type AccessPolicy = 'public' | 'signed-in' | 'user' | Grant | { anyOf: readonly Grant[] };

interface RouteFacts {
  url: string;
  method: string | string[];
  config?: { access?: AccessPolicy };
  schema?: Record<string, unknown>;
}

function grantsOf(policy: AccessPolicy | undefined): Grant[] {
  if (!policy || typeof policy === 'string') return [];
  return 'anyOf' in policy ? [...policy.anyOf] : [policy];
}

/** The statuses every route with these facts can answer, whatever it does. */
export function commonStatuses(route: { url: string; method: string; access: AccessPolicy | undefined; takesInput: boolean }): number[] {
  const statuses = new Set<number>([503]);
  const { access } = route;
  // A token (or API key) is checked on every non-public route: an API key may be refused the
  // route or its scope (403) or be over its rate (429), whatever the policy.
  if (access !== 'public') statuses.add(401).add(403).add(429);
  if (grantsOf(access).some((g) => g.on.some((ref) => ref.deny === 404))) statuses.add(404);
  const hasPathParams = /[:*]/.test(route.url);
  if (hasPathParams) statuses.add(414).add(400);
  if (route.takesInput) statuses.add(400);
  if (BODY_METHODS.has(route.method)) statuses.add(400).add(413).add(415);
  return [...statuses];
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ERROR_BODY_SCHEMA } } };
}

/** A route's file answer (CSV, PDF…): its media types and a binary string. */
function fileContent(types: string[]) {
  return Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]));
}

type OverrideContext = { zodSchema: { _zod: { def: Record<string, any> } }; jsonSchema: Record<string, any> };

const isNullBranch = (s: Record<string, any>) => s.nullable === true && Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null;

/** A string schema that trims its input before its length is checked (`.trim().min(1)`). */
function trimsInput(def: Record<string, any>): boolean {
  return (def.checks ?? []).some((c: { _zod?: { def?: { check?: string; tx?: (v: string) => unknown } } }) => {
    const check = c._zod?.def;
    return check?.check === 'overwrite' && check.tx?.(' x ') === 'x';
  });
}

/**
 * zod → JSON Schema as fastify-type-provider-zod does it for OpenAPI 3.0 (its override: a union
 * with null is one nullable schema; a date is a date-time string — the contract has none), plus:
 * a trimmed string that must not be empty publishes "has a character other than a space" (JSON
 * Schema knows no trimming, and "   " is refused). The library gives the override no input or
 * output side; a trimmed non-empty answer satisfies the rule too.
 */
function override(ctx: OverrideContext): void {
  const { zodSchema, jsonSchema } = ctx;
  const def = zodSchema._zod.def;
  if (def.type === 'union' && Array.isArray(jsonSchema.anyOf)) {
    jsonSchema.anyOf = jsonSchema.anyOf.filter((b: object) => Object.keys(b).length > 0);
    const others = jsonSchema.anyOf.filter((b: Record<string, any>) => !isNullBranch(b));
    if (others.length < jsonSchema.anyOf.length && others.length === 1) {
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, others[0], { nullable: true });
    } else if (others.length < jsonSchema.anyOf.length && others.length > 1) {
      jsonSchema.anyOf = others;
      jsonSchema.nullable = true;
    }
  }
  if (def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
  if (def.type === 'string' && (jsonSchema.minLength ?? 0) >= 1 && trimsInput(def)) {
    const allOf: { pattern?: string }[] = jsonSchema.allOf ?? [];
    if (!allOf.some((a) => a.pattern === NOT_BLANK)) jsonSchema.allOf = [...allOf, { pattern: NOT_BLANK }];
  }
}

const NOT_BLANK = '\\S';
// `as never`: the library types the override's context with zod's internal `$ZodType` union, on
// which `_zod.def` has no common shape to read `type` and `checks` from; OverrideContext above is
// the part this override reads (the same objects at run time, tested by openapi-conformance).
const jsonSchemaTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: override as never } });

/**
 * @fastify/swagger `transform`: the zod schemas as JSON Schema (fastify-type-provider-zod), then
 * the facts above. Routes outside /api are hidden.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const { url } = input;
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
  const { schema, url: outUrl } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as {
    schema: Record<string, any> | undefined;
    url: string;
  };
  if (!schema || schema.hide) return { schema: schema ?? {}, url: outUrl };
  const route = input.route as unknown as RouteFacts;
  const access = route?.config?.access;
  const method = [route?.method ?? 'GET'].flat()[0]!.toUpperCase();
  const produces = (schema.produces as string[] | undefined) ?? [];
  const consumes = (schema.consumes as string[] | undefined) ?? [];
  const response: Record<string, any> = { ...(schema.response ?? {}) };

  // Error answers are JSON whatever the success's media type (produces applies to all of them).
  for (const [status, declared] of Object.entries(response)) {
    if (Number(status) >= 400 && produces.length > 0 && !declared?.content) {
      response[status] = { description: declared?.description ?? 'Error', content: { 'application/json': { schema: declared } } };
    }
  }
  if (produces.length > 0) {
    const ok = response['200'];
    if (!ok || !ok.content) response['200'] = { description: ok?.description ?? 'The file', content: fileContent(produces) };
  }
  const takesInput = Boolean(schema.params || schema.querystring || schema.body || schema.headers || consumes.length > 0);
  for (const status of commonStatuses({ url, method, access, takesInput })) {
    if (!response[String(status)]) response[String(status)] = errorResponse(COMMON_ANSWERS[status]!);
  }
  const out: Record<string, any> = { ...schema, response };
  delete out.produces;
  if (access === 'public') out.security = [];
  // A body the route reads itself (an upload, a CSV, a signed payload): declared by its media
  // types, since it has no zod schema.
  if (consumes.length > 0 && !schema.body) {
    out.body = { content: Object.fromEntries(consumes.map((type) => [type, { schema: rawBodySchema(type) }])) };
  }
  // A body the route may go without (the JSON parser reads an empty body as none).
  const zodBody = (input.schema as { body?: { safeParse?: (v: unknown) => { success: boolean } } } | undefined)?.body;
  if (zodBody?.safeParse?.(undefined).success) optionalBodies.add(`${method} ${outUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
  return { schema: out, url: outUrl };
};

function rawBodySchema(type: string) {
  if (type === 'multipart/form-data') {
    return { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] };
  }
  if (type === 'application/json') return { type: 'object', description: 'Read as raw bytes (e.g. to check a signature over them)' };
  return { type: 'string', format: 'binary' };
}

/**
 * Operations whose body may be left out (`METHOD /path/{param}`), noted by the transform for
 * the object transform (@fastify/swagger marks every declared body required). The same for
 * every app, so one set serves all.
 */
const optionalBodies = new Set<string>();

/** @fastify/swagger `transformObject`: document-wide facts. */
export const openApiTransformObject: SwaggerTransformObject = (documentObject) => {
  const doc: Record<string, any> = { ...('openapiObject' in documentObject ? documentObject.openapiObject : {}) };
  doc.components = {
    ...doc.components,
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: BEARER_DESCRIPTION },
    },
  };
  type Op = { requestBody?: { required?: boolean }; parameters?: { in: string; schema?: Record<string, unknown> }[] };
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, Op>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (op.requestBody && optionalBodies.has(`${method.toUpperCase()} ${path}`)) op.requestBody = { ...op.requestBody, required: false };
      // A path parameter is never empty: an empty segment is another address.
      for (const p of op.parameters ?? []) {
        if (p.in === 'path' && p.schema?.type === 'string' && p.schema.minLength === undefined) p.schema = { ...p.schema, minLength: 1 };
      }
    }
  }
  return doc;
};
