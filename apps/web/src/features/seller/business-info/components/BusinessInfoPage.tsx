import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import { ComingSoon } from '../../../../components/ComingSoon';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

/** Placeholder until this section is built: says so plainly, shows no invented data. */
export function BusinessInfoPage() {
  useOrganizationPageTitle('Business Info');
  return (
    <ComingSoon
      title="Business Info"
      icon={<BusinessOutlinedIcon />}
      purpose="It will hold your business details and shipping address."
    />
  );
}

export default BusinessInfoPage;
