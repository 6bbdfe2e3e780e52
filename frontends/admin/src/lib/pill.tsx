import styled, { css } from 'styled-components';

/** good: done well (sent, approved); bad: failed or declined; waiting: not done yet; info: worth a look; quiet: nothing to act on. */
export type PillTone = 'good' | 'bad' | 'waiting' | 'info' | 'quiet';

/**
 * A short word on a tinted pill: statuses in the staff tables and the "Admin" tag of the staff
 * frame. The word always carries the meaning; the colour only helps the eye.
 */
export const Pill = styled.span<{ $tone: PillTone }>`
  display: inline-block;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.8125rem;
  font-weight: 700;
  white-space: nowrap;

  ${({ $tone, theme }) => {
    switch ($tone) {
      case 'good':
        return css`background: ${theme.color.primarySoft}; color: ${theme.color.primary};`;
      case 'bad':
        return css`background: ${theme.color.dangerSoft}; color: ${theme.color.danger};`;
      case 'waiting':
        return css`background: #fff4d6; color: #7a4f00;`;
      case 'info':
        return css`background: #e8effc; color: ${theme.color.focus};`;
      default:
        return css`background: ${theme.color.surface}; color: ${theme.color.muted}; border: 1px dashed ${theme.color.border};`;
    }
  }}
`;

/** The staff area's mark beside the brand. */
export const AdminTag = () => <Pill $tone="good">Admin</Pill>;
