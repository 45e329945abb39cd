import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { ComingSoon } from '../../../../components/ComingSoon';

/** Placeholder until this section is built: says so plainly, shows no invented data. */
export function ProductsPage() {
  return (
    <ComingSoon
      title="Products"
      icon={<Inventory2OutlinedIcon />}
      purpose="It will hold your catalog: photos, order units, wholesale and retail prices, and status."
    />
  );
}

export default ProductsPage;
