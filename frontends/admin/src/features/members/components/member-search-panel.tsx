import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ColumnHeads, DataTable, EmptyCell, PanelHeader, PanelTitle, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useSearchMembers } from '../api/search-members.ts';
import { memberPath, verificationLabel } from '../member-labels.ts';

const columns = ['Name', 'Phone', 'E-mail', 'Identity', 'Driver', 'Joined'] as const;

/**
 * The Members tab: one box takes a part of a member's name, their phone (any Ghana form) or their
 * e-mail address, and lists the members found, newest first. `search` is the text searched for
 * (kept in the address by the dashboard). A member's name opens their page, which leads back here.
 */
export function MemberSearchPanel({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(search);
  const results = useSearchMembers(search);
  const location = useLocation();
  const members = results.data?.members ?? [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <>
      <PanelHeader>
        <PanelTitle>Members</PanelTitle>
      </PanelHeader>
      <MemberSearchForm role="search" aria-label="Find members" noValidate onSubmit={onSubmit}>
        <TextField label="Name, phone or e-mail" name="member-search" autoComplete="off" value={text} onValueChange={setText} />
        <Button type="submit" disabled={text.trim() === ''}>
          Search
        </Button>
      </MemberSearchForm>
      {search === '' ? null : results.isPending ? (
        <Spinner />
      ) : results.isError ? (
        <p role="alert">{failureText(results.error, 'The members could not be loaded. Please try again.')}</p>
      ) : (
        <TableScroll aria-label="Members found">
          <DataTable>
            <ColumnHeads columns={columns} />
            <tbody>
              {members.length === 0 ? (
                <tr>
                  <EmptyCell colSpan={columns.length}>No members found</EmptyCell>
                </tr>
              ) : (
                members.map((member) => (
                  <tr key={member.id}>
                    <td data-label="Name">
                      <NameLink to={memberPath(member.id)} state={{ back: `${location.pathname}${location.search}` }}>
                        {member.firstName} {member.lastName}
                      </NameLink>
                      {member.deleted ? <Flag> (deleted)</Flag> : member.suspended ? <Flag> (suspended)</Flag> : null}
                    </td>
                    <td data-label="Phone">{member.phone ?? '—'}</td>
                    <td data-label="E-mail">{member.email ?? '—'}</td>
                    <td data-label="Identity">{verificationLabel(member.verificationStatus)}</td>
                    <td data-label="Driver">{verificationLabel(member.driverVerificationStatus)}</td>
                    <td data-label="Joined">{formatDateTime(member.createdAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
        </TableScroll>
      )}
    </>
  );
}

const MemberSearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 12px;

  > div { flex: 1 1 18rem; }
`;

const NameLink = styled(Link)`
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
`;

const Flag = styled.span`
  color: ${({ theme }) => theme.color.muted};
`;
