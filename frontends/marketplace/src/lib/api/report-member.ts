import { reportMember as reportMemberEndpoint } from '@krom/contracts/api-routes';
import type { MemberReportInput } from '@krom/contracts/http/member-safety';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

/** Reports `memberId` to staff; answers the thanks to show. */
export async function reportMember({ memberId, report }: { memberId: string; report: MemberReportInput }): Promise<string> {
  return (await callEndpoint(reportMemberEndpoint, { params: { id: memberId }, body: report })).message;
}

export function useReportMember() {
  return useMutation({ mutationFn: reportMember });
}
