import type { WebhookDelivery } from '@cratebase/contract';
import { deliveryStatusColor, deliveryStatusLabel } from '../format';
import { ToneChip } from './ToneChip';

/** A delivery's status as a coloured chip (its log and its detail). */
export function DeliveryStatusChip({ delivery }: { delivery: WebhookDelivery }) {
  return <ToneChip tone={deliveryStatusColor(delivery.status)} label={deliveryStatusLabel(delivery)} />;
}
