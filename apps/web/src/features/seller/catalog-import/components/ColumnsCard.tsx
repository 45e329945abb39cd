import type { ReactNode } from 'react';
import { CATALOG_IMPORT_MAX_ROWS } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useOrderUnits, useProductStates, useWeightUnits } from '../../api';

/** The documented columns (also in the README, "Catalogue CSV"). */
function useColumnDocs(): Array<{ column: string; required?: boolean; meaning: ReactNode; example: string }> {
  const orderUnits =
    useOrderUnits()
      .data?.map((u) => u.unit)
      .join(', ') ?? 'Each, Case, Pack, Box, Dozen';
  const weightUnits =
    useWeightUnits()
      .data?.map((u) => u.unit)
      .join(', ') ?? 'lb, oz, kg, g';
  const states =
    useProductStates()
      .data?.map((s) => s.state)
      .join(', ') ?? 'Draft, Live, Archived';
  return [
    {
      column: 'name',
      required: true,
      meaning: 'Product name, up to 200 characters.',
      example: 'Chipotle Hot Sauce',
    },
    {
      column: 'description',
      meaning: 'Shown on the product page; line breaks are kept.',
      example: 'Small-batch sauce…',
    },
    {
      column: 'sku',
      meaning:
        'Your stock keeping unit. A row whose SKU you already have updates that product; without a SKU, a product with the same name is updated.',
      example: 'HS-CHIP-5',
    },
    { column: 'upc', meaning: 'Barcode number, 8 to 14 digits.', example: '012345678905' },
    { column: 'order_unit', meaning: `How retailers order it: ${orderUnits}.`, example: 'Case' },
    { column: 'quantity_per_unit', meaning: 'Retail units in one order unit (whole number).', example: '12' },
    { column: 'wholesale_price', meaning: 'Price per order unit in dollars, up to 2 decimals.', example: '42.00' },
    { column: 'retail_price', meaning: 'Suggested retail price per retail unit in dollars.', example: '7.99' },
    { column: 'weight', meaning: 'Shipping weight of one order unit.', example: '5.5' },
    { column: 'weight_unit', meaning: `${weightUnits}.`, example: 'lb' },
    {
      column: 'status',
      meaning: `${states}. Empty: Draft for new products, unchanged for existing ones.`,
      example: 'Live',
    },
    { column: 'inventory', meaning: 'Units in stock (sets the count). Empty keeps the current count.', example: '120' },
    {
      column: 'order_increment',
      meaning:
        'Optional column. Sold in multiples of this many (whole number); empty means any quantity. Without the column, products keep theirs.',
      example: '6',
    },
    {
      column: 'price_breaks',
      meaning:
        'Optional column. Volume prices as quantity:dollars separated by semicolons, up to 5, quantities rising and prices falling below wholesale_price; empty removes them. Without the column, products keep theirs.',
      example: '12:4.10;24:3.90',
    },
    {
      column: 'handle',
      meaning:
        'Optional column. Rows with the same handle are the variants of one product, one row each: its first row has the product’s name, description, units, status and option names; the other rows leave those empty. Variants not in the file are kept.',
      example: 'heavy-tee',
    },
    {
      column: 'option1_name … option3_value',
      meaning:
        'Optional columns. Up to 3 options per product: the names (Size, Colour) on its first row, the variant’s values (M, Black) on every row.',
      example: 'Size / M',
    },
  ];
}

/** The catalogue CSV's columns, what each means, an example, and the template to download. */
export function ColumnsCard() {
  const docs = useColumnDocs();
  return (
    <Card component="section" aria-labelledby="csv-columns" sx={{ overflow: 'hidden' }}>
      <Box sx={{ p: { xs: 2.5, sm: 3 }, pb: 1.5 }}>
        <Typography id="csv-columns" variant="h6" component="h2">
          Columns
        </Typography>
        <Typography variant="body2">
          The first row names the columns (any order, any case). Every column but the optional ones must be present;
          cells other than name may be empty. Up to {CATALOG_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows per file.
        </Typography>
      </Box>
      <TableContainer>
        <Table size="small" aria-labelledby="csv-columns">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, pl: { xs: 2.5, sm: 3 } }}>Column</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>What it holds</TableCell>
              <TableCell sx={{ fontWeight: 600, display: { xs: 'none', md: 'table-cell' }, pr: 3 }}>Example</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {docs.map((doc) => (
              <TableRow key={doc.column}>
                {/* Column names have no spaces; "option1_name … option3_value" breaks at its own. */}
                <TableCell sx={{ pl: { xs: 2.5, sm: 3 }, verticalAlign: 'top', minWidth: 120 }}>
                  <Box component="code" sx={{ fontSize: 13, fontWeight: 600, color: 'primary.dark' }}>
                    {doc.column}
                  </Box>
                  {doc.required && (
                    <Typography variant="caption" sx={{ display: 'block', color: 'error.main' }}>
                      required
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <Typography variant="body2">{doc.meaning}</Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, verticalAlign: 'top', pr: 3 }}>
                  <Box component="code" sx={{ fontSize: 13, whiteSpace: 'nowrap' }}>
                    {doc.example}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
