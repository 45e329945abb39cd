/**
 * The OpenAPI document tells the truth (issue 26): a fast, seeded, schema-driven check in the
 * spirit of Schemathesis (docs/openapi.md). For every operation in /api/openapi.json — whatever
 * routes exist when it runs — requests are generated from the operation's declared parameters
 * and body with fast-check, with the real ids of a small world (a seller with a product, a
 * customer with a cart and its draft order) in the path part of the time, and sent as nobody,
 * as the seller, as the customer and with an API key of the seller. Every answer must:
 *  - not be a 5xx;
 *  - have a status the operation declares, with a declared Content-Type and a body that
 *    validates against the declared schema (ajv);
 *  - not be a `validation_error` for a request the declared schema allows: the server's rules
 *    must be published (patterns, enums, required fields), not only enforced.
 * Besides: every public route says `security: []` and every other declares 401; no two path
 * items are one route; every operation that takes input declares a 4xx; no route outside /api
 * is in the document; every /api route is; a method a path does not have is 405 with Allow.
 *
 * Seeded (OPENAPI_SEED to replay, OPENAPI_RUNS for more cases per operation). Operations run
 * in document order with the DELETEs last, so the world's product, cart and order exist for
 * the others; the world is not rebuilt between runs (a run that changes it — the customer's
 * draft order submitted, the product deleted — is as good a case as any).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';
import { createProduct, seedStoreWorld, type StoreWorld } from '../../../test/support/world.js';
import { buildApp } from '../../app.js';

const SEED = Number(process.env.OPENAPI_SEED ?? 20261127);
const RUNS = Number(process.env.OPENAPI_RUNS ?? 6);
/** OPENAPI_TRACE=<regex of operation names>: print those operations' requests and answers. */
const TRACE = new RegExp(process.env.OPENAPI_TRACE ?? '(?!)');

// ---------------------------------------------------------------------------------------------
// The document's shapes (OpenAPI 3.0, as much as this test reads).

interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface MediaType {
  schema?: Schema;
}

interface Response {
  description?: string;
  content?: Record<string, MediaType>;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
  security?: Record<string, string[]>[];
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  security?: Record<string, string[]>[];
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string; description?: string }> };
}

interface Op {
  method: string;
  path: string;
  op: Operation;
  name: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operationsOf(doc: Document): Op[] {
  const ops: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      ops.push({ method: method.toUpperCase(), path, op, name: `${method.toUpperCase()} ${path}` });
    }
  }
  return ops;
}

// ---------------------------------------------------------------------------------------------
// The world and the callers.

let h: Harness;
let world: StoreWorld;
let doc: Document;
let png: Buffer;
type Caller = 'nobody' | 'seller' | 'customer' | 'seller key';
/** The seller's API key (bearer cb_live_…) with some scopes: a route it may not use answers 403. */
let sellerKey: string;

beforeAll(async () => {
  h = await createHarness();
  world = await seedStoreWorld(h, 'Conformance');
  doc = (await h.call('GET', '/api/openapi.json')).body as Document;
  png = await makeImage(4, 4);
  const key = await h.call('POST', `/api/organization/${world.seller.orgId}/api_keys`, {
    token: world.seller.token,
    body: { name: 'Conformance', scopes: ['orders:read', 'catalog:read', 'inventory:write'] },
  });
  expect(key.status).toBe(200);
  sellerKey = key.body.token as string;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

function tokenOf(caller: Caller): string | undefined {
  return caller === 'seller' ? world.seller.token : caller === 'customer' ? world.customer.token : caller === 'seller key' ? sellerKey : undefined;
}

/** While true, ids are the likeliest real one (the examples each operation starts with). */
let examplesOnly = false;

/**
 * Real ids for a path or body id, the likeliest first, by the name of the field and of the
 * object it is in (`body.organization.id`, `order_id`), else by the path.
 */
function realIdsFor(name: string, path: string): { likely: string[]; all: string[] } {
  const w = world;
  const all = [w.seller.orgId, w.customer.orgId, w.productId, w.cartId, w.lineItemId, w.orderId, w.pendingInviteId, w.templateId, w.shipToId];
  const n = name.toLowerCase().split('.').slice(-2).join('.');
  const likely =
    /purchas|customer/.test(n) ? [w.customer.orgId]
      : /org|selling|seller/.test(n) ? [w.seller.orgId, w.customer.orgId]
        : /cart/.test(n) ? [w.cartId]
          : /line_?item/.test(n) ? [w.lineItemId]
            : /order/.test(n) ? [w.orderId]
              : /invite/.test(n) ? [w.pendingInviteId]
                : /product|sku/.test(n) || /\/product\//.test(path) ? [w.productId]
                  : /address/.test(n) ? [w.shipToId]
                    : /template/.test(n) ? [w.templateId]
                      : /organization/.test(path) && /(^|\.)id$/.test(n) ? [w.seller.orgId, w.customer.orgId]
                        : [];
  return { likely, all };
}

// ---------------------------------------------------------------------------------------------
// Values from schemas.

const isUuidSchema = (s: Schema) => s.format === 'uuid' || Boolean(s.pattern?.includes('[0-9a-fA-F]{8}'));

/** A value the schema allows; ids are real ones part of the time. */
function valueOf(s: Schema | undefined, name: string, path: string, depth = 0): fc.Arbitrary<unknown> {
  if (!s || Object.keys(s).length === 0) return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  // Alternatives or conditions beside the schema's own shape (`{ type: object, properties, oneOf:
  // [{ required: [a] }, { required: [b] }] }`): values of the shape that the whole schema allows.
  if ((s.anyOf || s.oneOf || s.allOf || s.not) && (s.type !== undefined || s.properties !== undefined)) {
    const { anyOf: _anyOf, oneOf: _oneOf, allOf: _allOf, not: _not, ...own } = s;
    // A second pattern (allOf: [{ pattern }]) is the narrower one: generate from it.
    const narrower = s.allOf?.find((a) => a.pattern)?.pattern;
    return bounded(valueOf(narrower ? { ...own, pattern: narrower } : own, name, path, depth), validatorFor(s));
  }
  const base = ((): fc.Arbitrary<unknown> => {
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.allOf) return valueOf(Object.assign({}, ...s.allOf) as Schema, name, path, depth);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) {
      const arb = fc.oneof(...alternatives.map((a) => valueOf(a, name, path, depth)));
      return s.oneOf ? bounded(arb, (v) => alternatives.filter((a) => validatorFor(a)(v)).length === 1) : arb;
    }
    switch (s.type) {
      case 'string':
        return stringOf(s, name, path);
      case 'integer':
      case 'number':
        return numberOf(s);
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const min = s.minItems ?? 0;
        return fc.array(valueOf(s.items, name, path, depth + 1), { minLength: min, maxLength: Math.min(s.maxItems ?? 3, min + 3) });
      }
      case 'object':
      default: {
        if (!s.properties) return fc.constant({});
        const required = s.required ?? [];
        const keys = Object.keys(s.properties).filter((k) => depth < 4 || required.includes(k));
        return fc.record(Object.fromEntries(keys.map((k) => [k, valueOf(s.properties![k], `${name}.${k}`, path, depth + 1)])), { requiredKeys: required });
      }
    }
  })();
  const withNull = s.nullable ? fc.oneof(base, fc.constant(null)) : base;
  return s.not ? bounded(withNull, validatorFor(s)) : withNull;
}

/**
 * The first of a few values that `ok` takes, else the first value (a filter could search for
 * ever). A request with such a value is not one the schema allows: requestOf notes it.
 */
function bounded<T>(arb: fc.Arbitrary<T>, ok: (v: T) => boolean): fc.Arbitrary<T> {
  return fc.array(arb, { minLength: 8, maxLength: 8 }).map((vs) => vs.find((v) => ok(v)) ?? vs[0]!);
}

function stringOf(s: Schema, name: string, path: string): fc.Arbitrary<string> {
  if (isUuidSchema(s)) {
    // Mostly the world's ids (the likeliest first), sometimes any id: found, refused and missing things.
    const { likely, all } = realIdsFor(name, path);
    if (examplesOnly) return fc.constant(likely[0] ?? all[0]!);
    return fc.oneof(
      ...(likely.length > 0 ? [{ weight: 6, arbitrary: fc.constantFrom(...likely) }] : []),
      { weight: 2, arbitrary: fc.constantFrom(...all) },
      { weight: 1, arbitrary: fc.uuid({ version: 4 }) },
    );
  }
  if (s.format === 'email' && !s.pattern) return bounded(fc.emailAddress(), (e) => e.length <= (s.maxLength ?? 254));
  if (s.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 24, minLength + 24);
  if (s.pattern) {
    return bounded(fc.stringMatching(new RegExp(s.pattern, 'u')), (v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
  }
  // Any text: printable, and sometimes any code point (control characters included).
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'binary' }),
  );
}

function numberOf(s: Schema): fc.Arbitrary<number> {
  const exMin = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.exclusiveMinimum === true ? s.minimum : undefined;
  const exMax = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : s.exclusiveMaximum === true ? s.maximum : undefined;
  const min = exMin !== undefined ? exMin : (s.minimum ?? -1_000_000);
  const max = exMax !== undefined ? exMax : (s.maximum ?? 1_000_000_000_000);
  if (s.multipleOf) {
    const step = s.multipleOf;
    const decimals = Math.max(0, -Math.floor(Math.log10(step)));
    return fc.integer({ min: Math.ceil(min / step), max: Math.floor(Math.min(max, 1e12) / step) }).map((k) => Number((k * step).toFixed(decimals)));
  }
  if (s.type === 'integer') {
    const lo = Math.max(Number.MIN_SAFE_INTEGER, Math.ceil(exMin !== undefined ? min + 1e-9 : min));
    const hi = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(exMax !== undefined ? max - 1e-9 : max));
    // The bounds themselves, where off-by-one answers live, and small values.
    return fc.oneof(fc.constantFrom(lo, hi), fc.integer({ min: lo, max: hi }), fc.integer({ min: Math.max(lo, 0), max: Math.max(lo, Math.min(hi, 10)) }));
  }
  return bounded(
    fc.oneof(fc.constantFrom(min, max), fc.double({ min, max, noNaN: true, noDefaultInfinity: true })),
    (v) => (exMin === undefined || v > exMin) && (exMax === undefined || v < exMax),
  );
}

// ---------------------------------------------------------------------------------------------
// Validating answers (and values) against the document's schemas.

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
ajv.addFormat('binary', true);
const validators = new WeakMap<object, ValidateFunction>();
function validatorFor(schema: Schema): ValidateFunction {
  let v = validators.get(schema);
  if (!v) {
    v = ajv.compile(draft7Of(schema) as object);
    validators.set(schema, v);
  }
  return v;
}

/** OpenAPI 3.0's schema dialect → JSON Schema draft 7 (boolean exclusive bounds, `nullable`). */
function draft7Of(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(draft7Of);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === 'enum' || k === 'required' ? v : draft7Of(v);
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof out[flag] === 'boolean') {
      if (out[flag] === true) {
        out[flag] = out[bound];
        delete out[bound];
      } else delete out[flag];
    }
  }
  // nullable: OpenAPI 3.0 adds null to an explicit type, and does nothing without one.
  if (out.nullable === true && typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  delete out.nullable;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Requests.

interface Request {
  caller: Caller;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was sent, for the failure message. */
  shown: string;
  /** Every value is one the declared schemas allow (then a validation_error is a rule the document hides). */
  allowed: boolean;
}

const CSV = 'name,description,sku,upc,order_unit,quantity_per_unit,wholesale_price,retail_price,weight,weight_unit,status,inventory\nConformance Candle,,CONF-1,,Case,1,1.00,2.00,1,lb,Draft,1\n';

/**
 * The first requests of an operation, like Schemathesis's examples: the world's likeliest ids
 * everywhere, as the seller and as the customer (random generation may miss them in a few runs).
 */
function examplesOf(o: Op, seed: number): Request[] {
  examplesOnly = true;
  try {
    return (['seller', 'customer'] as const).map((caller) => fc.sample(requestOf(o, caller), { seed, numRuns: 1 })[0]!);
  } finally {
    examplesOnly = false;
  }
}

function requestOf(o: Op, only?: Caller): fc.Arbitrary<Request> {
  const params = o.op.parameters ?? [];
  const valuesOf = (where: Parameter['in']) => {
    const ps = params.filter((p) => p.in === where);
    return fc.record(Object.fromEntries(ps.map((p) => [p.name, valueOf(p.schema, p.name, o.path)])), {
      requiredKeys: ps.filter((p) => p.required || where === 'path').map((p) => p.name),
    });
  };
  /** Every generated parameter value is one its schema allows (bounded() may give up). */
  const paramsAllowed = (where: Parameter['in'], values: Record<string, unknown>) =>
    params.filter((p) => p.in === where && p.name in values).every((p) => !p.schema || validatorFor(p.schema)(values[p.name]));

  const content = o.op.requestBody?.content ?? {};
  const bodies: fc.Arbitrary<{ type?: string; payload?: string | Buffer; shown: string; allowed: boolean }>[] = [];
  const json = content['application/json']?.schema;
  if (json) {
    bodies.push(
      valueOf(json, 'body', o.path).map((v) => ({ type: 'application/json', payload: JSON.stringify(v), shown: JSON.stringify(v), allowed: validatorFor(json)(v) })),
    );
  }
  // Files: a real one or junk (the server's file checks are not JSON Schema: never "allowed").
  if (content['multipart/form-data']) {
    bodies.push(
      fc.constantFrom('png', 'csv', 'junk').map((kind) => {
        const data = kind === 'png' ? png : kind === 'csv' ? Buffer.from(CSV) : Buffer.from('not a file');
        const m = multipartBody([{ filename: `upload.${kind}`, contentType: kind === 'png' ? 'image/png' : kind === 'csv' ? 'text/csv' : 'application/octet-stream', data }]);
        return { type: m.headers['content-type'], payload: m.body, shown: `multipart file (${kind})`, allowed: false };
      }),
    );
  }
  for (const type of Object.keys(content).filter((t) => t !== 'application/json' && t !== 'multipart/form-data')) {
    bodies.push(fc.constantFrom(type === 'text/csv' ? CSV : '{}', 'x').map((text) => ({ type, payload: text, shown: `${type} ${JSON.stringify(text)}`, allowed: false })));
  }
  if (bodies.length === 0 || !o.op.requestBody?.required) bodies.push(fc.constant({ shown: 'no body', allowed: true }));

  return fc
    .record({
      // Nobody gets 401s before anything else: fewer of those.
      caller: only
        ? fc.constant(only)
        : fc.oneof(
            { weight: 1, arbitrary: fc.constant<Caller>('nobody') },
            { weight: 4, arbitrary: fc.constantFrom<Caller>('seller', 'customer') },
            { weight: 1, arbitrary: fc.constant<Caller>('seller key') },
          ),
      path: valuesOf('path'),
      query: valuesOf('query'),
      headers: valuesOf('header'),
      body: fc.oneof(...bodies),
    })
    .map(({ caller, path, query, headers, body }) => {
      const url =
        o.path.replace(/\{([^}]+)\}/g, (_m, n: string) => encodeURIComponent(String(path[n] ?? ''))) +
        (Object.keys(query).length > 0
          ? `?${Object.entries(query)
              .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(String(x))}`))
              .join('&')}`
          : '');
      // A header value is visible ASCII (no client sends others); a value cut to that is not the generated one.
      const sent: Record<string, string> = {};
      let headersIntact = true;
      for (const [k, v] of Object.entries(headers)) {
        sent[k] = String(v).replace(/[^\x20-\x7e]/g, '');
        headersIntact &&= sent[k] === String(v);
      }
      if (body.type) sent['content-type'] = body.type;
      const token = tokenOf(caller);
      if (token) sent.authorization = `Bearer ${token}`;
      const allowed = body.allowed && headersIntact && paramsAllowed('path', path) && paramsAllowed('query', query) && paramsAllowed('header', headers);
      return { caller, url, headers: sent, payload: body.payload, shown: body.shown, allowed };
    });
}

// ---------------------------------------------------------------------------------------------
// Judging an answer.

function declaredResponse(op: Operation, status: number): Response | undefined {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
}

function problemWith(o: Op, res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | undefined {
  const { statusCode: status } = res;
  if (status >= 500) return `a ${status}: ${res.body.slice(0, 300)}`;
  const declared = declaredResponse(o.op, status);
  if (!declared) return `status ${status} is not declared (declared: ${Object.keys(o.op.responses).join(', ')}); body ${res.body.slice(0, 200)}`;
  const contentType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (!declared.content) {
    return res.body.length === 0 ? undefined : `${status} has a ${contentType || 'untyped'} body, but the document declares none`;
  }
  const media = declared.content[contentType];
  if (!media) return `${status} is ${contentType || 'untyped'}, the document says ${Object.keys(declared.content).join(' or ')}; body ${res.body.slice(0, 200)}`;
  if (contentType === 'application/json' && media.schema) {
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return `${status} says application/json but is not JSON: ${res.body.slice(0, 200)}`;
    }
    const validate = validatorFor(media.schema);
    if (!validate(body)) return `${status} body does not match the declared schema: ${ajv.errorsText(validate.errors)}; body ${res.body.slice(0, 300)}`;
  }
  return undefined;
}

/**
 * The server refused, as a validation error, a request the declared schemas allow: a rule it
 * enforces is missing from the document. Some rules cannot be written in JSON Schema; they are
 * listed here by operation and field, each with its reason (and in the operation's description).
 */
const UNPUBLISHABLE_RULES: { op: RegExp; field: RegExp; message?: RegExp; why: string }[] = [
  { op: /./, field: /^cursor$/, why: 'a cursor is opaque: only a next_cursor the list returned' },
  { op: /./, field: /(^|\.)(id|media_id|file_id)$/, message: /with this id/, why: 'an id must name something the organization has (data, not schema)' },
  { op: /./, field: /(^|\.)(state|order_unit|weight_unit|dimension_unit)(\.id)?$/, message: /^must be one of .* \(got /, why: 'lookup references name rows of the lookup lists (data: GET /api/product/state, …)' },
  { op: /./, field: /(^|\.)tracking_number$/, why: "the tracking number's format depends on the carrier (described)" },
  { op: /./, field: /^lines\.\d+\.line_item_id$/, message: /names a line twice/, why: 'a line at most once: uniqueItems cannot compare one field of the items' },
  { op: /./, field: /^(from|to|q|po_number)$/, message: /before|after|not both/, why: 'rules between two query parameters (from ≤ to, at most 366 days; q or po_number): described' },
  { op: /resale_certificate$/, field: /^expires_on$/, why: 'a day after today and within 10 years: relative to the day of the request (described)' },
  { op: /onboarding$/, field: /^(routing_number|date_of_birth)$/, why: "the routing number's checksum, the representative's age: described" },
  { op: /checkout\/pay$/, field: /^card\./, why: 'the Luhn check, the brand’s lengths and an expiry in the past: described' },
  { op: /^PUT \/api\/product$/, field: /^(options|variants|preorder)\b/, why: 'options and variants must agree with each other (distinct names and values, combinations): described' },
];

function refusedAllowed(o: Op, r: Request, res: { statusCode: number; body: string }): string | undefined {
  if (res.statusCode !== 400 || !r.allowed) return undefined;
  let body: { error?: string; issues?: { path: string; message: string }[]; message?: string };
  try {
    body = JSON.parse(res.body);
  } catch {
    return undefined;
  }
  if (body.error !== 'validation_error') return undefined;
  const unexplained = (body.issues ?? [{ path: '', message: body.message ?? '' }]).filter(
    (i) => !UNPUBLISHABLE_RULES.some((rule) => rule.op.test(o.name) && rule.field.test(i.path) && (!rule.message || rule.message.test(i.message))),
  );
  return unexplained.length > 0 ? `refused as a validation_error although the document allows it: ${body.message}` : undefined;
}

async function send(o: Op, r: Request) {
  return h.app.inject({ method: o.method as 'GET', url: r.url, headers: r.headers, ...(r.payload !== undefined ? { payload: r.payload } : {}) });
}

// ---------------------------------------------------------------------------------------------

describe('the OpenAPI document', () => {
  it(`every answer to requests generated from it is one it declares (seed ${SEED}, ${RUNS} runs an operation)`, async () => {
    const ops = operationsOf(doc).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(ops.length).toBeGreaterThanOrEqual(100);
    const failures: string[] = [];
    const answered2xx = new Set<string>();
    for (const [index, o] of ops.entries()) {
      const run = await fc.check(
        fc.asyncProperty(requestOf(o), async (r) => {
          const res = await send(o, r);
          if (res.statusCode < 300) answered2xx.add(o.name);
          if (TRACE.test(o.name)) console.log(`${o.method} ${r.url} as ${r.caller} ${r.shown.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
          const problem = problemWith(o, res) ?? refusedAllowed(o, r, res);
          if (problem) throw new Error(`${o.name}: ${o.method} ${r.url.slice(0, 200)} as ${r.caller}, body ${r.shown.slice(0, 200)} → ${problem}`);
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true, examples: examplesOf(o, SEED + index).map((r) => [r] as [Request]) },
      );
      if (run.failed) {
        const error = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
        failures.push(`${error}\n    (replay: OPENAPI_SEED=${SEED}, operation #${index}, fast-check seed ${run.seed})`);
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
    // The world's ids make requests land: a good part of the operations answered a success
    // (59 of 176 on 2026-11-27; most others need a placed order the world does not have).
    expect(answered2xx.size).toBeGreaterThanOrEqual(40);
  }, 600_000);

  it('declares security as the routes apply it: public routes `security: []`, the others a bearer token and 401', () => {
    const bearer = doc.components?.securitySchemes?.bearer;
    expect(bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(bearer?.description).toContain('cb_live_');
    expect(doc.security).toEqual([{ bearer: [] }]);
    const publicRoutes = new Set(h.app.routeTable.filter((r) => r.access === 'public').map((r) => `${r.method} ${templateOf(r.url)}`));
    const wrong: string[] = [];
    for (const o of operationsOf(doc)) {
      const isPublic = publicRoutes.has(`${o.method} ${o.path}`);
      if (isPublic && JSON.stringify(o.op.security) !== '[]') wrong.push(`${o.name} is public but declares ${JSON.stringify(o.op.security ?? doc.security)}`);
      if (!isPublic && o.op.security !== undefined) wrong.push(`${o.name} needs a token but declares security ${JSON.stringify(o.op.security)}`);
      if (!isPublic && !o.op.responses['401']) wrong.push(`${o.name} needs a token but declares no 401`);
      if (isPublic && o.op.responses['401']) wrong.push(`${o.name} is public but declares 401`);
    }
    expect(wrong).toEqual([]);
  });

  it('has each route once: no two path items are one template, every /api route is in it, nothing else is', () => {
    const byShape = new Map<string, string[]>();
    for (const path of Object.keys(doc.paths)) {
      const shape = path.replace(/\{[^}]+\}/g, '{}');
      byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
    }
    expect([...byShape.values()].filter((paths) => paths.length > 1)).toEqual([]);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);

    const documented = new Set(operationsOf(doc).map((o) => `${o.method} ${o.path}`));
    // Not API operations: the document itself and its viewer.
    const notApi = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');
    const missing = h.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !notApi(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${templateOf(r.url)}`)
      .filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it('declares a 4xx on every operation that takes input', () => {
    const silent = operationsOf(doc)
      .filter((o) => (o.op.parameters?.length ?? 0) > 0 || o.op.requestBody)
      .filter((o) => !Object.keys(o.op.responses).some((s) => s.startsWith('4')))
      .map((o) => o.name);
    expect(silent).toEqual([]);
  });

  it('answers a method a path does not have with 405 and Allow (an unknown path stays 404)', async () => {
    const templates = Object.entries(doc.paths).map(([path, item]) => ({
      regex: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      methods: Object.keys(item).map((m) => m.toUpperCase()),
    }));
    const wrong: string[] = [];
    for (const path of Object.keys(doc.paths)) {
      const url = path.replace(/\{([^}]+)\}/g, (_m, n: string) => [...realIdsFor(n, path).likely, ...realIdsFor(n, path).all][0]!);
      // Every method any route takes on this concrete address (a sibling template can match it).
      const taken = new Set(templates.filter((t) => t.regex.test(url)).flatMap((t) => t.methods));
      const method = ['PATCH', 'DELETE', 'PUT', 'POST', 'GET'].find((m) => !taken.has(m));
      if (!method) continue;
      const res = await h.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${world.seller.token}` } });
      const allow = String(res.headers.allow ?? '').split(', ').filter((m) => m !== 'HEAD');
      if (res.statusCode !== 405) wrong.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      else if (allow.sort().join(',') !== [...taken].sort().join(',')) wrong.push(`${method} ${url}: Allow ${res.headers.allow}, expected ${[...taken].join(', ')}`);
      else if (res.json().error !== 'method_not_allowed') wrong.push(`${method} ${url}: ${res.body}`);
    }
    expect(wrong).toEqual([]);
    const unknown = await h.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { authorization: `Bearer ${world.seller.token}` } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
  });

  it('leaves the identity provider’s pages and assets out when the built-in provider is on', async () => {
    const app = await buildApp({ config: h.config, database: h.testDb.database });
    try {
      await app.ready();
      const full = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
      expect(Object.keys(full.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
      expect(app.routeTable.some((r) => r.url.startsWith('/oidc'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});

/** Answers the conformance check once got wrong, pinned whatever the seed. */
describe('found by the conformance check', () => {
  it('refuses a ship window of impossible days with a 400 naming it (it reached the database: a 500)', async () => {
    const res = await h.call('GET', `/api/order/organization/${world.seller.orgId}/selling?ship_window=7459-03-46..1779-25-71`, { token: world.seller.token });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'ship_window', message: expect.stringContaining('two real days') }]);
  });

  it('refuses stock beyond the largest count with a 409 naming count (the integer column overflowed: a 500)', async () => {
    // Its own product: the generated requests above may have removed the world's.
    const productId = await createProduct(h, world.seller, 'Stock Limit Soap');
    const add = (count: number) =>
      h.call('POST', '/api/inventory/transaction', { token: world.seller.token, body: { count, product: { id: productId }, inventory_transaction_type: 'add' } });
    const set = await h.call('POST', '/api/inventory/transaction', {
      token: world.seller.token,
      body: { count: 999_999_000, product: { id: productId }, inventory_transaction_type: 'set' },
    });
    expect(set.status).toBe(200);
    const over = await add(1_000_000_000);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: 'inventory_limit', issues: [{ path: 'count', message: 'stock cannot go above 1,000,000,000' }] });
    expect((await add(1_000)).body.product.inventory_count).toBe(1_000_000_000);
  });
});

/** `/api/product/:id` → `/api/product/{id}` (how the document writes a route's path). */
function templateOf(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
