import Button from '@mui/material/Button';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { EmptyState } from '../../../../components/EmptyState';
import { TintedIcon } from '../../../../components/TintedIcon';

/**
 * What the catalogue shows without products (the grid and the quick-order sheet): a search
 * without results, with the way back to every product, or a store with nothing for sale yet.
 */
export function CatalogEmpty({ q, storeName, onClearSearch }: { q: string; storeName: string; onClearSearch: () => void }) {
  return q ? (
    <EmptyState
      icon={
        <TintedIcon>
          <SearchOffIcon />
        </TintedIcon>
      }
      title={`No products match “${q}”.`}
      action={<Button onClick={onClearSearch}>Show all products</Button>}
      sx={{ py: 6, px: 2, textAlign: 'center' }}
    >
      Check the spelling, or search for a shorter word or a SKU.
    </EmptyState>
  ) : (
    <EmptyState
      icon={
        <TintedIcon shape="rounded">
          <Inventory2OutlinedIcon />
        </TintedIcon>
      }
      title={`${storeName} has no products for sale yet.`}
      sx={{ py: 6, px: 2, textAlign: 'center' }}
    >
      Products appear here as soon as the seller publishes them. Come back soon.
    </EmptyState>
  );
}
