/** What other features may use of the tickets feature: staff's words for a ticket's status, category and priority, and for where a report came from. */
export { priorityLabels, reportSourceLabels, staffCategoryLabels, staffStatusLabels } from './ticket-labels.ts';
