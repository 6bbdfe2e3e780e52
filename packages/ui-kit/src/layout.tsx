import styled from 'styled-components';

type Alignment = 'start' | 'center' | 'end' | 'baseline' | 'stretch';
const justifications = { start: 'flex-start', center: 'center', end: 'flex-end', between: 'space-between' } as const;

/**
 * Pieces laid one under the other with the same gap between them (a form's fields, a page's
 * sections). Only the gap: a wrapper with its own layout rules stays its own styled component.
 * Another element with `as` (`<Stack as="section">`).
 */
export const Stack = styled.div<{ $gap?: number | undefined; $align?: Alignment | undefined }>`
  display: grid;
  gap: ${({ $gap = 16 }) => $gap}px;
  ${({ $align }) => ($align ? `justify-items: ${$align};` : '')}
`;

/**
 * Pieces side by side that wrap onto the next line when a phone is too narrow (buttons, tags,
 * a name and its badge), with a gap both ways.
 */
export const Cluster = styled.div<{
  $gap?: number | undefined;
  $align?: Alignment | undefined;
  $justify?: keyof typeof justifications | undefined;
}>`
  display: flex;
  flex-wrap: wrap;
  align-items: ${({ $align = 'center' }) => $align};
  ${({ $justify }) => ($justify ? `justify-content: ${justifications[$justify]};` : '')}
  gap: ${({ $gap = 8 }) => $gap}px;
`;
