import { createSavedSearch, deleteSavedSearch as deleteSavedSearchEndpoint, getMySavedSearches as getMySavedSearchesEndpoint } from '@krom/contracts/api-routes';
import type { SavedSearch, SavedSearchInput } from '@krom/contracts/http/ride-requests';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Every query of the member's saved searches starts with this, so one invalidation refreshes them all. */
export const mySavedSearchesQueryKey = [getMySavedSearchesEndpoint.path] as const;

/** The signed-in member's active saved searches, newest first, each with the rides it matched that can still be booked. */
export async function getMySavedSearches({ signal }: { signal?: AbortSignal } = {}): Promise<SavedSearch[]> {
  return (await callEndpoint(getMySavedSearchesEndpoint, { signal })).searches;
}

/** Saves a search of the listing: the member is told when a matching ride is posted. */
export async function saveSearch(search: SavedSearchInput): Promise<SavedSearch> {
  return callEndpoint(createSavedSearch, { body: search });
}

/** Deletes one of the member's saved searches (404 once it is gone, or for anyone else's). */
export async function deleteSavedSearch(id: string): Promise<void> {
  await callEndpoint(deleteSavedSearchEndpoint, { params: { id } });
}

export function useMySavedSearches() {
  return useQuery({ queryKey: mySavedSearchesQueryKey, queryFn: ({ signal }) => getMySavedSearches({ signal }) });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSearch, onSuccess: () => queryClient.invalidateQueries({ queryKey: mySavedSearchesQueryKey }) });
}

/** A refused delete (gone meanwhile) refreshes the list too. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSavedSearch, onSettled: () => void queryClient.invalidateQueries({ queryKey: mySavedSearchesQueryKey }) });
}
