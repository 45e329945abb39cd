/** Decorative isometric crates for the landing page hero (no data, purely illustrative). */

interface CrateProps {
  /** Top corner of the crate's top face. */
  x: number;
  y: number;
  /** Half-width of the crate. */
  size: number;
  top: string;
  left: string;
  right: string;
  slat: string;
}

function Crate({ x, y, size: s, top, left, right, slat }: CrateProps) {
  const h = s * 1.05;
  const pts = (list: Array<[number, number]>) => list.map(([px, py]) => `${px},${py}`).join(' ');
  const leftFace: Array<[number, number]> = [
    [x - s, y + s / 2],
    [x, y + s],
    [x, y + s + h],
    [x - s, y + s / 2 + h],
  ];
  const rightFace: Array<[number, number]> = [
    [x, y + s],
    [x + s, y + s / 2],
    [x + s, y + s / 2 + h],
    [x, y + s + h],
  ];
  const slats = [1 / 3, 2 / 3].map((f) => f * h);
  return (
    <g>
      <polygon points={pts(leftFace)} fill={left} />
      <polygon points={pts(rightFace)} fill={right} />
      <polygon
        points={pts([
          [x, y],
          [x + s, y + s / 2],
          [x, y + s],
          [x - s, y + s / 2],
        ])}
        fill={top}
      />
      <g stroke={slat} strokeWidth={2.5} strokeLinecap="round" opacity={0.55}>
        {slats.map((dy) => (
          <line key={`l${dy}`} x1={x - s + 6} y1={y + s / 2 + dy + 3} x2={x - 6} y2={y + s + dy - 3} />
        ))}
        {slats.map((dy) => (
          <line key={`r${dy}`} x1={x + 6} y1={y + s + dy - 3} x2={x + s - 6} y2={y + s / 2 + dy + 3} />
        ))}
      </g>
    </g>
  );
}

export function HeroIllustration() {
  return (
    <svg
      viewBox="0 0 480 400"
      width="100%"
      role="presentation"
      aria-hidden
      focusable="false"
      style={{ display: 'block' }}
    >
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="55%" r="50%">
          <stop offset="0" stopColor="#d9d0fa" />
          <stop offset="1" stopColor="#d9d0fa" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-floor" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e9e4fb" />
          <stop offset="1" stopColor="#f7f6fb" />
        </linearGradient>
      </defs>
      <ellipse cx="240" cy="215" rx="230" ry="180" fill="url(#hero-glow)" />
      <polygon points="240,190 470,305 240,420 10,305" fill="url(#hero-floor)" />
      {/* back row */}
      <Crate x={240} y={118} size={70} top="#b7a8f0" left="#6e56cf" right="#8a74e4" slat="#ffffff" />
      {/* front left and right */}
      <Crate x={170} y={153} size={70} top="#f7cf85" left="#d9952a" right="#f2b64c" slat="#ffffff" />
      <Crate x={310} y={153} size={70} top="#a9dcc6" left="#2d7a5c" right="#3f9f7a" slat="#ffffff" />
      {/* stacked on the front-left crate */}
      <Crate x={170} y={104} size={54} top="#d9d0fa" left="#8a74e4" right="#b7a8f0" slat="#ffffff" />
      {/* small parcel */}
      <Crate x={412} y={262} size={30} top="#f7cf85" left="#d9952a" right="#f2b64c" slat="#ffffff" />
      {/* route dots */}
      <g fill="#6e56cf" opacity="0.35">
        <circle cx="60" cy="120" r="5" />
        <circle cx="84" cy="104" r="4" />
        <circle cx="106" cy="92" r="3" />
        <circle cx="420" cy="96" r="6" />
        <circle cx="444" cy="120" r="4" />
      </g>
    </svg>
  );
}
