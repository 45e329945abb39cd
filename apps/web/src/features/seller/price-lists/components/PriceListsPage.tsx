import { useState } from 'react';
import type { PriceList } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import { useNavigate, useParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/EmptyState';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { TintedIcon } from '../../../../components/TintedIcon';
import { useToast } from '../../../../components/Toast';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { STAFF_PRICE_LISTS_MESSAGE, useIsStaff } from '../../money-access';
import { useCreatePriceList, usePriceLists } from '../api';
import { listPercentLabel } from '../form';
import { PriceListDialog } from './PriceListDialog';

export const PRICE_LISTS_EMPTY_TEXT = 'No price lists yet';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const columns: DataColumn<PriceList>[] = [
  {
    header: 'Name',
    cell: (list) => (
      <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 600, wordBreak: 'break-word' }}>
        {list.name}
        {/* On a phone the prices and counts' columns are hidden: they go under the name. */}
        <Typography
          component="span"
          variant="caption"
          sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 400, color: 'text.secondary' }}
        >
          {listPercentLabel(list)} · {count(list.fixed_price_count, 'fixed price', 'fixed prices')} ·{' '}
          {count(list.hidden_product_count, 'hidden product', 'hidden products')}
        </Typography>
      </Typography>
    ),
  },
  { header: 'Prices', cell: listPercentLabel, width: 200, hideOnPhone: true },
  { header: 'Customers', cell: (list) => list.customer_count, align: 'right', width: 110 },
  { header: 'Fixed prices', cell: (list) => list.fixed_price_count, align: 'right', width: 120, hideOnPhone: true },
  {
    header: 'Hidden products',
    cell: (list) => list.hidden_product_count,
    align: 'right',
    width: 150,
    hideOnPhone: true,
  },
];

/** /app/{org_id}/price-lists: the seller's price lists, and New price list. */
export function PriceListsPage() {
  useOrganizationPageTitle('Price lists');
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const readOnly = useIsStaff(orgId);
  const lists = usePriceLists(orgId);
  const create = useCreatePriceList(orgId);
  const [open, setOpen] = useState(false);
  const hasLists = Boolean(lists.data && lists.data.length > 0);

  const newButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)} disabled={readOnly}>
      New price list
    </Button>
  );
  const close = () => {
    setOpen(false);
    create.reset();
  };

  return (
    <>
      <PageHeader
        title="Price lists"
        subtitle="Your prices for distributors and key accounts: a percentage off wholesale, fixed prices, products they do not see."
        actions={hasLists && !readOnly ? newButton : undefined}
      />
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {STAFF_PRICE_LISTS_MESSAGE}
        </Alert>
      )}
      {lists.isError ? (
        <QueryErrorAlert error={lists.error} onRetry={() => void lists.refetch()} />
      ) : (
        <DataTable
          label="Price lists"
          columns={columns}
          rows={lists.data}
          rowKey={(list) => list.id}
          loading={lists.isPending}
          skeletonRows={4}
          empty={
            <EmptyState
              icon={
                <TintedIcon>
                  <SellOutlinedIcon />
                </TintedIcon>
              }
              title={PRICE_LISTS_EMPTY_TEXT}
              action={readOnly ? undefined : newButton}
            >
              Give distributors and key accounts their own prices: a percentage off your wholesale prices, fixed prices
              per product, and products they do not see. Put a customer on a list from their customer page.
            </EmptyState>
          }
          onRowClick={(list) => navigate(`/app/${orgId}/price-lists/${list.id}`)}
        />
      )}
      {hasLists && (
        <Paper variant="outlined" sx={{ mt: 2, p: 2, bgcolor: 'transparent' }}>
          <Typography variant="body2">
            Customers on a list see its prices everywhere in your store, at checkout and on their invoices. Choose a
            customer’s list on their page under Customers.
          </Typography>
        </Paper>
      )}
      <PriceListDialog
        open={open}
        busy={create.isPending}
        error={create.error}
        onClose={close}
        onSave={(body) =>
          create.mutate(body, {
            onSuccess: (list) => {
              toast.show(`${list.name} created. Set its fixed prices below, or put customers on it.`);
              setOpen(false);
              void navigate(`/app/${orgId}/price-lists/${list.id}`);
            },
          })
        }
      />
    </>
  );
}

export default PriceListsPage;
