import { Button } from '@krom/ui-kit/button.tsx';

type PagedList = { isFetchNextPageError: boolean; hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/** Under a list read a page at a time, newest first: "Older <what>" while there are more, and why the last try failed. */
export function OlderPages({ list, what }: { list: PagedList; what: string }) {
  return (
    <>
      {list.isFetchNextPageError ? <p role="alert">Older {what} could not be loaded. Try again.</p> : null}
      {list.hasNextPage ? (
        <Button $variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading...' : `Older ${what}`}
        </Button>
      ) : null}
    </>
  );
}
