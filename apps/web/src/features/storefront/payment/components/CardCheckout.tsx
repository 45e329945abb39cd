/**
 * The built-in payments provider's embedded checkout (issue 9, item 5), in the shape of Stripe's:
 * who is paid and how much, the card (number with its brand, expiry, CVC, name, ZIP) checked
 * field by field with the shared card rules, and Pay. A declined card shows the bank's answer and
 * keeps the form for another card; a card that asks for authentication opens the (test) bank's
 * page; a paid session goes to its return URL (/storefront/{org}/checkout/return?session_id=…).
 *
 * Loaded on demand from the billing page (React.lazy): the storefront's first load stays small.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  CARD_BRAND_LABELS,
  CARD_FIELDS,
  CARD_FIELD_LABELS,
  cardBrand,
  cardDigits,
  cardErrors,
  cardFieldError,
  cvcLength,
  type CardField,
  type CardPaymentResult,
  type CardValues,
  type CheckoutSession,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../../lib/api';
import { formatCents } from '../../../../lib/format';
import { returnRoute, useAnswerChallenge, useEmbeddedCheckout, usePayWithCard } from '../api';
import { EMPTY_CARD, fieldOfIssue, normalise, type CardErrors } from '../card-input';
import { ChallengeDialog } from './ChallengeDialog';
import { TestCards, testCardValues } from './TestCards';
import { useCurrentUser } from '../../../../lib/current-user';

export const SESSION_RENEWED =
  'Your checkout session had expired, so we started a new one. Check the amount and press Pay again.';
export const SESSION_EXPIRED_AGAIN = 'Your checkout session has expired. Reload the page to start again.';
export const AUTHENTICATION_CANCELLED = 'Authentication was cancelled. Press Pay to try again.';
export const ALREADY_PAID = 'This checkout has already been paid.';
export const FINISH_ORDER_LABEL = 'Finish your order';

type Notice = { severity: 'error' | 'info'; text: string };

const FIELD_INPUT: Record<CardField, { autoComplete: string; inputMode?: 'numeric'; placeholder?: string }> = {
  number: { autoComplete: 'cc-number', inputMode: 'numeric', placeholder: '1234 1234 1234 1234' },
  expiry: { autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM / YY' },
  cvc: { autoComplete: 'cc-csc', inputMode: 'numeric', placeholder: 'CVC' },
  name: { autoComplete: 'cc-name', placeholder: 'Full name on card' },
  postal_code: { autoComplete: 'postal-code', inputMode: 'numeric', placeholder: '12345' },
};

export interface CardCheckoutProps {
  session: CheckoutSession;
  /** Makes a new checkout session (the last one expired); resolves to it, or null when refused. */
  renewSession: () => Promise<CheckoutSession | null>;
  /** Runs once the card is complete, before paying (the order's PO number is saved): false stops. */
  beforePay?: () => Promise<boolean>;
  /** Paid: called instead of going to the return URL (paying an invoice in a dialog). */
  onComplete?: () => void;
}

/** The embedded card checkout of one checkout session (a new session keeps what was typed). */
export function CardCheckout({ session, renewSession, beforePay, onComplete }: CardCheckoutProps) {
  const navigate = useNavigate();
  const secret = session.clientSecret;
  const view = useEmbeddedCheckout(secret);
  const pay = usePayWithCard();
  const challenge = useAnswerChallenge();
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  // The signed-in person, as the app already holds it (no request of its own): a test card's name.
  const me = useCurrentUser({ enabled: false });
  const [errors, setErrors] = useState<CardErrors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  // The challenge the buyer answers: the one the last payment asked for, else one the session
  // still waits on (the page was reloaded during it). Null id: none, or closed.
  const [challengeOf, setChallengeOf] = useState<{ secret: string; id: string | null } | null>(null);
  const [answering, setAnswering] = useState<'complete' | 'fail' | null>(null);
  const [leaving, setLeaving] = useState(false);
  // New sessions made since the buyer last pressed Pay: an expired session is renewed once.
  const renewals = useRef(0);
  const renewedFor = useRef<string | null>(null);
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const formTitleId = useId();
  const brandId = useId();
  const fieldIds = { number: useId(), expiry: useId(), cvc: useId(), name: useId(), postal_code: useId() };

  const checkout = view.data;
  const amountCents = checkout?.amount_cents ?? session.amount_cents;
  const merchant = checkout?.merchant_name;
  const challengeId = challengeOf?.secret === secret ? challengeOf.id : (checkout?.challenge_id ?? null);
  const busy = pay.isPending || answering !== null || leaving;
  const brand = cardBrand(values.number);

  const renew = useCallback(async () => {
    if (renewals.current > 0) {
      setNotice({ severity: 'error', text: SESSION_EXPIRED_AGAIN });
      return;
    }
    renewals.current += 1;
    setNotice(null);
    const renewed = await renewSession();
    if (renewed) setNotice({ severity: 'info', text: SESSION_RENEWED });
  }, [renewSession]);

  // A session that expired while the page was open (seen when its checkout is read): a new one, once.
  const status = checkout?.status;
  useEffect(() => {
    if (status !== 'expired' || renewedFor.current === secret) return;
    renewedFor.current = secret;
    void renew();
  }, [status, secret, renew]);

  function goToReturn(returnUrl: string) {
    setLeaving(true);
    if (onComplete) onComplete();
    else void navigate(returnRoute(returnUrl));
  }

  function settle(result: CardPaymentResult) {
    if (result.status === 'complete' && result.return_url) {
      goToReturn(result.return_url);
    } else if (result.status === 'requires_action' && result.challenge_id) {
      setChallengeOf({ secret, id: result.challenge_id });
    } else {
      setNotice({ severity: 'error', text: 'The payment was not completed. Please try again.' });
    }
  }

  function failed(error: unknown) {
    if (!(error instanceof ApiError)) {
      setNotice({ severity: 'error', text: errorMessage(error) });
      return;
    }
    if (error.status === 409 && error.code === 'session_expired') {
      void renew();
      return;
    }
    if (error.status === 409 && error.code === 'session_complete' && checkout?.return_url) {
      goToReturn(checkout.return_url);
      return;
    }
    if (error.status === 400) {
      const fromServer: CardErrors = {};
      for (const issue of error.issues) {
        const field = fieldOfIssue(issue.path);
        if (field && !fromServer[field]) fromServer[field] = issue.message;
      }
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        inputs.current[CARD_FIELDS.find((field) => fromServer[field])!]?.focus();
        return;
      }
    }
    // 402: the bank's answer ("Your card was declined."); anything else: what the server said.
    setNotice({ severity: 'error', text: error.message });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = cardErrors(values);
    setErrors(found);
    const first = CARD_FIELDS.find((field) => found[field]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    setNotice(null);
    renewals.current = 0;
    if (beforePay && !(await beforePay())) return;
    try {
      const result = await pay.mutateAsync({
        client_secret: secret,
        card: {
          number: cardDigits(values.number),
          expiry: values.expiry.trim(),
          cvc: values.cvc,
          name: values.name.trim(),
          postal_code: values.postal_code.trim(),
        },
      });
      settle(result);
    } catch (error) {
      failed(error);
    }
  }

  async function answer(outcome: 'complete' | 'fail') {
    if (!challengeId) return;
    setAnswering(outcome);
    try {
      const result = await challenge.mutateAsync({ client_secret: secret, challenge_id: challengeId, outcome });
      setChallengeOf({ secret, id: null });
      settle(result);
    } catch (error) {
      setChallengeOf({ secret, id: null });
      failed(error);
    } finally {
      setAnswering(null);
    }
  }

  function change(field: CardField, typed: string) {
    const next = { ...values, [field]: normalise(field, typed, values) };
    setValues(next);
    // A message goes as soon as the field is right; a new one waits for the blur.
    if (errors[field] && !cardFieldError(field, next)) setErrors((was) => ({ ...was, [field]: undefined }));
  }

  function blur(field: CardField) {
    // Nothing typed yet and never submitted: leave the field alone (Stripe's form does).
    if (values[field].trim() === '' && !errors[field]) return;
    const problem = cardFieldError(field, values);
    setErrors((was) => ({ ...was, [field]: problem ?? undefined }));
  }

  function field(name: CardField, extra: { adornment?: ReactNode; describedBy?: string } = {}) {
    const id = fieldIds[name];
    const helperId = `${id}-helper-text`;
    const input = FIELD_INPUT[name];
    const maxLength = name === 'cvc' ? cvcLength(brand) : undefined;
    return (
      <TextField
        id={id}
        label={CARD_FIELD_LABELS[name]}
        name={name}
        value={values[name]}
        onChange={(event) => change(name, event.target.value)}
        onBlur={() => blur(name)}
        error={Boolean(errors[name])}
        helperText={errors[name] ?? ' '}
        autoComplete={input.autoComplete}
        placeholder={input.placeholder}
        required
        fullWidth
        inputRef={(element: HTMLInputElement | null) => {
          inputs.current[name] = element;
        }}
        slotProps={{
          // Labels stay above the fields so the placeholders (MM / YY, …) show the format.
          inputLabel: { shrink: true },
          htmlInput: { inputMode: input.inputMode, maxLength, spellCheck: false, readOnly: busy },
          input: {
            endAdornment: extra.adornment,
            'aria-describedby': [helperId, extra.describedBy].filter(Boolean).join(' '),
          },
        }}
      />
    );
  }

  if (checkout?.status === 'complete') {
    return (
      <Alert
        severity="success"
        action={
          <Button color="inherit" size="small" onClick={() => goToReturn(checkout.return_url)}>
            {FINISH_ORDER_LABEL}
          </Button>
        }
      >
        {ALREADY_PAID}
      </Alert>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={formTitleId}>
      <Stack spacing={2}>
        <Box>
          <Typography id={formTitleId} variant="subtitle2" component="h3" sx={{ color: 'text.secondary' }}>
            {merchant ? `Pay ${merchant}` : view.isPending ? <Skeleton width={160} /> : 'Pay'}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{ color: 'text.primary', fontWeight: 600 }}
            data-testid="pay-amount"
          >
            {formatCents(amountCents)}
          </Typography>
        </Box>
        {view.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void view.refetch()} disabled={view.isFetching}>
                Try again
              </Button>
            }
          >
            {`We could not load the payment form. ${errorMessage(view.error)}`}
          </Alert>
        )}
        {notice && (
          <Alert
            severity={notice.severity}
            role={notice.severity === 'error' ? 'alert' : 'status'}
            onClose={() => setNotice(null)}
          >
            {notice.text}
          </Alert>
        )}
        <Stack spacing={0.5}>
          {field('number', {
            describedBy: brand === 'unknown' ? undefined : brandId,
            adornment:
              brand === 'unknown' ? undefined : (
                <Typography
                  id={brandId}
                  variant="caption"
                  component="span"
                  sx={{ fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap', ml: 1 }}
                >
                  {CARD_BRAND_LABELS[brand]}
                </Typography>
              ),
          })}
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', columnGap: 1.5 }}>
            {field('expiry')}
            {field('cvc')}
          </Box>
          {field('name')}
          {field('postal_code')}
        </Stack>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy || !checkout || checkout.status !== 'open'}
          loading={busy}
          loadingPosition="start"
          startIcon={<LockOutlinedIcon />}
        >
          {`Pay ${formatCents(amountCents)}`}
        </Button>
        <TestCards
          onUse={(number) => {
            setValues((typed) => testCardValues(number, typed, me.data?.name));
            setErrors({});
            setNotice(null);
          }}
        />
      </Stack>
      <ChallengeDialog
        open={Boolean(challengeId) && !leaving}
        merchant={merchant}
        amountCents={amountCents}
        answering={answering}
        onAnswer={(outcome) => void answer(outcome)}
        onCancel={() => {
          setChallengeOf({ secret, id: null });
          setNotice({ severity: 'info', text: AUTHENTICATION_CANCELLED });
        }}
      />
    </Box>
  );
}
