import { PanelHeader, PanelTitle } from '@krom/ui-kit/data-table.tsx';
import { ResponsiveTabs, TabPanel } from '@krom/ui-kit/responsive-tabs.tsx';
import { useState } from 'react';
import type { MessageChannel } from '../api/get-message-log.ts';
import { MessageLogList } from './message-log-list.tsx';

/** What Krom sent lately, by channel: SMS and e-mail, each with its status and any error. */
export function MessageLogPanel() {
  const [channel, setChannel] = useState<MessageChannel>('sms');
  return (
    <>
      <PanelHeader>
        <PanelTitle>Message Log</PanelTitle>
      </PanelHeader>
      <ResponsiveTabs<MessageChannel>
        label="Message channels"
        idPrefix="messages"
        selected={channel}
        onSelect={setChannel}
        tabs={[
          { id: 'sms', label: 'SMS' },
          { id: 'email', label: 'E-mail' },
        ]}
      />
      <TabPanel idPrefix="messages" id={channel}>
        <MessageLogList key={channel} channel={channel} />
      </TabPanel>
    </>
  );
}
