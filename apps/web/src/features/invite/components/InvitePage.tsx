import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { ComingSoonPage } from '../../../components/ComingSoonPage';

/** /invite/{invite_id} — invite acceptance, built in a later release. */
export function InvitePage() {
  return (
    <ComingSoonPage
      title="Invitation"
      icon={<MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />}
      purpose="It will let you accept a seller's invitation to their store."
    />
  );
}

export default InvitePage;
