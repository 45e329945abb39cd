import { useId, type ReactNode } from 'react';

const PURPLE = '#6e56cf';
const PURPLE_DARK = '#5641b3';
const INK = '#2f2d3a';

/** The crate inside the square mark, drawn on a 32×32 grid. */
function CrateGlyph() {
  return (
    <g fill="none" stroke="#ffffff" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M8.5 12.5 16 8.5l7.5 4v8.8L16 25.3l-7.5-4z" />
      <path d="M8.5 12.5 16 16.6l7.5-4.1M16 16.6v8.6" />
      <path d="M12.2 10.5l7.5 4.1" strokeWidth={1.6} opacity={0.75} />
    </g>
  );
}

function MarkShape({ gradientId }: { gradientId: string }) {
  return (
    <>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#8a74e4" />
          <stop offset="1" stopColor={PURPLE_DARK} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <CrateGlyph />
    </>
  );
}

export interface LogoProps {
  /** Height in pixels; the width follows the artwork. */
  height?: number;
  /** Accessible name; pass an empty string when a visible text already names the link. */
  title?: string;
}

/** The mark in an svg `artWidth` × 32 units wide, scaled to `height`; more artwork after the mark. */
function LogoSvg({
  height,
  title,
  artWidth,
  children,
}: Required<LogoProps> & { artWidth: number; children?: ReactNode }) {
  const gradientId = useId();
  return (
    <svg
      width={(height * artWidth) / 32}
      height={height}
      viewBox={`0 0 ${artWidth} 32`}
      role={title ? 'img' : undefined}
      aria-label={title || undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
      style={{ display: 'block', flexShrink: 0 }}
    >
      <MarkShape gradientId={gradientId} />
      {children}
    </svg>
  );
}

/** The small square mark (narrow screens, favicon). */
export function LogoMark({ height = 32, title = 'Cratebase' }: LogoProps) {
  return <LogoSvg height={height} title={title} artWidth={32} />;
}

/** The long version: mark plus the "Cratebase" wordmark. */
export function Logo({ height = 32, title = 'Cratebase' }: LogoProps) {
  return (
    <LogoSvg height={height} title={title} artWidth={146}>
      <text
        x="40"
        y="23"
        fontFamily='"IBM Plex Sans", sans-serif'
        fontSize="21"
        fontWeight="700"
        letterSpacing="-0.4"
        textLength="104"
        lengthAdjust="spacingAndGlyphs"
      >
        <tspan fill={INK}>Crate</tspan>
        <tspan fill={PURPLE}>base</tspan>
      </text>
    </LogoSvg>
  );
}
