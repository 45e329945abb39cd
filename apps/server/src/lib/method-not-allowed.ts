/**
 * 405 for a method an /api path does not have. The router answers "not found" both for a path
 * no route has and for a known path asked with another method; the not-found handler (spa.ts)
 * asks this module which: a path that some route matches with other methods gets 405 with an
 * `Allow` header, in the API's error shape; an unknown path stays 404.
 */
import type { FastifyReply } from 'fastify';
import type { RouteEntry } from '../app.js';

interface PathPattern {
  regex: RegExp;
  methods: Set<string>;
}

const patternsOf = new WeakMap<RouteEntry[], { count: number; patterns: PathPattern[] }>();

/** `/api/product/:id` → a regex over one concrete path (a parameter is one segment, `*` the rest). */
function regexOf(url: string): RegExp {
  const body = url
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

function patterns(routeTable: RouteEntry[]): PathPattern[] {
  const cached = patternsOf.get(routeTable);
  // Routes are all declared before the first request; rebuild if one was added since (tests).
  if (cached && cached.count === routeTable.length) return cached.patterns;
  const byUrl = new Map<string, Set<string>>();
  for (const route of routeTable) {
    if (!route.url.startsWith('/api/')) continue;
    const methods = byUrl.get(route.url) ?? new Set<string>();
    methods.add(route.method.toUpperCase());
    byUrl.set(route.url, methods);
  }
  const built = [...byUrl].map(([url, methods]) => ({ regex: regexOf(url), methods }));
  patternsOf.set(routeTable, { count: routeTable.length, patterns: built });
  return built;
}

/** The methods some /api route answers on this concrete path (empty: no route has the path). */
export function allowedMethods(routeTable: RouteEntry[], path: string): string[] {
  if (!path.startsWith('/api/')) return [];
  const allowed = new Set<string>();
  for (const p of patterns(routeTable)) if (p.regex.test(path)) for (const m of p.methods) allowed.add(m);
  return [...allowed].sort();
}

/** Answers 405 when the path exists with other methods; false when it does not (then a 404 is due). */
export function replyMethodNotAllowed(routeTable: RouteEntry[], method: string, path: string, reply: FastifyReply): boolean {
  const allowed = allowedMethods(routeTable, path);
  if (allowed.length === 0 || allowed.includes(method.toUpperCase())) return false;
  void reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send({ error: 'method_not_allowed', message: `This address does not take ${method}; it takes ${allowed.join(', ')}.` });
  return true;
}
