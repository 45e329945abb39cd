/**
 * A customer's resale certificate as the seller reads it, its file, and the seller's requirement
 * of a valid one before a new customer's first order (issue 25 part 5). Beside api.ts so the
 * customer page's other data calls stay as they are.
 */
import type { CustomerResaleCertificate, ResaleCertificateRequirement } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import { resaleCertificateKeys } from '../../../lib/query-keys';

const customerCertificatePath = (orgId: string, customerId: string) =>
  apiPath`/api/order/organization/${orgId}/purchasers/${customerId}/resale_certificate`;
const requirementPath = (orgId: string) => apiPath`/api/organization/${orgId}/resale_certificate_requirement`;

export function useCustomerResaleCertificate(orgId: string, customerId: string) {
  return useQuery({
    queryKey: resaleCertificateKeys.customer(orgId, customerId),
    queryFn: () => api.get<CustomerResaleCertificate>(customerCertificatePath(orgId, customerId)),
    enabled: Boolean(orgId && customerId),
  });
}

/** The customer's certificate file, with the bearer token. */
export async function fetchCustomerCertificateFile(orgId: string, customerId: string): Promise<Blob> {
  return (await api.download(`${customerCertificatePath(orgId, customerId)}/file`)).blob;
}

export function useResaleCertificateRequirement(orgId: string) {
  return useQuery({
    queryKey: resaleCertificateKeys.requirement(orgId),
    queryFn: () => api.get<ResaleCertificateRequirement>(requirementPath(orgId)),
    enabled: Boolean(orgId),
  });
}

/** PUT …/resale_certificate_requirement: the answer replaces the cached setting. */
export function useSetResaleCertificateRequirement(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => api.put<ResaleCertificateRequirement>(requirementPath(orgId), { required }),
    onSuccess: (answer) => client.setQueryData(resaleCertificateKeys.requirement(orgId), answer),
  });
}
