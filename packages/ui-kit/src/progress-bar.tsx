import type { ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';

/**
 * A thin bar filled to `percent` (0-100). Give it `role="progressbar"` and its aria values where
 * the number matters (an upload); `aria-hidden` where a text beside it says the same.
 */
export function ProgressBar({ percent, ...props }: ComponentPropsWithoutRef<'div'> & { percent: number }) {
  return (
    <Track {...props}>
      <span style={{ width: `${percent}%` }} />
    </Track>
  );
}

const Track = styled.div`
  height: 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  overflow: hidden;

  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.color.primary};
    transition: width 120ms linear;
  }
`;
