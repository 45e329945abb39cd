/**
 * Package templates: the seller's usual box (H × W × L and a unit) for shipping estimates.
 * Names are unique per organization (case-insensitive): saving "Default Package" again
 * updates it instead of adding a second one.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_PACKAGE_NAME, type PackageTemplate, type PackageTemplateInput } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { getLookups, resolveLookup, type Lookups } from '../products/lookups.js';
import { pgErrorCode } from '../products/service.js';

type TemplateRow = {
  id: string;
  organization_id: string;
  name: string;
  height: number;
  width: number;
  length: number;
  dimension_unit_id: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const columns = sql`id, organization_id, name, height::float8 as height, width::float8 as width, length::float8 as length,
  dimension_unit_id, created_at, updated_at`;
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function toTemplate(lk: Lookups, r: TemplateRow): PackageTemplate {
  return {
    id: r.id,
    name: r.name,
    height: r.height,
    width: r.width,
    length: r.length,
    dimension_unit: lk.dimensionUnitById.get(r.dimension_unit_id)!,
    organization_id: r.organization_id,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export async function savePackageTemplate(
  ctx: AppContext,
  input: PackageTemplateInput,
): Promise<PackageTemplate> {
  const orgId = input.organization_id;
  const lk = await getLookups(ctx.db);
  const unitId = resolveLookup(lk.dimensionUnits, input.dimension_unit, 'dimension_unit');
  const [h, w, l] = [input.height, input.width, input.length].map((v) => String(v));
  try {
    const result = input.id
      ? await ctx.db.execute<TemplateRow>(sql`
          update package_templates
             set name = ${input.name}, height = ${h}, width = ${w}, length = ${l},
                 dimension_unit_id = ${unitId}, updated_at = now()
           where id = ${input.id} and organization_id = ${orgId}
          returning ${columns}`)
      : await ctx.db.execute<TemplateRow>(sql`
          insert into package_templates (organization_id, name, height, width, length, dimension_unit_id)
          values (${orgId}, ${input.name}, ${h}, ${w}, ${l}, ${unitId})
          on conflict (organization_id, lower(name)) do update
             set height = excluded.height, width = excluded.width, length = excluded.length,
                 dimension_unit_id = excluded.dimension_unit_id, updated_at = now()
          returning ${columns}`);
    const row = result.rows[0];
    if (!row) throw notFound('Package template');
    return toTemplate(lk, row);
  } catch (err) {
    if (pgErrorCode(err).code === '23505') {
      throw conflict(`name: another package template is already named "${input.name}".`, 'duplicate_name');
    }
    throw err;
  }
}

export async function listPackageTemplates(ctx: AppContext, organizationId: string): Promise<PackageTemplate[]> {
  const [result, lk] = await Promise.all([
    ctx.db.execute<TemplateRow>(sql`
      select ${columns} from package_templates
       where organization_id = ${organizationId}
       order by created_at asc, id asc`),
    getLookups(ctx.db),
  ]);
  return result.rows.map((r) => toTemplate(lk, r));
}

/**
 * The box shipping estimates price the seller's orders in: the template named "Default
 * Package" (the one the Shipping Details dialog saves), else the oldest — the one that dialog
 * shows. Null when the seller has none.
 */
export async function shippingPackageTemplate(
  ctx: AppContext,
  organizationId: string,
): Promise<{ length: number; width: number; height: number; dimension_unit: string } | null> {
  const [result, lk] = await Promise.all([
    ctx.db.execute<TemplateRow>(sql`
      select ${columns} from package_templates
       where organization_id = ${organizationId}
       order by lower(name) = lower(${DEFAULT_PACKAGE_NAME}) desc, created_at asc, id asc
       limit 1`),
    getLookups(ctx.db),
  ]);
  const row = result.rows[0];
  if (!row) return null;
  const unit = lk.dimensionUnitById.get(row.dimension_unit_id);
  return { length: row.length, width: row.width, height: row.height, dimension_unit: unit?.unit ?? '' };
}
