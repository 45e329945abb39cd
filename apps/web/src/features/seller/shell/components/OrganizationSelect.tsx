import type { CurrentUser } from '@cratebase/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router';
import { rememberOrgId } from '../../../../lib/storage';

export interface OrganizationSelectProps {
  organizations: CurrentUser['organizations'];
  /** The organization in the URL, or '' when it is not one of the user's. */
  value: string;
  onNavigate?: () => void;
}

/** Choosing an organization remembers it under `org` and opens its orders page. */
export function OrganizationSelect({ organizations, value, onNavigate }: OrganizationSelectProps) {
  const navigate = useNavigate();
  return (
    <TextField
      select
      size="small"
      label="Organization"
      value={value}
      onChange={(event) => {
        const next = event.target.value;
        if (!next) return;
        rememberOrgId(next);
        onNavigate?.();
        navigate(`/app/${next}/orders`);
      }}
      slotProps={{
        select: {
          displayEmpty: false,
          MenuProps: { slotProps: { paper: { sx: { maxWidth: 320 } } } },
        },
      }}
    >
      {organizations.map((org) => (
        <MenuItem key={org.id} value={org.id} sx={{ whiteSpace: 'normal' }}>
          {org.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
