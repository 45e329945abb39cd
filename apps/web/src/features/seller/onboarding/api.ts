import type { ImageSet, UpdateImageSetBody } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import { organizationKeys, userQueryKey } from '../../../lib/query-keys';

/** GET /api/organization/{org_id}/image_set: the logo and the cover (splash) image. */
export function useImageSet(orgId: string) {
  return useQuery({
    queryKey: organizationKeys.imageSet(orgId),
    queryFn: () => api.get<ImageSet>(apiPath`/api/organization/${orgId}/image_set`),
    enabled: Boolean(orgId),
  });
}

export type ImageSetChange = Pick<UpdateImageSetBody, 'logo' | 'splash_image'>;

/**
 * PUT /api/organization/image_set: sets or clears the logo or the cover. Refreshes the
 * organization, the set-up status (step 1 needs the cover) and the user (whose store list
 * shows the images).
 */
export function useUpdateImageSet(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ImageSetChange) => {
      const current = queryClient.getQueryData<ImageSet>(organizationKeys.imageSet(orgId));
      const body: UpdateImageSetBody = { id: current?.id ?? null, organization_id: orgId, ...change };
      return api.put<ImageSet>('/api/organization/image_set', body);
    },
    onSuccess: async (imageSet) => {
      queryClient.setQueryData(organizationKeys.imageSet(orgId), imageSet);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: organizationKeys.detail(orgId),
          predicate: (query) => query.queryKey[2] !== 'image-set',
        }),
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
      ]);
    },
  });
}
