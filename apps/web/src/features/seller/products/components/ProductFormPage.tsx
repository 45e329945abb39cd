import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import { ComingSoon } from '../../../../components/ComingSoon';

/** Placeholder until this section is built: says so plainly, shows no invented data. */
export function ProductFormPage() {
  return (
    <ComingSoon
      title="Product"
      icon={<EditNoteOutlinedIcon />}
      purpose="It will let you add and edit a product, its photos and its inventory."
    />
  );
}

export default ProductFormPage;
