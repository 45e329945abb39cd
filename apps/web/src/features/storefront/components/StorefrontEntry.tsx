import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '../../../components/FullPageSpinner';
import { StatusPage } from '../../../components/StatusPage';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../account/api';
import { buyerLandingChoice } from '../../account/routing';

/** The bare /storefront: the buyer landing choice (spec section 2). */
export function StorefrontEntry() {
  const user = useCurrentUser();
  if (user.isPending) return <FullPageSpinner label="Opening your stores" />;
  if (user.isError) {
    return (
      <StatusPage
        icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} aria-hidden />}
        title="We could not load your stores"
        actions={
          <Button variant="contained" onClick={() => void user.refetch()}>
            Try again
          </Button>
        }
      >
        <Typography variant="body1">{errorMessage(user.error)}</Typography>
      </StatusPage>
    );
  }
  if (user.data === null) return <Navigate to="/details" replace />;
  return <Navigate to={buyerLandingChoice(user.data)} replace />;
}

export default StorefrontEntry;
