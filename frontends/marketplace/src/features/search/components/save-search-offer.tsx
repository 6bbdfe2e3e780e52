import { savedSearchMessages } from '@krom/contracts/http/ride-request-values';
import { useAuth } from '@krom/ui-kit/current-user.ts';
import { useLoginHere } from '@krom/ui-kit/login-path.ts';
import { Suspense, useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { type SearchToSave, useSaveSearchControl } from '../../../components/save-search-slot.tsx';
import type { RideSearch } from '../ride-search-params.ts';

/** The search as it can be saved: only one with both places (a trip to be told of). */
function toSave(search: RideSearch): SearchToSave | undefined {
  if (!search.from || !search.to) return undefined;
  const place = ({ text, latitude, longitude }: NonNullable<RideSearch['from']>) => ({ name: text, latitude, longitude });
  return { from: place(search.from), to: place(search.to), date: search.date, passengers: search.seats ?? 1 };
}

/**
 * "Save this search" on the listing: a signed-in member gets the saved-searches feature's button
 * (its own chunk, from the app's slot); a guest a link to sign in and come back to this search.
 * Nothing while the user is not known yet, or for a search without both places.
 */
export function SaveSearchOffer({ search }: { search: RideSearch }) {
  const { user, isLoading } = useAuth();
  const signIn = useLoginHere();
  const control = useSaveSearchControl();
  const saving = toSave(search);
  const canSave = Boolean(user && control && saving);

  useEffect(() => {
    if (canSave) control?.preload();
  }, [canSave, control]);

  if (!saving || isLoading || !control) return null;
  if (!user) return <SignIn to={signIn}>{savedSearchMessages.signIn}</SignIn>;
  const { Button } = control;
  return (
    <Suspense fallback={null}>
      {/* A new search is a new button: "Search saved" belongs to the search it saved. */}
      <Button key={JSON.stringify(saving)} search={saving} />
    </Suspense>
  );
}

const SignIn = styled(Link)`
  justify-self: start;
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
`;
