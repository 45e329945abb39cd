import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { ComingSoon } from '../../../../components/ComingSoon';

/** Placeholder until this section is built: says so plainly, shows no invented data. */
export function InvitesPage() {
  return (
    <ComingSoon
      title="Invites"
      icon={<ForwardToInboxOutlinedIcon />}
      purpose="It will let you invite retailers by e-mail and follow which invitations were accepted."
    />
  );
}

export default InvitesPage;
