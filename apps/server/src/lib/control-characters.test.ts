/**
 * Control characters (a NUL above all, which PostgreSQL refuses) in any free-text field, in
 * the search text `q` or in a CSV cell: always a 400 naming the field (or the row and column),
 * never a 500. Property-based: random control characters at random places in several routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CATALOG_CSV_COLUMNS } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../test/support/harness.js';

let h: Harness;
let seller: TestUser & { orgId: string };
beforeAll(async () => {
  h = await createHarness();
  seller = await h.newOrgUser('Merchant');
});
afterAll(async () => h?.close());

/** A C0 control character (NUL most often), DEL or a C1 control. */
const control = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.constantFrom('\u007f', '\u0085', '\u009b') },
);
/** Control characters that multi-line text (descriptions, slogans) refuses: not tab, LF or CR. */
const multiLineControl = control.filter((c) => !['\t', '\n', '\r'].includes(c));
/** Ordinary text with a control character inside (not at an end, where whitespace is trimmed). */
const textWith = (bad: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.string({ maxLength: 12 }), bad, fc.string({ maxLength: 12 }))
    .map(([a, c, b]) => `A${a.replace(/\p{Cc}/gu, '')}${c}${b.replace(/\p{Cc}/gu, '')}z`);

type Request = { method: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown };
/** Each route with a text field to spoil: the request for a value, and the field the 400 must name. */
const bodyCases: { field: string; multiLine?: boolean; request: (value: string) => Request }[] = [
  {
    field: 'name',
    request: (v) => ({ method: 'PUT', url: '/api/product', body: { name: v, organization: { id: seller.orgId } } }),
  },
  {
    field: 'description',
    multiLine: true,
    request: (v) => ({
      method: 'PUT',
      url: '/api/product',
      body: { name: 'Soap', description: v, organization: { id: seller.orgId } },
    }),
  },
  {
    field: 'stock_keeping_unit',
    request: (v) => ({
      method: 'PUT',
      url: '/api/product',
      body: { name: 'Soap', stock_keeping_unit: v, organization: { id: seller.orgId } },
    }),
  },
  {
    field: 'tags.0',
    request: (v) => ({
      method: 'PUT',
      url: '/api/product',
      body: { name: 'Soap', tags: [v], organization: { id: seller.orgId } },
    }),
  },
  {
    field: 'name',
    request: (v) => ({ method: 'POST', url: '/api/organization', body: { selected_type: 'Buyer', name: v } }),
  },
  { field: 'name', request: (v) => ({ method: 'PUT', url: `/api/organization/${seller.orgId}`, body: { name: v } }) },
  {
    field: 'slogan',
    multiLine: true,
    request: (v) => ({ method: 'PUT', url: `/api/organization/${seller.orgId}`, body: { slogan: v } }),
  },
  ...(['line1', 'line2', 'city', 'first_name'] as const).map((field) => ({
    field,
    request: (v: string): Request => ({
      method: 'POST',
      url: `/api/organization/${seller.orgId}/address`,
      body: { line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', [field]: v },
    }),
  })),
  {
    field: 'name',
    request: (v) => ({
      method: 'POST',
      url: '/api/package_template',
      body: { name: v, height: 1, width: 2, length: 3, dimension_unit: 'in', organization_id: seller.orgId },
    }),
  },
  {
    field: 'to_emails.0',
    request: (v) => ({
      method: 'POST',
      url: '/api/invite/purchaser',
      body: { to_organization_id: seller.orgId, to_emails: [`${v}@example.com`] },
    }),
  },
  ...[
    `/api/product/organization/ORG`,
    `/api/product/organization/ORG/for-sale`,
    `/api/invite/organization/ORG`,
    `/api/order/organization/ORG/purchasers`,
  ].map((path) => ({
    field: 'q',
    request: (v: string): Request => ({
      method: 'GET',
      url: `${path.replace('ORG', seller.orgId)}?q=${encodeURIComponent(v)}`,
    }),
  })),
];

async function send(r: Request) {
  return h.call(r.method, r.url, { token: seller.token, ...(r.body === undefined ? {} : { body: r.body }) });
}

describe('control characters in text', () => {
  it('are a 400 naming the field in every route with free text, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bodyCases), textWith(control), async (c, value) => {
        const bad =
          c.multiLine && ['\t', '\n', '\r'].some((ok) => value.includes(ok))
            ? value.replace(/[\t\n\r]/g, '\u0000')
            : value;
        const res = await send(c.request(bad));
        expect(res.status, `${c.field} = ${JSON.stringify(bad)}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(c.field);
      }),
      { numRuns: 150 },
    );
  });

  it('are allowed as tab and line breaks in multi-line text only', async () => {
    const res = await send({
      method: 'PUT',
      url: '/api/product',
      body: { name: 'Soap', description: 'Line one\r\nLine two\tand a tab', organization: { id: seller.orgId } },
    });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe('Line one\r\nLine two\tand a tab');
    const name = await send({
      method: 'PUT',
      url: '/api/product',
      body: { name: 'Two\nlines', organization: { id: seller.orgId } },
    });
    expect([name.status, name.body.issues[0]]).toEqual([
      400,
      { path: 'name', message: 'must not contain line breaks or control characters' },
    ]);
  });

  it('are refused in CSV cells with the row and column named', async () => {
    const header = CATALOG_CSV_COLUMNS.join(',');
    const columns = ['name', 'description', 'sku'] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...columns), textWith(multiLineControl), async (column, value) => {
        const cells: Record<string, string> = { name: 'Soap', description: '', sku: 'S-1' };
        cells[column] = `"${value.replace(/"/g, '""')}"`;
        const file = `${header}\nGood,,G-1,,,,,,,,,\n${CATALOG_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',')}\n`;
        const url = `/api/product/organization/${seller.orgId}/import`;
        const headers = { 'content-type': 'text/csv' };
        const preview = await h.call('POST', `${url}/preview`, {
          token: seller.token,
          body: Buffer.from(file),
          headers,
        });
        expect(preview.status, JSON.stringify(preview.body)).toBe(200);
        expect(preview.body.errors).toEqual([
          { row: 3, field: column, message: expect.stringMatching(/control characters/) },
        ]);
        const commit = await h.call('POST', url, { token: seller.token, body: Buffer.from(file), headers });
        expect([commit.status, commit.body.issues?.[0]?.path]).toEqual([400, `row 3.${column}`]);
      }),
      { numRuns: 25 },
    );
    const list = await h.call('GET', `/api/product/organization/${seller.orgId}?q=Good`, { token: seller.token });
    expect(list.body).toEqual([]);
  });
});
