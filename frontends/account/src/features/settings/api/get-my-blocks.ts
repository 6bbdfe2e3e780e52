import { getMyBlocks as getMyBlocksEndpoint } from '@krom/contracts/api-routes';
import type { BlockedMember } from '@krom/contracts/http/member-safety';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';

export const myBlocksQueryKey = [getMyBlocksEndpoint.path] as const;

/** The members the signed-in member blocked, most recent first. */
export async function getMyBlocks(): Promise<BlockedMember[]> {
  return (await callEndpoint(getMyBlocksEndpoint)).blocks;
}

export const getMyBlocksQueryOptions = () => ({ queryKey: myBlocksQueryKey, queryFn: getMyBlocks });

export function useMyBlocks() {
  return useQuery(getMyBlocksQueryOptions());
}
