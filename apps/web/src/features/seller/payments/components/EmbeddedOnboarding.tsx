import { Suspense, lazy, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  PAYMENT_ONBOARDING_FIELDS,
  PAYMENT_ONBOARDING_LABELS,
  PAYMENT_ONBOARDING_LIMITS,
  paymentOnboardingFieldError,
  type PaymentOnboardingField,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { RetryAlert } from '../../../../components/QueryErrorAlert';
import { ApiError, errorMessage } from '../../../../lib/api';
import { issuesByField } from '../../../../lib/field-issues';
import { useAccountSession, useSubmitOnboarding, type OnboardingFormBody } from '../api';
import { maskPostalCode } from '../../../../lib/us-address';
import { NATIVE_STATE_SELECT_PROPS, nativeStateOptions } from '../../../../components/NativeStateOptions';
import { TestOnboardingValues, testOnboardingForm } from './TestOnboardingValues';
import { useCurrentUser } from '../../../../lib/current-user';

/** The form's fields: the API's, plus the account number typed twice (checked here only). */
type FieldName = PaymentOnboardingField | 'confirm_account_number';
export type OnboardingForm = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const EMPTY_FORM = Object.fromEntries(
  [...PAYMENT_ONBOARDING_FIELDS, 'confirm_account_number'].map((field) => [field, '']),
) as OnboardingForm;

const LABELS: Record<FieldName, string> = {
  ...PAYMENT_ONBOARDING_LABELS,
  confirm_account_number: 'Confirm account number',
};

/** "Routing number is not a valid…": the shared rule's predicate, led by the field's label. */
function withLabel(field: FieldName, problem: string): string {
  return `${LABELS[field]} ${problem}`;
}

/** One field's message as the person sees it, or undefined. */
export function onboardingFieldError(field: FieldName, form: OnboardingForm, today = new Date()): string | undefined {
  if (field === 'confirm_account_number') {
    if (!form.confirm_account_number.trim()) return withLabel(field, 'is required');
    return form.confirm_account_number.trim() === form.account_number.trim()
      ? undefined
      : 'Account numbers do not match';
  }
  const problem = paymentOnboardingFieldError(field, form[field], today);
  return problem ? withLabel(field, problem) : undefined;
}

/** Every field's message; empty when the form may be sent. */
export function validateOnboardingForm(form: OnboardingForm, today = new Date()): Errors {
  const errors: Errors = {};
  for (const field of Object.keys(EMPTY_FORM) as FieldName[]) {
    const message = onboardingFieldError(field, form, today);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The server's field issues name our fields by their paths' last segment. */
const SERVER_FIELDS = Object.fromEntries(Object.keys(LABELS).map((field) => [field, field])) as Record<
  string,
  FieldName
>;

/** Typing filters: what each field lets through (the rules still check the whole value). */
const MASKS: Partial<Record<FieldName, (value: string) => string>> = {
  ein: (v) => v.replace(/[^\d-]/g, '').slice(0, 10),
  postal_code: maskPostalCode,
  routing_number: (v) => v.replace(/\D/g, '').slice(0, 9),
  account_number: (v) => v.replace(/\D/g, '').slice(0, 17),
  confirm_account_number: (v) => v.replace(/\D/g, '').slice(0, 17),
};

function Group({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ color: 'text.primary', fontWeight: 600, p: 0 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {text}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, 1fr)' } }}>{children}</Box>
    </Box>
  );
}

function OnboardingSkeleton({ label }: { label: string }) {
  return (
    <Stack spacing={2} role="status" aria-busy aria-label={label}>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
    </Stack>
  );
}

/** Stripe's Connect embedded onboarding, with connect-js, in its own chunk. */
const StripeOnboarding = lazy(() => import('./StripeOnboarding'));

export interface EmbeddedOnboardingProps {
  orgId: string;
  account: string;
}

/**
 * The embedded onboarding of the organization's account. With Stripe, Stripe's Connect embedded
 * onboarding (StripeOnboarding.tsx). With the built-in provider, its form: business, address,
 * representative and payout account, checked field by field as the person leaves each field and
 * again on submit; the server's answer decides the account's state.
 */
export function EmbeddedOnboarding({ orgId, account }: EmbeddedOnboardingProps) {
  const session = useAccountSession(orgId, account);

  // The session says whose onboarding it opens: Stripe's Connect onboarding is loaded on demand.
  if (session.data?.provider === 'stripe') {
    return (
      <Suspense fallback={<OnboardingSkeleton label="Loading Stripe’s onboarding" />}>
        <StripeOnboarding orgId={orgId} account={account} session={session.data} />
      </Suspense>
    );
  }

  return (
    <Card component="section" aria-labelledby="embedded-onboarding-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <LockOutlinedIcon fontSize="small" color="primary" aria-hidden />
        <Typography id="embedded-onboarding-title" variant="h6" component="h2">
          Business details
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }}>
        We use these details to verify your business and to send your payouts. Fields marked * are required.
      </Typography>
      {session.isPending ? (
        <OnboardingSkeleton label="Loading the onboarding form" />
      ) : session.error ? (
        <RetryAlert onRetry={() => void session.refetch()}>
          Failed to fetch account session. {errorMessage(session.error)}
        </RetryAlert>
      ) : (
        <OnboardingFields
          orgId={orgId}
          clientSecret={session.data.client_secret}
          renewSecret={async () => (await session.refetch()).data?.client_secret}
        />
      )}
    </Card>
  );
}

function OnboardingFields(props: {
  orgId: string;
  clientSecret: string;
  renewSecret: () => Promise<string | undefined>;
}) {
  const { orgId, clientSecret, renewSecret } = props;
  const submit = useSubmitOnboarding(orgId);
  const [form, setForm] = useState<OnboardingForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<Errors>({});
  // Focusable handles of the fields (a select's handle focuses its button), to lead to the first problem.
  const inputs = useRef(new Map<FieldName, { focus(): void }>());
  // The server's field issues, worded like ours.
  const fromServer = issuesByField(submit.error, SERVER_FIELDS, {
    word: (message, field) => withLabel(field, message),
  });
  const fieldError = (field: FieldName) => errors[field] ?? fromServer[field];
  // The signed-in person and the store, as the app already holds them: the test values' names.
  const me = useCurrentUser({ enabled: false });

  function fillTestValues() {
    const store = me.data?.organizations.find((org) => org.id === orgId);
    const next = testOnboardingForm(form, { name: store?.name, person: me.data?.name });
    setForm(next);
    setErrors({});
    if (submit.error) submit.reset();
  }

  function change(field: FieldName, raw: string) {
    const value = MASKS[field]?.(raw) ?? raw;
    const next = { ...form, [field]: value };
    setForm(next);
    // A field already marked wrong is re-checked as it is corrected, so the message goes at once.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: onboardingFieldError(field, next) }));
    if (submit.error) submit.reset();
  }

  function leave(field: FieldName) {
    setErrors((e) => ({ ...e, [field]: onboardingFieldError(field, form) }));
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (submit.isPending) return;
    const problems = validateOnboardingForm(form);
    setErrors(problems);
    const first = Object.keys(EMPTY_FORM).find((field) => problems[field as FieldName]);
    if (first) {
      inputs.current.get(first as FieldName)?.focus();
      return;
    }
    const body: OnboardingFormBody = {
      legal_name: form.legal_name.trim(),
      ein: form.ein.trim(),
      line1: form.line1.trim(),
      line2: form.line2.trim() || null,
      city: form.city.trim(),
      state: form.state,
      postal_code: form.postal_code,
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      date_of_birth: form.date_of_birth,
      routing_number: form.routing_number,
      account_number: form.account_number,
    };
    try {
      await submit.mutateAsync({ clientSecret, form: body });
    } catch (error) {
      // A secret expires after a while: ask for a new one and send the same form once more.
      if (error instanceof ApiError && error.code === 'session_expired') {
        const renewed = await renewSecret();
        if (renewed) await submit.mutateAsync({ clientSecret: renewed, form: body }).catch(() => undefined);
      }
    }
  }

  const field = (name: FieldName, extra: Partial<TextFieldProps> & { span?: number } = {}) => {
    const { span = 6, helperText, ...rest } = extra;
    const message = fieldError(name);
    return (
      <TextField
        {...rest}
        name={name}
        label={LABELS[name]}
        required={name !== 'line2'}
        value={form[name]}
        onChange={(event) => change(name, event.target.value)}
        onBlur={() => leave(name)}
        inputRef={(node: { focus(): void } | null) => {
          if (node) inputs.current.set(name, node);
          else inputs.current.delete(name);
        }}
        error={Boolean(message)}
        helperText={message ?? helperText ?? ' '}
        sx={{ gridColumn: { sm: `span ${span}` } }}
      />
    );
  };

  const generalError = submit.error && Object.keys(fromServer).length === 0 ? errorMessage(submit.error) : null;

  return (
    <Box component="form" noValidate onSubmit={send} aria-label="Payment account onboarding">
      {/* This form is the built-in (test) provider's; Stripe's onboarding is another component. */}
      <TestOnboardingValues onFill={fillTestValues} />
      <Stack spacing={3}>
        {generalError && (
          <Alert severity="error" role="alert">
            {generalError}
          </Alert>
        )}
        <Group title="Business" text="As registered with the IRS.">
          {field('legal_name', {
            span: 4,
            autoComplete: 'organization',
            slotProps: { htmlInput: { maxLength: PAYMENT_ONBOARDING_LIMITS.name } },
          })}
          {field('ein', {
            span: 2,
            placeholder: '12-3456789',
            helperText: '9 digits',
            slotProps: { htmlInput: { inputMode: 'numeric', autoComplete: 'off' } },
          })}
        </Group>

        <Group title="Address" text="Where your business is located.">
          {field('line1', {
            autoComplete: 'address-line1',
            placeholder: 'Street and number',
            slotProps: { htmlInput: { maxLength: PAYMENT_ONBOARDING_LIMITS.line } },
          })}
          {field('line2', {
            autoComplete: 'address-line2',
            helperText: 'Optional',
            slotProps: { htmlInput: { maxLength: PAYMENT_ONBOARDING_LIMITS.line } },
          })}
          {field('city', {
            span: 3,
            autoComplete: 'address-level2',
            slotProps: { htmlInput: { maxLength: PAYMENT_ONBOARDING_LIMITS.city } },
          })}
          {field('state', {
            span: 1,
            select: true,
            slotProps: NATIVE_STATE_SELECT_PROPS,
            children: nativeStateOptions(),
          })}
          {field('postal_code', {
            span: 2,
            placeholder: '12345',
            slotProps: { htmlInput: { inputMode: 'numeric', autoComplete: 'postal-code' } },
          })}
        </Group>

        <Group title="Representative" text="A person who owns or manages the business.">
          {field('first_name', {
            span: 3,
            autoComplete: 'given-name',
            slotProps: { htmlInput: { maxLength: PAYMENT_ONBOARDING_LIMITS.personName } },
          })}
          {field('last_name', {
            span: 3,
            autoComplete: 'family-name',
            slotProps: { htmlInput: { maxLength: PAYMENT_ONBOARDING_LIMITS.personName } },
          })}
          {field('date_of_birth', {
            span: 3,
            type: 'date',
            helperText: 'Must be 18 or older',
            slotProps: { inputLabel: { shrink: true }, htmlInput: { autoComplete: 'bday' } },
          })}
        </Group>

        <Group title="Payout account" text="The US bank account your card payments are paid out to.">
          {field('routing_number', {
            span: 2,
            helperText: '9 digits',
            slotProps: { htmlInput: { inputMode: 'numeric', autoComplete: 'off' } },
          })}
          {field('account_number', {
            span: 2,
            helperText: '4 to 17 digits',
            slotProps: { htmlInput: { inputMode: 'numeric', autoComplete: 'off' } },
          })}
          {field('confirm_account_number', {
            span: 2,
            slotProps: { htmlInput: { inputMode: 'numeric', autoComplete: 'off' } },
          })}
        </Group>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submit.isPending}
            startIcon={submit.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {submit.isPending ? 'Submitting…' : 'Submit'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
