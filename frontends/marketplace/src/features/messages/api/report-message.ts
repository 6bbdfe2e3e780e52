import { reportMessage as reportMessageEndpoint } from '@krom/contracts/api-routes';
import type { MessageReportInput } from '@krom/contracts/http/messages';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

/** Reports the other member's message to staff; answers the thanks to show. */
export async function reportMessage({ conversationId, report }: { conversationId: string; report: MessageReportInput }): Promise<string> {
  return (await callEndpoint(reportMessageEndpoint, { params: { id: conversationId }, body: report })).message;
}

export function useReportMessage() {
  return useMutation({ mutationFn: reportMessage });
}
