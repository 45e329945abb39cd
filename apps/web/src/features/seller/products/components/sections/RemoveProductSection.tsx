import Button from '@mui/material/Button';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { ProductSection } from './ProductSection';

/** Remove Product: Delete Product asks first (the confirmation is the editor's, outside the form). */
export function RemoveProductSection({ onDelete }: { onDelete: () => void }) {
  return (
    <ProductSection
      title="Remove Product"
      description="Takes it out of your catalog and store. Orders that include it keep it."
    >
      <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete}>
        Delete Product
      </Button>
    </ProductSection>
  );
}
