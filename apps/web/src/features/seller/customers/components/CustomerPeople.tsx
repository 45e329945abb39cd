import { TEAM_ROLE_LABELS, phoneHref, type CustomerPerson } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export const CUSTOMER_PEOPLE_TITLE = 'People';
export const CUSTOMER_PEOPLE_EMPTY_TEXT = 'Nobody has joined this customer’s account yet.';

function Person({ person }: { person: CustomerPerson }) {
  const name = person.name?.trim();
  return (
    <Box component="li" sx={{ py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="subtitle2" component="span" sx={{ overflowWrap: 'anywhere' }}>
          {name || person.email}
        </Typography>
        <Chip size="small" variant="outlined" label={TEAM_ROLE_LABELS[person.role]} />
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.25, sm: 2 }}
        sx={{ mt: 0.5, typography: 'body2', minWidth: 0 }}
      >
        <Link href={`mailto:${person.email}`} sx={{ overflowWrap: 'anywhere' }} aria-label={name ? `E-mail ${name} at ${person.email}` : undefined}>
          {person.email}
        </Link>
        {person.phone ? (
          <Link href={phoneHref(person.phone)} aria-label={`Call ${name || person.email} at ${person.phone}`}>
            {person.phone}
          </Link>
        ) : (
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            No phone given
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

/**
 * The customer's people on its page (issue 27): each member of the purchasing organization with
 * their name (or e-mail when they never gave one), role, e-mail and phone.
 */
export function CustomerPeople({ people, loading }: { people: CustomerPerson[] | undefined; loading: boolean }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="customer-people-title" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id="customer-people-title" variant="h6" component="h2">
        {CUSTOMER_PEOPLE_TITLE}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Who buys for this customer: write or call them about an order.
      </Typography>
      {people === undefined ? (
        loading ? (
          <Stack spacing={1} sx={{ mt: 1.5 }} aria-label="Loading people">
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="text" width="60%" />
          </Stack>
        ) : null
      ) : people.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          {CUSTOMER_PEOPLE_EMPTY_TEXT}
        </Typography>
      ) : (
        <Box component="ul" aria-label={CUSTOMER_PEOPLE_TITLE} sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}>
          {people.map((person) => (
            <Person key={person.email} person={person} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
