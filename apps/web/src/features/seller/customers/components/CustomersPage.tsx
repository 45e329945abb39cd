import { useState } from 'react';
import type { Customer } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../../components/DataTable';
import { PageHeader } from '../../../../components/PageHeader';
import { SearchField } from '../../../../components/SearchField';
import { errorMessage } from '../../../../lib/api';
import { formatDate, formatDay } from '../../../../lib/format';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useCustomers } from '../api';

/** Spec wording, with its typographic apostrophe. */
export const CUSTOMERS_EMPTY_TEXT = 'Customers haven’t been added yet';

export function initialsOfOrganization(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : name.trim().slice(0, 2);
  return letters.toUpperCase() || '?';
}

function EmptyCustomers({ orgId }: { orgId: string }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        sx={{
          width: 56,
          height: 56,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(110, 86, 207, 0.1)',
          color: 'primary.main',
        }}
      >
        <PeopleAltOutlinedIcon />
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ color: 'text.primary' }}>
        {CUSTOMERS_EMPTY_TEXT}
      </Typography>
      <Typography variant="body2" sx={{ maxWidth: 420 }}>
        A retailer becomes your customer as soon as they accept one of your invites.
      </Typography>
      <Button
        component={RouterLink}
        to={`/app/${orgId}/invites`}
        variant="contained"
        startIcon={<PersonAddAlt1Icon />}
        sx={{ mt: 1 }}
      >
        Invite customers
      </Button>
    </Stack>
  );
}

/** /app/{org_id}/customers: the organizations that buy from this seller. */
export function CustomersPage() {
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const customers = useCustomers(orgId, q);
  const rows = customers.data?.pages.flatMap((page) => page.items);
  const searching = q.length > 0;
  const noCustomersAtAll = !searching && rows?.length === 0;

  const columns: DataColumn<Customer>[] = [
    {
      header: 'Customer',
      cell: (customer) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar
            aria-hidden
            sx={{
              display: { xs: 'none', sm: 'flex' },
              width: 32,
              height: 32,
              fontSize: 13,
              fontWeight: 600,
              bgcolor: 'primary.light',
              color: '#ffffff',
            }}
          >
            {initialsOfOrganization(customer.organization.name)}
          </Avatar>
          <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 600, wordBreak: 'break-word' }}>
            {customer.organization.name}
          </Typography>
        </Stack>
      ),
    },
    { header: 'Last Order', cell: (customer) => formatDate(customer.last_order) },
    { header: 'Orders', cell: (customer) => customer.count, align: 'right', width: 90 },
    { header: 'Customer Since', cell: (customer) => formatDay(customer.customer_since), width: 150, hideOnPhone: true },
  ];

  return (
    <>
      <PageHeader title="Customers" subtitle="Retailers who accepted your invites, with their orders." />
      {!noCustomersAtAll && (
        <Box sx={{ mb: 2 }}>
          <SearchField label="Search by name" value={search} onChange={setSearch} />
        </Box>
      )}
      {customers.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void customers.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(customers.error)}
        </Alert>
      )}
      {!(customers.isError && !rows) && (
        <DataTable
          label="Customers"
          columns={columns}
          rows={rows}
          rowKey={(customer) => customer.organization.id}
          loading={customers.isPending}
          empty={
            searching ? (
              <Typography variant="body1">No customers match “{q}”.</Typography>
            ) : (
              <EmptyCustomers orgId={orgId} />
            )
          }
          onRowClick={(customer) =>
            navigate(`/app/${orgId}/customers/${customer.organization.id}`, { state: { customer } })
          }
          hasMore={customers.hasNextPage}
          loadingMore={customers.isFetchingNextPage}
          onLoadMore={() => void customers.fetchNextPage()}
        />
      )}
    </>
  );
}

export default CustomersPage;
