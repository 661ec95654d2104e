import type { PinColors } from './map-types';

/** The pins wear the brand's tokens (styles/global.css) of the theme shown, read once the stylesheet is in place. */
export function readPinColors(): PinColors {
  const tokens = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => tokens.getPropertyValue(name).trim() || fallback;
  return {
    pin: token('--sip-accent', '#b4602a'),
    pinSelected: token('--sip-accent-strong', '#944817'),
    halo: token('--sip-card', '#ffffff'),
    clusterText: token('--sip-on-accent', '#ffffff'),
    wanted: token('--sip-success-fill', '#3f7d4e'),
  };
}
