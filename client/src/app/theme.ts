import { Anchor, Badge, Button, createTheme, type CSSProperties, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeComponent } from '@mantine/core';

/**
 * The one Mantine theme: dark by default with a light option,
 * one accent for "mastered", a neutral for "original", breakpoints, tabular figures.
 */

/** Accent for everything mastered: a calm cyan that keeps WCAG AA contrast on dark and light. */
const mastered: MantineColorsTuple = [
  '#e0fbff',
  '#cbf2ff',
  '#9ae2ff',
  '#64d2ff',
  '#3cc4fe',
  '#23bcfe',
  '#09b8ff',
  '#00a1e4',
  '#008fcd',
  '#007cb6',
];

/** Neutral for the original (unmastered) signal. */
const original: MantineColorsTuple = [
  '#f5f5f6',
  '#e7e7e9',
  '#cdcdd1',
  '#b0b0b7',
  '#97979f',
  '#878791',
  '#7f7f8a',
  '#6c6c77',
  '#5f5f6b',
  '#515160',
];

/** Slightly blue-black studio greys for the dark scheme. */
const dark: MantineColorsTuple = [
  '#c9ccd3',
  '#a8acb6',
  '#878c98',
  '#5d6270',
  '#3d414c',
  '#2d313b',
  '#22252d',
  '#1a1c23',
  '#14161b',
  '#0f1014',
];

/** Numbers (prices, LUFS, durations) line up in columns. */
export const tabularFigures: CSSProperties = { fontVariantNumeric: 'tabular-nums' };

/** The breakpoints in px, for code that measures; Mantine gets the same values in em below. */
export const BREAKPOINTS_PX = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536, '3xl': 2560 } as const;

type Breakpoint = keyof typeof BREAKPOINTS_PX;
declare module '@mantine/core' {
  export interface MantineThemeSizesOverride {
    breakpoints: Record<Breakpoint, string>;
  }
}
const em = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  primaryColor: 'mastered',
  // WCAG 2.2 AA: text on a filled colour is black or white by the colour's luminance.
  // White on the cyan accent was 2.2:1, on the red 2.8:1; with a threshold of 0.2 the bright
  // fills (cyan, teal, red, the grey of "original") carry black text and pass 4.5:1.
  autoContrast: true,
  luminanceThreshold: 0.2,
  primaryShade: { light: 8, dark: 5 },
  colors: { mastered, original, dark },
  breakpoints: {
    xs: em(BREAKPOINTS_PX.xs),
    sm: em(BREAKPOINTS_PX.sm),
    md: em(BREAKPOINTS_PX.md),
    lg: em(BREAKPOINTS_PX.lg),
    xl: em(BREAKPOINTS_PX.xl),
    '2xl': em(BREAKPOINTS_PX['2xl']),
    '3xl': em(BREAKPOINTS_PX['3xl']),
  },
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, sans-serif', fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  other: { tabularFigures },
  components: {
    // German labels run longer: a button may wrap to two lines at 375 px instead of being cut off.
    Button: Button.extend({
      styles: {
        root: {
          height: 'auto',
          minHeight: 'var(--button-height)',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          paddingBlock: 4,
        },
        label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25, overflow: 'visible' },
      },
    }),
    Badge: Badge.extend({ styles: { label: tabularFigures } }),
    // Plain objects rather than Table.extend, NumberFormatter.extend and Modal.extend: those would
    // put the components (the number-format and floating-ui libraries with them) into the first
    // load of every page.
    Table: { styles: { table: tabularFigures } } satisfies MantineThemeComponent,
    NumberFormatter: { defaultProps: { style: tabularFigures } } satisfies MantineThemeComponent,
    Anchor: Anchor.extend({ defaultProps: { underline: 'hover' } }),
    Modal: { defaultProps: { centered: true, radius: 'md' } } satisfies MantineThemeComponent,
  },
});

/**
 * Red at WCAG AA 4.5:1: field errors and red text (Mantine's red 8 on the dark body is 3.8:1, red 6
 * on white 3.3:1), and red buttons (Mantine picks their text colour from the light scheme's shade,
 * so white text landed on the dark scheme's bright red 5, 2.8:1; red 8 carries white at 4.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-error': current.colors.red[9], '--mantine-color-red-text': current.colors.red[9] },
  dark: {
    '--mantine-color-error': current.colors.red[5],
    '--mantine-color-red-text': current.colors.red[4],
    '--mantine-color-red-filled': current.colors.red[8],
    '--mantine-color-red-filled-hover': current.colors.red[9],
  },
});

/**
 * The theme with the words it carries in the interface language: every dialog's and drawer's close
 * button is named (an icon alone has no accessible name), unless the dialog names it itself.
 */
export function localisedTheme(closeLabel: string): typeof theme {
  const closeButtonProps = { 'aria-label': closeLabel };
  return {
    ...theme,
    components: {
      ...theme.components,
      Modal: { defaultProps: { centered: true, radius: 'md', closeButtonProps } } satisfies MantineThemeComponent,
      Drawer: { defaultProps: { closeButtonProps } } satisfies MantineThemeComponent,
    },
  };
}

/** The colour of the "original" signal and "mastered" signal, used the same way everywhere. */
export const SIGNAL_COLORS = { mastered: 'mastered', original: 'original' } as const;
