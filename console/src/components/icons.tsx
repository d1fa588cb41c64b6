import type { ReactNode, SVGProps } from 'react';

/** A decorative stroke glyph (the control around it carries the label). */
function Glyph({ size, children, ...props }: SVGProps<SVGSVGElement> & { size: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** A person. */
export function UserIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Glyph size={20} {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </Glyph>
  );
}

/** A download arrow. */
export function DownloadIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Glyph size={16} {...props}>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 21h14" />
    </Glyph>
  );
}

/** A chevron, for a button that opens a menu. */
export function ChevronDownIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Glyph size={16} {...props}>
      <path d="m6 9 6 6 6-6" />
    </Glyph>
  );
}

/** Up and down chevrons, as a select field shows them. */
export function SelectorIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Glyph size={14} {...props}>
      <path d="m8 9 4-4 4 4" />
      <path d="m8 15 4 4 4-4" />
    </Glyph>
  );
}
