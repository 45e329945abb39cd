import { useState } from 'react';
import { CARRIER_LABELS, CARRIERS, normalizeCarrier, trackingNumberError, type Carrier } from '@cratebase/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The number's problem for the carrier (none while no carrier is chosen). */
function check(carrier: Carrier | '', value: string): string | null {
  return carrier === '' ? null : trackingNumberError(carrier, value);
}

/**
 * A carrier and a tracking number being typed: the number is checked against the carrier's
 * format (contract trackingNumberError) when it is left, on submit, and again as it changes once
 * it was found wrong. `onEdit` runs on every change (to clear the server's last word).
 */
export function useTrackingInput(initialCarrier: Carrier | '', initialNumber: string, onEdit: () => void) {
  const [carrier, setCarrier] = useState<Carrier | ''>(initialCarrier);
  const [trackingNumber, setTrackingNumber] = useState(initialNumber);
  const [numberError, setNumberError] = useState<string | null>(null);
  return {
    carrier,
    trackingNumber,
    setTrackingNumber,
    /** Checks the number now (on submit) and shows its problem; `emptyMessage` refuses an empty number. */
    validate(emptyMessage?: string): string | null {
      const problem = emptyMessage && trackingNumber.trim() === '' ? emptyMessage : check(carrier, trackingNumber);
      setNumberError(problem);
      return problem;
    },
    fieldProps: {
      carrier,
      trackingNumber,
      numberError,
      onCarrierChange(value: string) {
        const next = normalizeCarrier(value) ?? '';
        setCarrier(next);
        if (numberError) setNumberError(check(next, trackingNumber));
        onEdit();
      },
      onNumberChange(value: string) {
        setTrackingNumber(value);
        if (numberError) setNumberError(check(carrier, value));
        onEdit();
      },
      onNumberBlur() {
        if (trackingNumber.trim() !== '') setNumberError(check(carrier, trackingNumber));
      },
    },
  };
}

export type TrackingFieldsProps = ReturnType<typeof useTrackingInput>['fieldProps'] & {
  disabled?: boolean;
  /** The server's word on either field, shown under it. */
  carrierIssue?: string;
  numberIssue?: string;
  autoFocus?: boolean;
  required?: boolean;
};

/** The Carrier select (USPS, FedEx, UPS) and the Tracking Number field of the tracking and shipment dialogs. */
export function TrackingFields({
  carrier,
  trackingNumber,
  numberError,
  onCarrierChange,
  onNumberChange,
  onNumberBlur,
  disabled = false,
  carrierIssue,
  numberIssue,
  autoFocus = false,
  required = false,
}: TrackingFieldsProps) {
  const shownNumberError = numberError ?? numberIssue ?? null;
  return (
    <>
      <TextField
        select
        label="Carrier"
        value={carrier}
        onChange={(event) => onCarrierChange(event.target.value)}
        disabled={disabled}
        error={Boolean(carrierIssue)}
        helperText={carrierIssue}
        fullWidth
      >
        {CARRIERS.map((value) => (
          <MenuItem key={value} value={value}>
            {CARRIER_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Tracking Number"
        value={trackingNumber}
        onChange={(event) => onNumberChange(event.target.value)}
        onBlur={onNumberBlur}
        autoFocus={autoFocus}
        required={required}
        autoComplete="off"
        disabled={disabled}
        error={Boolean(shownNumberError)}
        helperText={shownNumberError ?? ' '}
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
      />
    </>
  );
}
