import {
  CATALOG_CSV_COLUMNS,
  type CatalogImportErrorBody,
  type CatalogImportPreview,
  type CatalogImportResult,
} from '@cratebase/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPath, apiUpload } from '../../../lib/api';
import { organizationKeys, productKeys } from '../../../lib/query-keys';

const importPath = (orgId: string) => apiPath`/api/product/organization/${orgId}/import`;

/** POST …/import/preview: parses and checks the file, writes nothing. */
export function previewCatalogImport(
  orgId: string,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
) {
  return apiUpload<CatalogImportPreview>(`${importPath(orgId)}/preview`, file, { onProgress, signal });
}

/** POST …/import: all rows in one transaction, upserted by SKU. */
export function commitCatalogImport(
  orgId: string,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
) {
  return apiUpload<CatalogImportResult>(importPath(orgId), file, { onProgress, signal });
}

/** The row errors of a refused import (400), when the server listed them. */
export function importErrorDetails(error: unknown): CatalogImportErrorBody | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const body = error.body as CatalogImportErrorBody;
  return Array.isArray(body.errors) ? body : null;
}

/** After an import the product list, the set-up status (step 3) and the organization change. */
export function useRefreshAfterImport(orgId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.lists(orgId) }),
      queryClient.invalidateQueries({ queryKey: organizationKeys.detail(orgId) }),
    ]);
}

/** Quotes a CSV field when it needs to be. */
function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The template's columns: the required ones and the volume pricing ones (issue 13 item 3). */
const TEMPLATE_COLUMNS = [...CATALOG_CSV_COLUMNS, 'order_increment', 'price_breaks'] as const;

/** Example rows of the downloadable template. */
export const TEMPLATE_ROWS: Record<(typeof TEMPLATE_COLUMNS)[number], string>[] = [
  {
    name: 'Smoked Chipotle Hot Sauce 5 oz',
    description: 'Small-batch sauce with smoked chipotle and roasted garlic.',
    sku: 'HS-CHIP-5',
    upc: '012345678905',
    order_unit: 'Case',
    quantity_per_unit: '12',
    wholesale_price: '42.00',
    retail_price: '7.99',
    weight: '5.5',
    weight_unit: 'lb',
    status: 'Live',
    inventory: '120',
    order_increment: '1',
    price_breaks: '10:39.50;25:37.00',
  },
  {
    name: 'Habanero Mango Hot Sauce 5 oz',
    description: 'Bright and fruity, medium heat.',
    sku: 'HS-HAB-5',
    upc: '',
    order_unit: 'Case',
    quantity_per_unit: '12',
    wholesale_price: '42.00',
    retail_price: '7.99',
    weight: '5.5',
    weight_unit: 'lb',
    status: 'Draft',
    inventory: '',
    order_increment: '2',
    price_breaks: '',
  },
];

/** The template CSV: the header and two example rows. */
export function catalogTemplateCsv(): string {
  const lines = [TEMPLATE_COLUMNS.join(',')];
  for (const row of TEMPLATE_ROWS) lines.push(TEMPLATE_COLUMNS.map((c) => csvField(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
