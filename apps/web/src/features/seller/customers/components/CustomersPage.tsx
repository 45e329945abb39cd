import { useState } from 'react';
import type { Customer } from '@cratebase/contract';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { DataColumn } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/EmptyState';
import { PagedTable } from '../../../../components/PagedTable';
import { PageHeader } from '../../../../components/PageHeader';
import { SearchField } from '../../../../components/SearchField';
import { TintedIcon } from '../../../../components/TintedIcon';
import { loadedItems } from '../../../../lib/api';
import { formatDate, formatDay } from '../../../../lib/format';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useCustomers } from '../api';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

/** Spec wording, with its typographic apostrophe. */
export const CUSTOMERS_EMPTY_TEXT = 'Customers haven’t been added yet';

export function initialsOfOrganization(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : name.trim().slice(0, 2);
  return letters.toUpperCase() || '?';
}

function EmptyCustomers({ orgId }: { orgId: string }) {
  return (
    <EmptyState
      icon={
        <TintedIcon>
          <PeopleAltOutlinedIcon />
        </TintedIcon>
      }
      title={CUSTOMERS_EMPTY_TEXT}
      action={
        <Button
          component={RouterLink}
          to={`/app/${orgId}/invites`}
          variant="contained"
          startIcon={<PersonAddAlt1Icon />}
          sx={{ mt: 1 }}
        >
          Invite customers
        </Button>
      }
    >
      A retailer becomes your customer as soon as they accept one of your invites.
    </EmptyState>
  );
}

/** /app/{org_id}/customers: the organizations that buy from this seller. */
export function CustomersPage() {
  useOrganizationPageTitle('Customers');
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const customers = useCustomers(orgId, q);
  const rows = loadedItems(customers.data);
  const searching = q.length > 0;
  const noCustomersAtAll = !searching && rows?.length === 0;

  const columns: DataColumn<Customer>[] = [
    {
      header: 'Customer',
      cell: (customer) => (
        // A gap, not a margin: the avatar hidden on phones leaves no indent before the name.
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar
            aria-hidden
            sx={{
              display: { xs: 'none', sm: 'flex' },
              width: 32,
              height: 32,
              fontSize: 13,
              fontWeight: 600,
              // White initials need the darker primary to be legible (4.5:1).
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
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
      <PagedTable
        query={customers}
        label="Customers"
        columns={columns}
        rowKey={(customer) => customer.organization.id}
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
      />
    </>
  );
}

export default CustomersPage;
