import { useState } from 'react';
import type { LineSheet, LineSheetProduct, Product } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { wholesaleText } from '../../../../components/line-sheets/LineSheetProductCard';
import { errorMessage } from '../../../../lib/api';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useProductSearch, useSetLineSheetProducts } from '../api';

function Thumb({ product }: { product: LineSheetProduct | undefined }) {
  const url = product?.image?.variants['200'] ?? product?.image?.url;
  return (
    <Box
      sx={{
        width: 44,
        height: 44,
        flex: '0 0 44px',
        borderRadius: 1,
        bgcolor: 'grey.100',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
      }}
    >
      {url ? (
        <Box component="img" src={url} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <ImageOutlinedIcon sx={{ color: 'text.disabled' }} aria-hidden />
      )}
    </Box>
  );
}

/** The chosen products in the sheet's order: add by search, move up or down, remove. Each change is saved at once. */
export function SheetProductsCard({ orgId, sheet }: { orgId: string; sheet: LineSheet }) {
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), 250);
  const search = useProductSearch(orgId, q);
  const save = useSetLineSheetProducts(orgId, sheet.id);
  const ids = sheet.product_ids;
  const listed = new Map(sheet.products.map((p) => [p.id, p]));
  const options = (search.data ?? []).filter((p) => !ids.includes(p.id));

  const setIds = (next: string[]) => save.mutate(next);
  const move = (i: number, by: number) => {
    const next = [...ids];
    const [id] = next.splice(i, 1);
    next.splice(i + by, 0, id!);
    setIds(next);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="sheet-products-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id="sheet-products-title" variant="h6" component="h2">
          Products ({ids.length})
        </Typography>
        <Autocomplete<Product>
          options={options}
          value={null}
          inputValue={input}
          onInputChange={(_e, value, reason) => {
            if (reason !== 'reset') setInput(value);
          }}
          onChange={(_e, product) => {
            if (product) {
              setIds([...ids, product.id]);
              setInput('');
            }
          }}
          filterOptions={(x) => x}
          getOptionLabel={(p) => p.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={search.isFetching}
          noOptionsText={q ? 'No product matches' : 'No more products to add'}
          renderOption={({ key, ...props }, p) => (
            <li key={key} {...props}>
              <Stack sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ color: 'text.primary' }}>
                  {p.name}
                </Typography>
                <Typography variant="caption">
                  {[p.stock_keeping_unit, p.state?.state].filter(Boolean).join(' · ')}
                </Typography>
              </Stack>
            </li>
          )}
          renderInput={(params) => <TextField {...params} label="Add a product" placeholder="Search by name or SKU" />}
        />
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        {ids.length === 0 ? (
          <Typography variant="body2">
            No products yet: search above to add them. The sheet lists them in this order.
          </Typography>
        ) : (
          <Stack component="ol" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Chosen products">
            {ids.map((id, i) => {
              const p = listed.get(id);
              const name = p?.name ?? 'A product that is not live';
              return (
                <Stack
                  key={id}
                  component="li"
                  direction="row"
                  spacing={1.5}
                  sx={{ alignItems: 'center', opacity: save.isPending ? 0.7 : 1 }}
                >
                  <Thumb product={p} />
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography
                      variant="body2"
                      sx={{ color: 'text.primary', fontWeight: 500, overflowWrap: 'anywhere' }}
                    >
                      {name}
                    </Typography>
                    <Typography variant="caption" component="p">
                      {p
                        ? [p.stock_keeping_unit, wholesaleText(p)].filter(Boolean).join(' · ')
                        : 'Left out of the sheet until it is Live'}
                    </Typography>
                  </Box>
                  <IconButton
                    size="small"
                    aria-label={`Move ${name} up`}
                    disabled={i === 0 || save.isPending}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Move ${name} down`}
                    disabled={i === ids.length - 1 || save.isPending}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Remove ${name}`}
                    disabled={save.isPending}
                    onClick={() => setIds(ids.filter((x) => x !== id))}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Stack>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
