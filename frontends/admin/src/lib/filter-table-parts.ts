import styled from 'styled-components';

/** A tab's filter form: its fields side by side as the width allows, their buttons aligned below the labels. */
export const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 11rem), 1fr));
  align-items: end;
  gap: 12px;
`;

/** An id or a code in a table cell, wrapping anywhere rather than widening the table. */
export const Code = styled.span`
  font-family: ui-monospace, monospace;
  overflow-wrap: anywhere;
`;

/** A smaller, muted line under a table cell's main text. */
export const CellNote = styled.span`
  display: block;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.muted};
  overflow-wrap: anywhere;
`;
