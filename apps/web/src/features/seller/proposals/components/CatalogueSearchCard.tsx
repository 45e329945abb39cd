import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Product, ProductVariant, Proposal } from '@cratebase/contract';
import { firstOrderQuantity } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import { ProposalCard } from '../../../../components/orders/ProposalLines';
import { SearchField } from '../../../../components/SearchField';
import { errorMessage } from '../../../../lib/api';
import { formatCents } from '../../../../lib/format';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useEditProposalLines, useProposalProductSearch } from '../api';
import { isSellable, matrixButtonLabel, ProposalVariantMatrix, variantRules as rulesOf } from './ProposalVariantMatrix';

function VariantRow({
  product,
  variant,
  inOrder,
  onAdd,
}: {
  product: Product;
  variant: ProductVariant;
  inOrder: boolean;
  onAdd: () => void;
}) {
  const hasOptions = product.options.length > 0;
  const name = hasOptions ? `${product.name} — ${variant.title}` : product.name;
  const stock = variant.track_inventory ? `${variant.inventory_count} in stock` : null;
  const sellable = isSellable(product, variant);
  const label = inOrder ? 'In order' : sellable ? 'Add' : 'Not for sale';
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', py: 1, pl: hasOptions ? 2 : 0, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 500, overflowWrap: 'anywhere' }}>
          {hasOptions ? variant.title : product.name}
        </Typography>
        <Typography variant="caption" component="p">
          {[
            variant.stock_keeping_unit,
            variant.unit_price_in_cents === null ? 'No price' : `Wholesale ${formatCents(variant.unit_price_in_cents)}`,
            stock,
            firstOrderQuantity(rulesOf(product, variant)) > 1
              ? `min ${firstOrderQuantity(rulesOf(product, variant))}`
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <Button
        size="small"
        variant={inOrder ? 'text' : 'outlined'}
        startIcon={inOrder ? undefined : <AddIcon />}
        disabled={inOrder || !sellable}
        onClick={onAdd}
        aria-label={sellable && !inOrder ? `Add ${name}` : `${label}: ${name}`}
        sx={{ flexShrink: 0 }}
      >
        {label}
      </Button>
    </Stack>
  );
}

const matrixButtonId = (productId: string) => `order-grid-${productId}`;

/** Search the catalogue and add lines: a product with options lists its variants as rows. */
export function CatalogueSearchCard({ orgId, proposal }: { orgId: string; proposal: Proposal }) {
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), 250);
  const search = useProposalProductSearch(orgId, q);
  const edit = useEditProposalLines(orgId, proposal.id);
  const inOrder = new Set(proposal.lines.map((l) => l.product_id));
  const products = search.data ?? [];
  // The product whose order grid is open (in place of the results), and the one whose grid was closed.
  const [matrix, setMatrix] = useState<Product | null>(null);
  const closed = useRef<string | null>(null);
  useEffect(() => {
    if (matrix || !closed.current) return;
    document.getElementById(matrixButtonId(closed.current))?.focus();
    closed.current = null;
  }, [matrix]);
  const closeMatrix = () => {
    closed.current = matrix?.id ?? null;
    setMatrix(null);
  };

  const add = (product: Product, variant: ProductVariant) =>
    edit.mutate((lines) => [
      ...lines,
      { product_id: variant.id, quantity: firstOrderQuantity(rulesOf(product, variant)) },
    ]);

  const onSearchKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const sku = input.trim().toLowerCase();
    // Only the answer to what is typed now (the search waits for typing to pause).
    if (!sku || q.toLowerCase() !== sku || search.isPlaceholderData) return;
    for (const product of products) {
      const variant = product.variants.find((v) => v.stock_keeping_unit?.toLowerCase() === sku);
      if (variant && variant.available && !inOrder.has(variant.id)) {
        add(product, variant);
        setInput('');
        return;
      }
    }
  };

  return (
    <ProposalCard title="Add products">
      <Stack spacing={2}>
        {/* Quick entry: a SKU typed whole and Enter adds that product or variant. */}
        <Box onKeyDown={onSearchKey}>
          <SearchField
            label="Search your catalog by name or SKU"
            value={input}
            onChange={(value) => {
              setInput(value);
              setMatrix(null);
            }}
          />
        </Box>
        <Typography variant="caption" component="p" sx={{ mt: '4px !important' }}>
          Type a whole SKU and press Enter to add it.
        </Typography>
        {edit.isError && <Alert severity="error">{errorMessage(edit.error)}</Alert>}
        {search.isError && <Alert severity="error">{errorMessage(search.error)}</Alert>}
        {matrix ? (
          <ProposalVariantMatrix orgId={orgId} proposal={proposal} product={matrix} onClose={closeMatrix} />
        ) : search.isPending ? (
          <Stack spacing={1} role="status" aria-label="Loading products">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={44} />
            ))}
          </Stack>
        ) : products.length === 0 ? (
          <Typography variant="body2">{q ? `No product matches “${q}”.` : 'You have no products yet.'}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Products found"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              maxHeight: 420,
              overflowY: 'auto',
              opacity: search.isFetching ? 0.7 : 1,
            }}
          >
            {products.map((product) =>
              product.options.length === 0 ? (
                <VariantRow
                  key={product.id}
                  product={product}
                  variant={product.variants[0]!}
                  inOrder={inOrder.has(product.variants[0]?.id ?? product.id)}
                  onAdd={() => add(product, product.variants[0]!)}
                />
              ) : (
                <li key={product.id}>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{
                      alignItems: 'center',
                      justifyContent: 'space-between',
                      py: 1,
                      borderTop: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Typography
                      variant="body2"
                      sx={{ color: 'text.primary', fontWeight: 600, overflowWrap: 'anywhere' }}
                    >
                      {product.name}
                    </Typography>
                    {product.variants.some((v) => isSellable(product, v)) && (
                      <Button
                        id={matrixButtonId(product.id)}
                        size="small"
                        startIcon={<GridOnOutlinedIcon />}
                        onClick={() => setMatrix(product)}
                        aria-label={`${matrixButtonLabel(product)}: ${product.name}`}
                        sx={{ flexShrink: 0 }}
                      >
                        {matrixButtonLabel(product)}
                      </Button>
                    )}
                  </Stack>
                  <Box component="ul" aria-label={`${product.name} variants`} sx={{ m: 0, p: 0, listStyle: 'none' }}>
                    {product.variants.map((variant) => (
                      <VariantRow
                        key={variant.id}
                        product={product}
                        variant={variant}
                        inOrder={inOrder.has(variant.id)}
                        onAdd={() => add(product, variant)}
                      />
                    ))}
                  </Box>
                </li>
              ),
            )}
          </Box>
        )}
      </Stack>
    </ProposalCard>
  );
}
