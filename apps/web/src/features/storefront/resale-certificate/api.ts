/**
 * The retailer's resale certificate (issue 25 part 5): read it, put a new one on file (the file is
 * uploaded first, then the facts name it), open its file.
 */
import type {
  ResaleCertificate,
  ResaleCertificateAnswer,
  ResaleCertificateCheck,
  ResaleCertificateFile,
} from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath, apiUpload } from '../../../lib/api';
import { resaleCertificateKeys } from '../../../lib/query-keys';

const certificatePath = (orgId: string) => apiPath`/api/organization/${orgId}/resale_certificate`;

/** The organization's current certificate (null when none is on file). */
export function useResaleCertificate(orgId: string) {
  return useQuery({
    queryKey: resaleCertificateKeys.own(orgId),
    queryFn: async () => (await api.get<ResaleCertificateAnswer>(certificatePath(orgId))).certificate,
    enabled: Boolean(orgId),
  });
}

export interface CertificateFacts {
  state: string;
  number: string;
  expires_on: string;
}

/** Uploads the file, then puts it on file with the facts; the answer replaces the cached one. */
export function useSaveResaleCertificate(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ facts, file }: { facts: CertificateFacts; file: File }) => {
      const uploaded = await apiUpload<ResaleCertificateFile>(`${certificatePath(orgId)}/files`, file);
      return api.put<ResaleCertificate>(certificatePath(orgId), { ...facts, file_id: uploaded.id });
    },
    onSuccess: (certificate) => {
      client.setQueryData(resaleCertificateKeys.own(orgId), certificate);
      // The sellers' views of it (this browser may be a member of both sides).
      void client.invalidateQueries({ queryKey: resaleCertificateKeys.all });
    },
  });
}

/** The current certificate's file (PDF or image), with the bearer token. */
export async function fetchResaleCertificateFile(orgId: string): Promise<Blob> {
  return (await api.download(`${certificatePath(orgId)}/file`)).blob;
}

/** Whether the store asks for a certificate before this organization's next order, and whether one is on file. */
export function useResaleCertificateCheck(buyerOrgId: string, storeId: string) {
  return useQuery({
    queryKey: resaleCertificateKeys.check(buyerOrgId, storeId),
    queryFn: () => api.get<ResaleCertificateCheck>(apiPath`/api/organization/${buyerOrgId}/resale_certificate/sellers/${storeId}`),
    enabled: Boolean(buyerOrgId && storeId),
  });
}
