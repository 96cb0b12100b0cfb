import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

// Icons are decoration: the link or button that holds one carries the accessible name.
function Icon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width="1.25em"
      height="1.25em"
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function PenIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12.15.85a1.5 1.5 0 0 1 2.12 0l.88.88a1.5 1.5 0 0 1 0 2.12L5.5 13.5 1.5 14.5l1-4L12.15.85zM3.4 10.9l-.5 2.1 2.1-.5 8.2-8.2-1.6-1.6-8.2 8.2z" />
    </Icon>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 2h6a1 1 0 0 1 1 1v2h-1.5V3.5h-5v9h5V11H13v2a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z" />
      <path d="M10.3 5.3 11.4 4.2 15.2 8l-3.8 3.8-1.1-1.1 1.95-1.95H8v-1.5h4.25L10.3 5.3z" />
    </Icon>
  );
}

export function LoginIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 2h4a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9v-1.5h3.5v-9H9V2z" />
      <path d="M5.3 5.3 6.4 4.2 10.2 8l-3.8 3.8-1.1-1.1 1.95-1.95H1v-1.5h6.25L5.3 5.3z" />
    </Icon>
  );
}

export function GearIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM7 0h2l.4 2.1a6 6 0 0 1 1.5.6l1.8-1.2 1.4 1.4-1.2 1.8c.26.47.46.97.6 1.5L16 7v2l-2.1.4a6 6 0 0 1-.6 1.5l1.2 1.8-1.4 1.4-1.8-1.2a6 6 0 0 1-1.5.6L9 16H7l-.4-2.1a6 6 0 0 1-1.5-.6l-1.8 1.2-1.4-1.4 1.2-1.8a6 6 0 0 1-.6-1.5L0 9V7l2.1-.4c.14-.53.34-1.03.6-1.5L1.5 3.3l1.4-1.4 1.8 1.2c.47-.26.97-.46 1.5-.6L7 0z" />
    </Icon>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 0a8 8 0 1 0 0 16A8 8 0 0 0 8 0zm5.9 7.25h-2.67a12 12 0 0 0-1.1-5.1 6.5 6.5 0 0 1 3.77 5.1zM8 1.6c.7.9 1.6 2.8 1.73 5.65H6.27C6.4 4.4 7.3 2.5 8 1.6zM5.87 2.15a12 12 0 0 0-1.1 5.1H2.1a6.5 6.5 0 0 1 3.77-5.1zM2.1 8.75h2.67a12 12 0 0 0 1.1 5.1 6.5 6.5 0 0 1-3.77-5.1zM8 14.4c-.7-.9-1.6-2.8-1.73-5.65h3.46C9.6 11.6 8.7 13.5 8 14.4zm2.13-.55a12 12 0 0 0 1.1-5.1h2.67a6.5 6.5 0 0 1-3.77 5.1z" />
    </Icon>
  );
}

export function PersonIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 1a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 1.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM8 9c3.3 0 6 1.6 6 3.75V15H2v-2.25C2 10.6 4.7 9 8 9zm0 1.5c-2.6 0-4.5 1.2-4.5 2.25v.75h9v-.75c0-1.05-1.9-2.25-4.5-2.25z" />
    </Icon>
  );
}

export function CalendarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 .5a.5.5 0 0 1 1 0V1h6V.5a.5.5 0 0 1 1 0V1h1.5A1.5 1.5 0 0 1 15 2.5v11a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 1 13.5v-11A1.5 1.5 0 0 1 2.5 1H4V.5zM2 5v8.5a.5.5 0 0 0 .5.5h11a.5.5 0 0 0 .5-.5V5H2zm2 2h2v2H4V7zm3 0h2v2H7V7zm3 0h2v2h-2V7zm-6 3h2v2H4v-2zm3 0h2v2H7v-2z" />
    </Icon>
  );
}

export function KeyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10.5 1a4.5 4.5 0 1 1-1.3 8.81L7.5 11.5H6V13H4.5v1.5H1.5v-2.56l4.69-4.69A4.5 4.5 0 0 1 10.5 1zm0 1.5a3 3 0 0 0-2.83 4l.16.45L3 11.78V13h.5v-1.5H5V10h1.88l1.9-1.9.45.17A3 3 0 1 0 10.5 2.5zm1 1.5a1 1 0 1 1 0 2 1 1 0 0 1 0-2z" />
    </Icon>
  );
}

export function BoltIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9.6.2a.5.5 0 0 1 .43.56L9.3 6.5h3.7a.5.5 0 0 1 .4.8l-6.5 8.5a.5.5 0 0 1-.9-.37l.73-5.43H3a.5.5 0 0 1-.4-.8L9.1.4a.5.5 0 0 1 .5-.2zM4.01 8.5H7.3a.5.5 0 0 1 .5.57l-.5 3.66L11.99 7.5H8.73a.5.5 0 0 1-.5-.57l.47-3.6L4 8.5z" />
    </Icon>
  );
}
