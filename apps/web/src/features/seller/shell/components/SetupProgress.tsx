import Badge from '@mui/material/Badge';
import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TuneIcon from '@mui/icons-material/Tune';
import { remainingSetupSteps } from '@cratebase/contract';
import { Link as RouterLink } from 'react-router';
import { useOnboardingStatus } from '../../api';
import { visuallyHidden } from '../../../../components/visually-hidden';


/** The badge of remaining set-up steps, or the 'Ready!' chip at zero (badge cap 99). */
export function SetupIndicator({ remaining }: { remaining: number }) {
  if (remaining <= 0) {
    return <Chip label="Ready!" size="small" color="info" sx={{ height: 22, fontSize: 12 }} />;
  }
  return (
    <>
      <Badge
        badgeContent={remaining}
        max={99}
        color="secondary"
        aria-hidden
        data-testid="setup-badge"
        sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none', fontWeight: 700 } }}
      />
      <span style={visuallyHidden}>
        {remaining === 1 ? '1 set-up step left' : `${remaining > 99 ? '99+' : remaining} set-up steps left`}
      </span>
    </>
  );
}

export interface ConfigureLinkProps {
  orgId: string;
  selected: boolean;
  onNavigate?: () => void;
}

/** Side-panel Configure link: GET onboarding/status drives the badge (5 while unknown). */
export function ConfigureLink({ orgId, selected, onNavigate }: ConfigureLinkProps) {
  const status = useOnboardingStatus(orgId);
  const remaining = remainingSetupSteps(status.data);
  return (
    <ListItemButton
      component={RouterLink}
      to={`/app/${orgId}/welcome`}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      onClick={onNavigate}
    >
      <ListItemIcon>
        <TuneIcon />
      </ListItemIcon>
      <ListItemText primary="Configure" />
      <SetupIndicator remaining={remaining} />
    </ListItemButton>
  );
}
