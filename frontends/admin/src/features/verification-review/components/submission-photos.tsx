import type { VerificationDocument } from '@krom/contracts/http/verification';
import { useRef } from 'react';
import styled from 'styled-components';

/**
 * The submission's photos from their short-lived signed links; each opens full size in a new tab.
 * A photo that fails to load most likely has a dead link: `onLinkFailed` reads fresh ones (once per link).
 */
export function SubmissionPhotos({
  documents,
  photosDeletedAt,
  onLinkFailed,
}: {
  documents: VerificationDocument[];
  /** Set once the photos were deleted, a set time after the decision. */
  photosDeletedAt: string | null;
  onLinkFailed: () => void;
}) {
  const retried = useRef(new Set<string>());
  const failed = (url: string) => {
    if (retried.current.has(url)) return;
    retried.current.add(url);
    onLinkFailed();
  };
  if (photosDeletedAt) return <p>Photos deleted after the decision</p>;
  if (documents.length === 0) return <p>No photos were sent with this submission.</p>;
  return (
    <Grid>
      {documents.map((document) => (
        <li key={document.id}>
          <a href={document.url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${document.label} full size`}>
            {document.contentType.startsWith('image/') ? (
              <img src={document.url} alt={document.label} loading="lazy" decoding="async" onError={() => failed(document.url)} />
            ) : (
              <span>Open file</span>
            )}
          </a>
          <span>{document.label}</span>
        </li>
      ))}
    </Grid>
  );
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 12px;
  list-style: none;
  padding: 0;
  margin: 0;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  li {
    display: grid;
    gap: 6px;
    font-size: 0.875rem;
    color: ${({ theme }) => theme.color.muted};
  }

  a {
    display: grid;
    place-items: center;
    aspect-ratio: 4 / 3;
    overflow: hidden;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
  }

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
