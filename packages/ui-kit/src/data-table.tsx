import styled from 'styled-components';

/** Heading row of a panel: title on the left, actions on the right, wrapping on a phone. */
export const PanelHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
`;

export const PanelTitle = styled.h2`
  font-size: 1.25rem;
`;

/**
 * Lets a wide table scroll sideways inside a 360 px screen instead of widening the page. A shadow
 * on the side that has more columns says so (covers that scroll with the content hide it at
 * either end), the scrollbar stays visible, and the keyboard can scroll it once it has focus.
 */
export const TableScroll = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  -webkit-overflow-scrolling: touch;
  scrollbar-width: thin;
  scrollbar-color: ${({ theme }) => `${theme.color.muted} ${theme.color.surface}`};
  background:
    linear-gradient(to right, ${({ theme }) => theme.color.background} 40%, transparent) left center / 48px 100% no-repeat local,
    linear-gradient(to left, ${({ theme }) => theme.color.background} 40%, transparent) right center / 48px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(22, 33, 27, 0.28), transparent) left center / 16px 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(22, 33, 27, 0.28), transparent) right center / 16px 100% no-repeat scroll;
  background-color: ${({ theme }) => theme.color.background};

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export const DataTable = styled.table`
  width: 100%;
  min-width: 560px;
  border-collapse: collapse;
  font-size: 0.9375rem;

  th, td {
    padding: 12px 14px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    white-space: nowrap;
  }
  th {
    background: ${({ theme }) => theme.color.surface};
    font-size: 0.8125rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.color.muted};
  }
  tbody tr:last-child td { border-bottom: 0; }
`;

export const EmptyCell = styled.td`
  && {
    padding: 32px 14px;
    text-align: center;
    color: ${({ theme }) => theme.color.muted};
  }
`;
