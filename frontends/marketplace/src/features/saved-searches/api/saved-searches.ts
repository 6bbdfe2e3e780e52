import { createSavedSearch, deleteSavedSearch, getMySavedSearches } from '@krom/contracts/api-routes';
import type { SavedSearch, SavedSearchInput } from '@krom/contracts/http/ride-requests';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Every query of the member's saved searches starts with this, so one invalidation refreshes them all. */
export const mySavedSearchesQueryKey = [getMySavedSearches.path] as const;

/** The signed-in member's active saved searches, newest first, each with the rides it matched that can still be booked. */
export function useMySavedSearches() {
  return useQuery({
    queryKey: mySavedSearchesQueryKey,
    queryFn: async ({ signal }): Promise<SavedSearch[]> => (await callEndpoint(getMySavedSearches, { signal })).searches,
  });
}

/** Saves a search of the listing: the member is told when a matching ride is posted. */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (search: SavedSearchInput): Promise<SavedSearch> => callEndpoint(createSavedSearch, { body: search }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySavedSearchesQueryKey }),
  });
}

/** Deletes one of the member's saved searches; a refused delete (gone meanwhile) refreshes the list too. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await callEndpoint(deleteSavedSearch, { params: { id } });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: mySavedSearchesQueryKey }),
  });
}
