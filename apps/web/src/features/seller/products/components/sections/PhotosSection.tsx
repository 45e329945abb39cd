import Typography from '@mui/material/Typography';
import type { ProductFieldsProps } from '../../use-product-form';
import { ProductPhotos } from '../ProductPhotos';
import { ProductSection } from './ProductSection';

export interface PhotosSectionProps extends ProductFieldsProps {
  orgId: string;
  /** Whether a photo is being uploaded (Save waits for it). */
  onUploadingChange: (uploading: boolean) => void;
  disabled: boolean;
}

/** Photos: square images, reordered by dragging; the first is the main photo. */
export function PhotosSection({ orgId, values, set, issues, onUploadingChange, disabled }: PhotosSectionProps) {
  return (
    <ProductSection
      title="Photos"
      description="Square photos (same width and height), PNG, GIF or JPEG. Drag to reorder; the first is the main photo."
    >
      <ProductPhotos
        orgId={orgId}
        photos={values.photos}
        onChange={(photos) => set('photos', photos)}
        onUploadingChange={onUploadingChange}
        disabled={disabled}
      />
      {issues.photos && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {issues.photos}
        </Typography>
      )}
    </ProductSection>
  );
}
