/**
 * The seeded lookup lists (product states, order/weight/dimension units). They change only
 * through migrations, so each process reads them once per database and keeps them.
 */
import { asc } from 'drizzle-orm';
import type { LookupRef, ProductState, Unit } from '@cratebase/contract';
import type { Db } from '../../db/client.js';
import { dimensionUnits, orderUnits, productStates, weightUnits } from './schema.js';
import { DomainError } from '../../lib/errors.js';

export interface Lookups {
  states: ProductState[];
  orderUnits: Unit[];
  weightUnits: Unit[];
  dimensionUnits: Unit[];
  stateById: Map<number, ProductState>;
  orderUnitById: Map<number, Unit>;
  weightUnitById: Map<number, Unit>;
  dimensionUnitById: Map<number, Unit>;
  liveStateId: number;
  draftStateId: number;
}

const cache = new WeakMap<Db, Promise<Lookups>>();

async function load(db: Db): Promise<Lookups> {
  const [states, ou, wu, du] = await Promise.all([
    db.select({ id: productStates.id, state: productStates.state }).from(productStates).orderBy(asc(productStates.id)),
    db.select({ id: orderUnits.id, unit: orderUnits.unit }).from(orderUnits).orderBy(asc(orderUnits.id)),
    db.select({ id: weightUnits.id, unit: weightUnits.unit }).from(weightUnits).orderBy(asc(weightUnits.id)),
    db
      .select({ id: dimensionUnits.id, unit: dimensionUnits.unit })
      .from(dimensionUnits)
      .orderBy(asc(dimensionUnits.id)),
  ]);
  const live = states.find((s) => s.state === 'Live');
  const draft = states.find((s) => s.state === 'Draft');
  if (!live || !draft) throw new Error('The product_states list lacks Live or Draft: migrations are incomplete.');
  return {
    states,
    orderUnits: ou,
    weightUnits: wu,
    dimensionUnits: du,
    stateById: new Map(states.map((s) => [s.id, s])),
    orderUnitById: new Map(ou.map((u) => [u.id, u])),
    weightUnitById: new Map(wu.map((u) => [u.id, u])),
    dimensionUnitById: new Map(du.map((u) => [u.id, u])),
    liveStateId: live.id,
    draftStateId: draft.id,
  };
}

export function getLookups(db: Db): Promise<Lookups> {
  let p = cache.get(db);
  if (!p) {
    p = load(db);
    cache.set(db, p);
    // A failed read (database down) is retried by the next request.
    p.catch(() => cache.delete(db));
  }
  return p;
}

type Named = { id: number; unit?: string; state?: string };
const nameOf = (r: Named) => (r.unit ?? r.state)!;

/** The id of a lookup row named by a client's reference; a 400 naming `field` otherwise. */
export function resolveLookup(list: Named[], ref: LookupRef, field: string): number {
  let found: Named | undefined;
  if (typeof ref === 'number') found = list.find((r) => r.id === ref);
  else if (typeof ref === 'object') found = list.find((r) => r.id === ref.id);
  else if (/^\d+$/.test(ref)) found = list.find((r) => r.id === Number(ref));
  else found = findByName(list, ref);
  if (!found) {
    const got = typeof ref === 'object' ? `id ${ref.id}` : typeof ref === 'number' ? `id ${ref}` : JSON.stringify(ref);
    const message = `must be one of ${list.map(nameOf).join(', ')} (got ${got})`;
    throw new DomainError('invalid', 'validation_error', `${field} ${message}`, [{ path: field, message }]);
  }
  return found.id;
}

export function findByName<T extends Named>(list: T[], name: string): T | undefined {
  const n = name.trim().toLowerCase();
  return list.find((r) => nameOf(r).toLowerCase() === n);
}
