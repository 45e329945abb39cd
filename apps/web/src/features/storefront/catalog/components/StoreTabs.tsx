import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

const tabId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;
const panelId = (idPrefix: string, value: string) => `${idPrefix}-panel-${value}`;

/**
 * A row of tabs with the WAI-ARIA tabs pattern: one tab stop, Arrow Left/Right, Home and End
 * move between tabs, Enter or Space (or a click) selects. Light on purpose: the storefront's
 * tabs are part of its first paint, and MUI's Tabs (scroll buttons, indicator measurement,
 * roving focus machinery) would weigh more than the rest of the page.
 */
export function StoreTabs<T extends string>({
  items,
  value,
  onChange,
  label,
  idPrefix,
}: {
  items: ReadonlyArray<TabItem<T>>;
  value: T;
  onChange: (value: T) => void;
  /** The tab list's accessible name. */
  label: string;
  /** Unique on the page: the tabs' and panel's ids start with it. */
  idPrefix: string;
}) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last ? 0 : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0 ? last : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    tabs.current[target]?.focus();
  };

  return (
    <Box role="tablist" aria-label={label} sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider' }}>
      {items.map((item, index) => {
        const selected = item.value === value;
        return (
          <ButtonBase
            key={item.value}
            ref={(element: HTMLButtonElement | null) => {
              tabs.current[index] = element;
            }}
            role="tab"
            id={tabId(idPrefix, item.value)}
            aria-selected={selected}
            aria-controls={selected ? panelId(idPrefix, item.value) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            sx={{
              minHeight: 48,
              minWidth: 90,
              px: 2,
              mb: '-1px',
              typography: 'button',
              fontSize: '0.9375rem',
              color: selected ? 'primary.main' : 'text.secondary',
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              transition: 'color 120ms, border-color 120ms',
              '&:hover': { color: 'primary.main' },
              '&.Mui-focusVisible': { bgcolor: 'rgba(110, 86, 207, 0.1)' },
            }}
          >
            {item.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}

/** The selected tab's panel (only the selected one is rendered). */
export function TabPanel({
  idPrefix,
  value,
  children,
  sx,
}: {
  idPrefix: string;
  value: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box role="tabpanel" id={panelId(idPrefix, value)} aria-labelledby={tabId(idPrefix, value)} sx={sx}>
      {children}
    </Box>
  );
}
