import type { LineSheetRequest } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { formatDate } from '../../../../lib/format';
import { useInviteFromRequest, useLineSheetRequests } from '../api';

function RequestRow({
  request,
  inviting,
  onInvite,
}: {
  request: LineSheetRequest;
  inviting: boolean;
  onInvite: () => void;
}) {
  return (
    <Stack component="li" spacing={1} sx={{ py: 1.5, alignItems: 'flex-start' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3" sx={{ color: 'text.primary' }}>
          {request.store_name}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {request.contact_name} · <Link href={`mailto:${request.email}`}>{request.email}</Link>
          {request.phone && <> · {request.phone}</>}
        </Typography>
        {request.message && (
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line', color: 'text.primary' }}>
            “{request.message}”
          </Typography>
        )}
        <Typography variant="caption" component="p">
          Received {formatDate(request.created_at)}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0 }}>
        {request.invited_at ? (
          <Chip
            color="success"
            variant="outlined"
            size="small"
            label={`Invited ${formatDate(request.invited_at)}`}
            sx={{ color: 'text.primary', fontWeight: 600 }}
          />
        ) : (
          <Button
            variant="contained"
            size="small"
            startIcon={<PersonAddAlt1Icon />}
            disabled={inviting}
            onClick={onInvite}
            aria-label={`Invite ${request.store_name}`}
          >
            Invite
          </Button>
        )}
      </Box>
    </Stack>
  );
}

/** Requests to order sent from the shared page; Invite sends the store a customer invite. */
export function RequestsCard({ sheetId }: { sheetId: string }) {
  const requests = useLineSheetRequests(sheetId);
  const invite = useInviteFromRequest(sheetId);
  const toast = useToast();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sheet-requests-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="sheet-requests-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Requests to order
      </Typography>
      {requests.isPending && <Skeleton variant="rounded" height={64} aria-label="Loading requests" />}
      {requests.isError && <Alert severity="error">{errorMessage(requests.error)}</Alert>}
      {requests.data && requests.data.length === 0 && (
        <Typography variant="body2">
          None yet. Stores that open the shared link can ask to order; you are e-mailed, and can invite them here with
          one click.
        </Typography>
      )}
      {requests.data && requests.data.length > 0 && (
        <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {requests.data.map((request) => (
            <RequestRow
              key={request.id}
              request={request}
              inviting={invite.isPending && invite.variables === request.id}
              onInvite={() =>
                invite.mutate(request.id, {
                  onSuccess: () => toast.show(`Invite sent to ${request.email}`),
                  onError: (error) => toast.show(errorMessage(error), { severity: 'error' }),
                })
              }
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
