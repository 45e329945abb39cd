import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  ADDRESS_LIMITS,
  DEFAULT_PACKAGE_NAME,
  type Organization,
  type PackageTemplate,
  type Unit,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { DialogButtons } from '../../../../components/DialogButtons';
import { UnitSelect } from '../../../../components/UnitSelect';
import { errorMessage } from '../../../../lib/api';
import { issuesByField } from '../../../../lib/field-issues';
import { useDimensionUnits, useOrganization } from '../../api';
import { ShippingSaveError, usePackageTemplates, useSaveShippingDetails } from '../api';
import { maskPostalCode, US_STATE_OPTIONS } from '../../../../lib/us-address';

/** The fields of the dialog, as typed. */
export interface ShippingForm {
  height: string;
  width: string;
  length: string;
  dimensionUnit: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
}

type FieldName = keyof ShippingForm;

/** Spec section 5: every field but Apt/Floor/Suite is required. */
export const REQUIRED_FIELDS: FieldName[] = [
  'height',
  'width',
  'length',
  'dimensionUnit',
  'line1',
  'city',
  'state',
  'postalCode',
];

const DIMENSIONS = [
  ['height', 'Height'],
  ['width', 'Width'],
  ['length', 'Length'],
] as const;

/** Problems per field before anything is sent; empty when the form may be saved. */
export function validateShippingForm(form: ShippingForm): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const field of REQUIRED_FIELDS) {
    if (!form[field].trim()) errors[field] = 'Required';
  }
  for (const [field] of DIMENSIONS) {
    if (!errors[field] && !(Number(form[field]) > 0)) errors[field] = 'Must be more than 0';
  }
  if (!errors.postalCode && !/^\d{5}$/.test(form.postalCode)) errors.postalCode = 'Enter 5 digits';
  return errors;
}

function initialForm(
  organization: Organization | undefined,
  template: PackageTemplate | undefined,
  units: Unit[],
): ShippingForm {
  const address = organization?.address;
  const defaultUnit = units.find((u) => u.unit === 'in') ?? units[0];
  return {
    height: template ? String(template.height) : '',
    width: template ? String(template.width) : '',
    length: template ? String(template.length) : '',
    dimensionUnit: String(template?.dimension_unit.id ?? defaultUnit?.id ?? ''),
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postal_code ?? '',
  };
}

/** Maps a server issue to the dialog's field. */
const SERVER_FIELDS: Record<string, FieldName> = {
  height: 'height',
  width: 'width',
  length: 'length',
  dimension_unit: 'dimensionUnit',
  line1: 'line1',
  line2: 'line2',
  city: 'city',
  state: 'state',
  postal_code: 'postalCode',
};

function serverFieldErrors(error: unknown): Partial<Record<FieldName, string>> {
  return issuesByField(error instanceof ShippingSaveError ? error.reason : error, SERVER_FIELDS);
}

export interface AddressPackageDialogProps {
  orgId: string;
  open: boolean;
  onClose: () => void;
  /** After both parts were saved. */
  onSaved?: () => void;
}

/** Spec "Address and package dialog": the most-used package and the ship-from address. */
export function AddressPackageDialog({ orgId, open, onClose, onSaved }: AddressPackageDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const organization = useOrganization(orgId, { enabled: open });
  const templates = usePackageTemplates(orgId, { enabled: open });
  const units = useDimensionUnits();
  const save = useSaveShippingDetails(orgId);
  const ready = Boolean(organization.data && templates.data && units.data);
  const loadError = organization.error ?? templates.error ?? units.error;

  const close = () => {
    if (save.isPending) return;
    save.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        Add Shipping Details
      </DialogTitle>
      {ready ? (
        <ShippingFormBody
          orgId={orgId}
          initial={initialForm(
            organization.data,
            templates.data?.find((t) => t.name === DEFAULT_PACKAGE_NAME) ?? templates.data?.[0],
            units.data ?? [],
          )}
          templateName={
            (templates.data?.find((t) => t.name === DEFAULT_PACKAGE_NAME) ?? templates.data?.[0])?.name ??
            DEFAULT_PACKAGE_NAME
          }
          units={units.data ?? []}
          save={save}
          onCancel={close}
          onSaved={() => {
            save.reset();
            onSaved?.();
            onClose();
          }}
        />
      ) : (
        <>
          <DialogContent>
            {loadError ? (
              <Alert severity="error">{errorMessage(loadError)}</Alert>
            ) : (
              <Stack spacing={2} sx={{ pt: 1 }} aria-busy>
                <Skeleton variant="text" width="50%" />
                <Skeleton variant="rounded" height={56} />
                <Skeleton variant="text" width="50%" />
                <Skeleton variant="rounded" height={56} />
                <Skeleton variant="rounded" height={56} />
              </Stack>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={close} color="inherit">
              Cancel
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

interface BodyProps {
  orgId: string;
  initial: ShippingForm;
  templateName: string;
  units: Unit[];
  save: ReturnType<typeof useSaveShippingDetails>;
  onCancel: () => void;
  onSaved: () => void;
}

function SectionTitle({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', mb: 2 }}>
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          borderRadius: 2,
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(110, 86, 207, 0.1)',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ color: 'text.primary', fontWeight: 600, lineHeight: 1.3 }}>
          {title}
        </Typography>
        <Typography variant="body2">{text}</Typography>
      </Box>
    </Stack>
  );
}

function ShippingFormBody({ orgId, initial, templateName, units, save, onCancel, onSaved }: BodyProps) {
  const [form, setForm] = useState<ShippingForm>(initial);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const serverErrors = serverFieldErrors(save.error);
  const fieldError = (field: FieldName) => errors[field] ?? serverErrors[field];

  function set(field: FieldName, value: string) {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const problems = validateShippingForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const allDimensions = [form.height, form.width, form.length, form.dimensionUnit].every((v) => v.trim() !== '');
    save.mutate(
      {
        address: {
          line1: form.line1.trim(),
          line2: form.line2.trim() || null,
          city: form.city.trim(),
          state: form.state,
          postal_code: form.postalCode,
        },
        // Spec: the package is saved only when all four are filled.
        packageTemplate: allDimensions
          ? {
              name: templateName,
              height: Number(form.height),
              width: Number(form.width),
              length: Number(form.length),
              dimension_unit: Number(form.dimensionUnit),
              organization_id: orgId,
            }
          : null,
      },
      { onSuccess: onSaved },
    );
  }

  const failedPart = save.error instanceof ShippingSaveError ? save.error.part : null;
  const dimensionInput = (field: 'height' | 'width' | 'length', label: string) => (
    <TextField
      key={field}
      label={label}
      required
      value={form[field]}
      onChange={(event) => {
        const v = event.target.value.replace(',', '.');
        if (/^\d{0,6}(\.\d{0,2})?$/.test(v)) set(field, v);
      }}
      error={Boolean(fieldError(field))}
      helperText={fieldError(field) ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogContent sx={{ pt: 1 }}>
        <Typography variant="body2" sx={{ mb: 3 }}>
          Used to quote shipping to your customers at checkout. Fields marked * are required.
        </Typography>

        {save.error && (
          <Alert severity="error" role="alert" sx={{ mb: 3 }}>
            {failedPart === 'package'
              ? `Your address was saved, but the package was not: ${errorMessage(save.error)}`
              : errorMessage(save.error)}
          </Alert>
        )}

        <Box component="section" sx={{ mb: 3 }}>
          <SectionTitle
            icon={<Inventory2OutlinedIcon fontSize="small" />}
            title="Add Package Dimensions"
            text="The box you ship most often (saved as your default package)."
          />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr 110px' },
            }}
          >
            {DIMENSIONS.map(([field, label]) => dimensionInput(field, label))}
            <UnitSelect
              label="Unit"
              units={units}
              value={form.dimensionUnit}
              onChange={(id) => set('dimensionUnit', id)}
              error={Boolean(fieldError('dimensionUnit'))}
              helperText={fieldError('dimensionUnit') ?? ' '}
            />
          </Box>
        </Box>

        <Box component="section">
          <SectionTitle
            icon={<LocalShippingOutlinedIcon fontSize="small" />}
            title="Add Shipping Address"
            text="Where your orders ship from."
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 130px' } }}>
            <TextField
              label="Address"
              required
              value={form.line1}
              onChange={(event) => set('line1', event.target.value)}
              error={Boolean(fieldError('line1'))}
              helperText={fieldError('line1') ?? ' '}
              autoComplete="address-line1"
              placeholder="Street and number"
              slotProps={{ htmlInput: { maxLength: ADDRESS_LIMITS.line } }}
              sx={{ gridColumn: { sm: '1 / -1' } }}
            />
            <TextField
              label="Apt/Floor/Suite"
              value={form.line2}
              onChange={(event) => set('line2', event.target.value)}
              error={Boolean(fieldError('line2'))}
              helperText={fieldError('line2') ?? 'Optional'}
              autoComplete="address-line2"
              slotProps={{ htmlInput: { maxLength: ADDRESS_LIMITS.line } }}
              sx={{ gridColumn: { sm: '1 / -1' } }}
            />
            <TextField
              label="City"
              required
              value={form.city}
              onChange={(event) => set('city', event.target.value)}
              error={Boolean(fieldError('city'))}
              helperText={fieldError('city') ?? ' '}
              autoComplete="address-level2"
              slotProps={{ htmlInput: { maxLength: ADDRESS_LIMITS.city } }}
            />
            <TextField
              select
              label="State"
              required
              value={form.state}
              onChange={(event) => set('state', event.target.value)}
              error={Boolean(fieldError('state'))}
              helperText={fieldError('state') ?? ' '}
              slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
            >
              {US_STATE_OPTIONS.map((option) => (
                <MenuItem key={option.code} value={option.code}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Postal Code"
              required
              value={form.postalCode}
              onChange={(event) => set('postalCode', maskPostalCode(event.target.value))}
              error={Boolean(fieldError('postalCode'))}
              helperText={fieldError('postalCode') ?? ' '}
              placeholder="12345"
              autoComplete="postal-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, pattern: '\\d{5}' } }}
            />
          </Box>
        </Box>
      </DialogContent>
      <DialogButtons busy={save.isPending} onCancel={onCancel} confirmLabel="Save" confirmMinWidth={96} />
    </Box>
  );
}
