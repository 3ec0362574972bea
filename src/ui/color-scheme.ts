import { DEFAULT_COLOR_SCHEME } from '../api/admin/organization/contract';

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(hex: string, target: number, amount: number) {
  const [r, g, b] = hexToRgb(hex).map((c) => Math.round(c + (target - c) * amount));
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG): picks readable text on the colour. */
function luminance(hex: string) {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** White or near-black, whichever contrasts more (WCAG): teal #14b8a6 gets dark text, navy gets white. */
export function readableOn(hex: string) {
  const l = luminance(hex);
  return contrast(l, 1) >= contrast(l, luminance('#111827')) ? '#ffffff' : '#111827';
}

export interface ColorScheme {
  primary: string;
  secondary: string;
}

/** The CSS variables one colour scheme sets; app.css maps PrimeReact's colours onto them. */
export function colorSchemeVariables(scheme: ColorScheme = DEFAULT_COLOR_SCHEME): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, hex] of Object.entries({ primary: scheme.primary, secondary: scheme.secondary })) {
    vars[`--app-${name}`] = hex;
    vars[`--app-${name}-hover`] = mix(hex, 0, 0.15);
    vars[`--app-${name}-active`] = mix(hex, 0, 0.3);
    vars[`--app-${name}-soft`] = mix(hex, 255, 0.85);
    vars[`--app-${name}-ring`] = mix(hex, 255, 0.55);
    vars[`--app-${name}-text`] = readableOn(hex);
    // Text in the colour itself on a light or dark surface must stay readable.
    vars[`--app-${name}-strong`] = mix(hex, 0, 0.35);
    vars[`--app-${name}-light`] = mix(hex, 255, 0.35);
  }
  vars['--primary-color'] = scheme.primary;
  vars['--primary-color-text'] = vars['--app-primary-text'];
  return vars;
}

/** Recolours the whole app at once (organization settings, seed section 1). */
export function applyColorScheme(scheme: ColorScheme, target: HTMLElement = document.documentElement) {
  for (const [k, val] of Object.entries(colorSchemeVariables(scheme))) target.style.setProperty(k, val);
}
