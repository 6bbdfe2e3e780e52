/**
 * Krom's design tokens. Mobile first: breakpoints only ever add layout for wider screens.
 * System fonts only, so a phone on 3G downloads no web font before it can read the page.
 */
export const theme = {
  color: {
    primary: '#0a7a4b',
    primaryHover: '#07623c',
    primarySoft: '#e6f4ed',
    onPrimary: '#ffffff',
    accent: '#f2b705',
    text: '#16211b',
    muted: '#55635b',
    background: '#ffffff',
    surface: '#f4f7f5',
    border: '#d5ded8',
    danger: '#b42318',
    dangerSoft: '#fdecea',
    onDanger: '#ffffff',
    warning: '#b54708',
    warningSoft: '#fef0c7',
    infoSoft: '#e8f0fd',
    neutralSoft: '#eef1ef',
    focus: '#1b63d6',
    star: '#e8a200',
    overlay: 'rgba(10, 20, 15, 0.55)',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgba(16, 24, 20, 0.06), 0 4px 12px rgba(16, 24, 20, 0.06)',
    raised: '0 8px 28px rgba(16, 24, 20, 0.18)',
  },
  media: {
    md: '@media (min-width: 768px)',
    lg: '@media (min-width: 1024px)',
  },
  layer: { header: 10, overlay: 40, panel: 50, toast: 100 },
  pageWidth: '1120px',
} as const;

export type KromTheme = typeof theme;

declare module 'styled-components' {
  // Lets every styled component read `props.theme` with Krom's token types.
  export interface DefaultTheme extends KromTheme {}
}
