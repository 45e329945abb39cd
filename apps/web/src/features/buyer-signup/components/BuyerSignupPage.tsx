import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { Organization } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSignedInProfile } from '../../../lib/auth-hooks';
import { clearBuyerSignupKeys } from '../../../lib/storage';
import { createOrganization, createUserAccount, refreshCurrentUser } from '../../../lib/current-user';
import { BusinessNameField, SignedInEmailField } from '../../../components/AccountFields';
import { AccountHeader } from '../../../components/AccountHeader';
import { AccountLayout } from '../../../components/AccountLayout';
import { ConsentCheckboxes } from '../../../components/ConsentCheckboxes';
import { ContactFields } from '../../../components/ContactFields';
import { contactBody, contactIssues, saveContact, type ContactValues } from '../../../lib/contact';
import { acceptInvite, isAlreadyPurchaser, saveBuyerSignupKeys, savedBuyerSignupKeys } from '../../../lib/invites';
import { usePageTitle } from '../../../lib/use-page-title';
import { userQueryKey } from '../../../lib/query-keys';

export const WORKING_TITLE = 'We are setting up your account!';
export const WORKING_TEXT = 'Your wholesale process is about to be much simpler.';
export const TERMS_TEXT = 'By signing up, you agree to our Terms and privacy policy.';

type Phase =
  | { kind: 'accepting' }
  | { kind: 'form' }
  | { kind: 'creating' }
  | { kind: 'finishing' }
  | { kind: 'failed'; message: string };

function Working() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 2, sm: 4 } }} role="status">
      <CircularProgress size={44} thickness={4.5} aria-hidden />
      <Typography variant="h5" component="h1">
        {WORKING_TITLE}
      </Typography>
      <Typography variant="body1">{WORKING_TEXT}</Typography>
    </Stack>
  );
}

/** Spec "Buyer sign-up after invite" for one invite: accept, then create the Buyer organization. */
function BuyerSignup({ inviteId, orgId }: { inviteId: string; orgId: string }) {
  const profile = useSignedInProfile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'accepting' });
  const [sellerName, setSellerName] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [name, setName] = useState('');
  // Issue 27: the person behind the store (name required, phone optional), saved to the user.
  const [person, setPerson] = useState<ContactValues>({ name: '', phone: '' });
  const [touched, setTouched] = useState<{ name?: boolean; phone?: boolean; all?: boolean }>({});
  const [terms, setTerms] = useState(true);
  const [emails, setEmails] = useState(true);
  const [formError, setFormError] = useState<unknown>(null);
  /** Which call `formError` came from: the person's details or the store's creation. */
  const [errorFrom, setErrorFrom] = useState<'person' | 'store'>('store');
  // An organization created by an earlier attempt whose invite link failed: not created twice.
  const created = useRef<Organization | null>(null);
  const started = useRef(false);

  const finish = useCallback(
    async (sellerId: string, newBuyerOrgId?: string) => {
      setPhase({ kind: 'finishing' });
      // Load the user with the new store before opening it.
      await refreshCurrentUser(queryClient);
      clearBuyerSignupKeys();
      // A new buyer organization gets the optional resale certificate step first (issue 25 part 5).
      const store = `/storefront/${sellerId}`;
      navigate(
        newBuyerOrgId
          ? `/storefront/resale-certificate/${newBuyerOrgId}?signup=1&next=${encodeURIComponent(store)}`
          : store,
        { replace: true },
      );
    },
    [navigate, queryClient],
  );

  /** Step 1: make sure the user row exists (new sign-ups), then accept the invite. */
  const runAccept = useCallback(async () => {
    setPhase({ kind: 'accepting' });
    try {
      const user = await createUserAccount();
      queryClient.setQueryData(userQueryKey, user);
      setEmail(user.email);
      setPerson((was) => (was.name || was.phone ? was : { name: user.name ?? '', phone: user.phone ?? '' }));
      const result = await acceptInvite(inviteId);
      setSellerName(result.seller_organization.name);
      if (result.status === 'accepted') {
        // The user already had an organization: it now buys from the seller.
        await finish(result.seller_organization.id);
        return;
      }
      setPhase({ kind: 'form' });
    } catch (error) {
      if (isAlreadyPurchaser(error)) {
        await finish(orgId);
        return;
      }
      setPhase({ kind: 'failed', message: errorMessage(error) });
    }
  }, [finish, inviteId, orgId, queryClient]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void runAccept();
  }, [runAccept]);

  /** Step 2: create the Buyer organization; the server completes the claimed invite with it. */
  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || !terms || phase.kind !== 'form') return;
    setTouched({ all: true });
    const issues = contactIssues(person);
    if (issues.name || issues.phone) return;
    setFormError(null);
    setPhase({ kind: 'creating' });
    try {
      setErrorFrom('person');
      queryClient.setQueryData(userQueryKey, await saveContact(contactBody(person)));
      setErrorFrom('store');
      if (!created.current) {
        created.current = await createOrganization({
          selected_type: 'Buyer',
          name: trimmed,
          terms_accepted: terms,
          transactional_emails: emails,
        });
      }
      // Confirms the link (idempotent: the creation already accepted the claimed invite).
      const result = await acceptInvite(inviteId, { organization_id: created.current.id });
      await finish(result.seller_organization.id, created.current.id);
    } catch (error) {
      if (isAlreadyPurchaser(error)) {
        await finish(orgId);
        return;
      }
      setFormError(error);
      setPhase({ kind: 'form' });
    }
  }

  const shownEmail = email ?? profile.email ?? '';
  const apiError = formError instanceof ApiError ? formError : undefined;
  const nameIssue = errorFrom === 'store' ? apiError?.issueFor('name') : undefined;
  const localIssues = contactIssues(person);
  const personIssues = {
    name:
      (touched.name || touched.all ? localIssues.name : undefined) ??
      (errorFrom === 'person' ? apiError?.issueFor('name') : undefined),
    phone:
      (touched.phone || touched.all ? localIssues.phone : undefined) ??
      (errorFrom === 'person' ? apiError?.issueFor('phone') : undefined),
  };
  const working = phase.kind === 'accepting' || phase.kind === 'creating' || phase.kind === 'finishing';

  let body;
  if (working) {
    body = <Working />;
  } else if (phase.kind === 'failed') {
    body = (
      <Stack spacing={2.5}>
        <Typography variant="h5" component="h1">
          We could not accept this invitation
        </Typography>
        <Alert severity="error" role="alert">
          {phase.message}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" onClick={() => void runAccept()}>
            Try again
          </Button>
          <Button component={RouterLink} to="/" variant="outlined">
            Go to the home page
          </Button>
        </Stack>
      </Stack>
    );
  } else {
    body = (
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Create your buyer account">
        <Stack spacing={1} sx={{ textAlign: 'center' }}>
          <Typography variant="h4" component="h1">
            Create your buyer account
          </Typography>
          <Typography variant="body1">
            {sellerName
              ? `Tell us about your business to start ordering from ${sellerName}.`
              : 'Tell us about your business to start ordering.'}
          </Typography>
        </Stack>
        {formError !== null && (
          <Alert severity="error" role="alert">
            {errorMessage(formError)}
          </Alert>
        )}
        <SignedInEmailField email={shownEmail} />
        <BusinessNameField
          value={name}
          onChange={setName}
          disabled={created.current !== null}
          issue={nameIssue}
          helperText="The name of your store, as sellers will see it."
        />
        <ContactFields
          values={person}
          onChange={setPerson}
          issues={personIssues}
          onBlur={(field) => setTouched((was) => ({ ...was, [field]: true }))}
          seenBy={sellerName ?? 'the sellers you buy from'}
        />
        <ConsentCheckboxes
          terms={terms}
          onTermsChange={setTerms}
          emails={emails}
          onEmailsChange={setEmails}
          termsLabel={TERMS_TEXT}
        />
        <Button type="submit" variant="contained" size="large" disabled={!name.trim() || !person.name.trim() || !terms}>
          Finish Creating Your Account
        </Button>
      </Stack>
    );
  }

  return (
    <AccountLayout header={<AccountHeader />}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>{body}</CardContent>
      </Card>
    </AccountLayout>
  );
}

/**
 * /details-buyer: invite_id and org_id come from the query or from the values saved before the
 * sign-up; they are saved again, and the page is not available without both.
 */
export function BuyerSignupPage() {
  usePageTitle('Create Your Buyer Account');
  const [params] = useSearchParams();
  const saved = savedBuyerSignupKeys();
  const inviteId = params.get('invite_id') || saved.inviteId;
  const orgId = params.get('org_id') || saved.orgId;

  useEffect(() => {
    if (inviteId && orgId) saveBuyerSignupKeys(inviteId, orgId);
  }, [inviteId, orgId]);

  if (!inviteId || !orgId) return <Navigate to="/404" replace />;
  return <BuyerSignup key={`${inviteId}:${orgId}`} inviteId={inviteId} orgId={orgId} />;
}

export default BuyerSignupPage;
