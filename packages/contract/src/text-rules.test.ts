import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { hasControlCharacter, hasMultiLineControlCharacter } from './text-rules.js';
import { ListQuery } from './common.js';
import { ProductInput } from './products.js';
import { CreateOrganizationBody, UpdateOrganizationBody } from './organization.js';
import { AddressInput, PackageTemplateInput } from './addresses.js';
import { CreateInvitesBody } from './invites.js';

const ORG = '6f1c2b9e-8a4d-4c1e-9f3a-2b7d5e8c1a40';

/** Every C0 control character, DEL and the C1 controls. */
const control = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCharCode(code));
/** Control characters that multi-line text refuses too (not tab, line feed or carriage return). */
const multiLineControl = control.filter((c) => !['\t', '\n', '\r'].includes(c));

/**
 * Ordinary text with `bad` inside it. (Inside: tabs and line breaks at either end are trimmed
 * away like spaces, so they never reach the database.)
 */
const textWith = (bad: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.string({ maxLength: 20 }), bad, fc.string({ maxLength: 20 }))
    .map(([before, c, after]) => `a${before.replace(/\p{Cc}/gu, '')}${c}${after.replace(/\p{Cc}/gu, '')}z`);

/** A valid body for each schema, and the text fields to spoil (a path into the body). */
const cases: {
  name: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  fields: (string | number)[][];
  multiLine?: (string | number)[][];
}[] = [
  {
    name: 'ProductInput',
    schema: ProductInput,
    valid: {
      name: 'Soap',
      description: 'Lavender',
      stock_keeping_unit: 'S-1',
      tags: ['bath'],
      order_unit: 'Case',
      organization: { id: ORG },
    },
    fields: [['name'], ['stock_keeping_unit'], ['tags', 0], ['order_unit']],
    multiLine: [['description']],
  },
  {
    name: 'CreateOrganizationBody',
    schema: CreateOrganizationBody,
    valid: { selected_type: 'Merchant', name: 'Maple' },
    fields: [['name']],
  },
  {
    name: 'UpdateOrganizationBody',
    schema: UpdateOrganizationBody,
    valid: { name: 'Maple', slogan: 'Small batch' },
    fields: [['name']],
    multiLine: [['slogan']],
  },
  {
    name: 'AddressInput',
    schema: AddressInput,
    valid: {
      first_name: 'Ann',
      last_name: 'Lee',
      line1: '1 Main St',
      line2: 'Suite 2',
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
    },
    fields: [['first_name'], ['last_name'], ['line1'], ['line2'], ['city'], ['state'], ['postal_code']],
  },
  {
    name: 'PackageTemplateInput',
    schema: PackageTemplateInput,
    valid: { name: 'Box', height: 1, width: 2, length: 3, dimension_unit: 'in', organization_id: ORG },
    fields: [['name']],
  },
  {
    name: 'CreateInvitesBody',
    schema: CreateInvitesBody,
    valid: { to_organization_id: ORG, to_emails: ['a@example.com'] },
    fields: [['to_emails', 0]],
  },
  { name: 'ListQuery', schema: ListQuery, valid: { q: 'soap' }, fields: [['q']] },
];

function withValue(body: Record<string, unknown>, field: (string | number)[], value: string) {
  const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  let at: any = copy;
  for (const key of field.slice(0, -1)) at = at[key];
  at[field[field.length - 1]!] = value;
  return copy;
}

describe('control characters', () => {
  it('are found by the plain helpers: any of them on one line, all but tab and line breaks across lines', () => {
    expect(hasControlCharacter('Soap\u0000')).toBe(true);
    expect(hasControlCharacter('Tab\there')).toBe(true);
    expect(hasControlCharacter('Crème brûlée — 12 oz')).toBe(false);
    expect(hasMultiLineControlCharacter('Two\r\nlines\tand a tab')).toBe(false);
    expect(hasMultiLineControlCharacter('Bell\u0007')).toBe(true);
    expect(hasMultiLineControlCharacter('Delete\u007f')).toBe(true);
  });

  it('the valid bodies are valid', () => {
    for (const c of cases) expect(c.schema.safeParse(c.valid).success, c.name).toBe(true);
  });

  for (const c of cases) {
    it(`make ${c.name} fail naming the field`, () => {
      const field = fc.constantFrom(...c.fields);
      fc.assert(
        fc.property(field, textWith(control), (path, value) => {
          const result = c.schema.safeParse(withValue(c.valid, path, value));
          expect(result.success).toBe(false);
          expect(result.error!.issues.map((i) => i.path.join('.'))).toContain(path.join('.'));
        }),
      );
      if (c.multiLine) {
        fc.assert(
          fc.property(fc.constantFrom(...c.multiLine), textWith(multiLineControl), (path, value) => {
            const result = c.schema.safeParse(withValue(c.valid, path, value));
            expect(result.success).toBe(false);
            expect(result.error!.issues[0]).toMatchObject({
              path,
              message: 'must not contain control characters',
            });
          }),
        );
        for (const path of c.multiLine) {
          expect(c.schema.safeParse(withValue(c.valid, path, 'Line one\r\nLine two\tand a tab')).success).toBe(true);
        }
      }
    });
  }
});
