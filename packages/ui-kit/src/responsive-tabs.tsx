import type { KeyboardEvent, ReactNode } from 'react';
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
        <select aria-label={label} value={selected} onChange={(event) => onSelect(event.target.value as T)}>
          {tabs.map((tab) => (
            <option key={tab.id} value={tab.id}>
              {tab.label}
            </option>
          ))}
        </select>
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
  select {
    width: 100%;
    min-height: 48px;
    padding: 0 40px 0 14px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.background}
      url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8'%3E%3Cpath d='M1 1l5 5 5-5' fill='none' stroke='%2355635b' stroke-width='2'/%3E%3C/svg%3E")
      no-repeat right 14px center;
    font-weight: 600;
    appearance: none;
  }

  ${({ theme }) => theme.media.md} {
    display: none;
  }
`;

const Panel = styled.div`
  padding-top: 20px;
`;
