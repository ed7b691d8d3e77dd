/**
 * Line icons for the three social networks, drawn in lucide's style (24 px grid, 1.5 stroke,
 * currentColor) because lucide v1 ships no brand icons. Decorative: the link carries the name.
 */
type IconProps = React.ComponentProps<"svg">;

function LineIcon({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
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

export function InstagramIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" strokeWidth="2" />
    </LineIcon>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M15.5 3H13a4 4 0 0 0-4 4v3H6.5v3.5H9V21h3.5v-7.5h2.7l.6-3.5h-3.3V7.6c0-.6.4-1 1-1h2z" />
    </LineIcon>
  );
}

export function TikTokIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M13.5 3v12a3.75 3.75 0 1 1-3.75-3.75" />
      <path d="M13.5 3c.4 2.8 2.4 4.7 5.5 4.9" />
    </LineIcon>
  );
}
