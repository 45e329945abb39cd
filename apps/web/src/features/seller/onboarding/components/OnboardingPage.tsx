import BrushOutlinedIcon from '@mui/icons-material/BrushOutlined';
import { ComingSoon } from '../../../../components/ComingSoon';

/** Placeholder until this section is built: says so plainly, shows no invented data. */
export function OnboardingPage() {
  return (
    <ComingSoon
      title="Customize Your Store"
      icon={<BrushOutlinedIcon />}
      purpose="It will let you upload your logo and cover photo, write your slogan and add your shipping details."
    />
  );
}

export default OnboardingPage;
