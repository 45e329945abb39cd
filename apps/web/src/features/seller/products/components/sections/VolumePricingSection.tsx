import { VolumePricing, type VolumePricingProps } from '../VolumePricing';
import { ProductSection } from './ProductSection';

/** Volume pricing: the minimum order, "Sold in multiples of" and the price breaks. */
export function VolumePricingSection(props: VolumePricingProps) {
  return (
    <ProductSection
      title="Volume pricing"
      description="Lower unit prices for larger orders, and the quantities retailers can order."
    >
      <VolumePricing {...props} />
    </ProductSection>
  );
}
