import { BRAND } from './config';

/** Puts the configured brand colour where the theme's `brand` palette reads it (a CSS variable). */
export function applyBrandColor(): void {
  if (/^#[0-9a-fA-F]{6}$/.test(BRAND.color)) document.documentElement.style.setProperty('--shop-brand', BRAND.color);
}
