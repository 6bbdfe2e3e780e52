import type { KeyboardEvent, ReactNode } from 'react';
import { NativeSelect } from './select.tsx';
import styled from 'styled-components';

export type TabItem<T extends string> = { id: T; label: string };

/**
 * Tabs on wide screens, a dropdown on phones (where a row of tabs would not fit). Both drive the
 * same selection; panels are rendered by the caller with <TabPanel>.
 */
export function ResponsiveTabs<T extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  idPrefix: string;
  tabs: TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
}) {
  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    document.getElementById(`${idPrefix}-tab-${next.id}`)?.focus();
  };

  return (
    <>
      <TabList role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <Tab
            key={tab.id}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <Dropdown>
        <NativeSelect aria-label={label} value={selected} onChange={(event) => onSelect(event.target.value as T)}>
          {tabs.map((tab) => (
            <option key={tab.id} value={tab.id}>
              {tab.label}
            </option>
          ))}
        </NativeSelect>
      </Dropdown>
    </>
  );
}

export function TabPanel({ idPrefix, id, children }: { idPrefix: string; id: string; children: ReactNode }) {
  return (
    <Panel role="tabpanel" id={`${idPrefix}-panel-${id}`} aria-labelledby={`${idPrefix}-tab-${id}`}>
      {children}
    </Panel>
  );
}

const TabList = styled.div`
  display: none;

  ${({ theme }) => theme.media.md} {
    display: flex;
    gap: 4px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const Tab = styled.button`
  min-height: 44px;
  padding: 0 16px;
  border: 0;
  border-bottom: 3px solid transparent;
  background: transparent;
  font-weight: 600;
  color: ${({ theme }) => theme.color.muted};
  cursor: pointer;

  &[aria-selected='true'] {
    color: ${({ theme }) => theme.color.primary};
    border-bottom-color: ${({ theme }) => theme.color.primary};
  }
`;

const Dropdown = styled.div`
  select { font-weight: 600; }

  ${({ theme }) => theme.media.md} {
    display: none;
  }
`;

const Panel = styled.div`
  padding-top: 20px;
`;
