import type { LineSheetProduct } from '@cratebase/contract';
import { formatShipDay, formatShipWindow, lineSheetOrderRules } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { formatCents } from '../../lib/format';
import { imageSources } from '../../lib/image-sources';

/** "$12.00" or "$12.00–$14.00"; "Price on request" without one. */
export function wholesaleText(p: Pick<LineSheetProduct, 'price_range' | 'unit_price_in_cents'>): string {
  if (p.price_range) {
    return p.price_range.min === p.price_range.max
      ? formatCents(p.price_range.min)
      : `${formatCents(p.price_range.min)}–${formatCents(p.price_range.max)}`;
  }
  return p.unit_price_in_cents === null ? 'Price on request' : formatCents(p.unit_price_in_cents);
}

/** One product of a line sheet: photo, name, SKU, wholesale and retail price, order rules, ship window, variants. */
export function LineSheetProductCard({ product: p }: { product: LineSheetProduct }) {
  const sources = p.image ? imageSources(p.image.url, p.image.variants, p.image.width, { withOriginal: false }) : null;
  const w = p.ship_window;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={p.name}
      sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ aspectRatio: '1 / 1', bgcolor: 'grey.50', display: 'grid', placeItems: 'center' }}>
        {sources ? (
          <Box
            component="img"
            src={sources.src}
            srcSet={sources.srcSet}
            sizes="(max-width: 600px) 50vw, 280px"
            alt={p.name}
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <ImageOutlinedIcon sx={{ fontSize: 40, color: 'text.disabled' }} aria-hidden />
        )}
      </Box>
      <Stack spacing={0.5} sx={{ p: 1.5, flex: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
          {p.name}
        </Typography>
        {p.stock_keeping_unit && p.variants.length === 0 && (
          <Typography variant="caption">SKU {p.stock_keeping_unit}</Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.primary' }}>
          <strong>Wholesale {wholesaleText(p)}</strong>
          {p.msrp_in_cents !== null && <> · Retail {formatCents(p.msrp_in_cents)}</>}
        </Typography>
        <Typography variant="caption">{lineSheetOrderRules(p)}</Typography>
        {w?.ships_from && w.ships_until && (
          <Box>
            <Chip
              size="small"
              color="info"
              variant="outlined"
              label={`Pre-order · ships ${formatShipWindow(w.ships_from, w.ships_until)}${w.order_by ? ` · order by ${formatShipDay(w.order_by)}` : ''}`}
              sx={{
                height: 'auto',
                color: 'text.primary',
                fontWeight: 600,
                '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
              }}
            />
          </Box>
        )}
        {p.variants.length > 0 && (
          <Box
            component="details"
            sx={{ mt: 0.5, '& summary': { cursor: 'pointer', typography: 'caption', color: 'primary.main' } }}
          >
            <summary>
              {p.variants.length} variants · {p.options.map((o) => o.name).join(', ')}
            </summary>
            <Box component="ul" sx={{ m: 0, mt: 0.5, p: 0, listStyle: 'none' }}>
              {p.variants.map((v) => (
                <Typography key={v.id} component="li" variant="caption" sx={{ display: 'block' }}>
                  {v.title}
                  {v.stock_keeping_unit ? ` · ${v.stock_keeping_unit}` : ''} ·{' '}
                  {v.unit_price_in_cents === null ? '—' : formatCents(v.unit_price_in_cents)}
                </Typography>
              ))}
            </Box>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

/** The products of a sheet in a responsive grid: two columns on a phone, up to four on a wide screen. */
export function LineSheetProductGrid({ products }: { products: LineSheetProduct[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {products.map((p) => (
        <LineSheetProductCard key={p.id} product={p} />
      ))}
    </Box>
  );
}
