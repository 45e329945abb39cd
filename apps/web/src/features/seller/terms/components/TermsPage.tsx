import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import { ComingSoon } from '../../../../components/ComingSoon';

/** Placeholder until this section is built: says so plainly, shows no invented data. */
export function TermsPage() {
  return (
    <ComingSoon
      title="Terms"
      icon={<GavelOutlinedIcon />}
      purpose="It will let you set order minimums for new and returning customers."
    />
  );
}

export default TermsPage;
