import type { SVGProps } from 'react'

/** The shop's line icons (24×24, stroke `currentColor`); decorative unless given a title. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

export const BagIcon = () => (
  <Icon>
    <path d="M5 8h14l-1.2 11.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8z" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" />
  </Icon>
)

export const UserIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
)

export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
)

export const MenuIcon = () => (
  <Icon>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
)

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
)

export const TruckIcon = () => (
  <Icon>
    <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7z" />
    <circle cx="7" cy="18" r="1.8" />
    <circle cx="17" cy="18" r="1.8" />
  </Icon>
)

export const ReturnIcon = () => (
  <Icon>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10a6 6 0 0 1 0 12h-3" />
  </Icon>
)

export const LockIcon = () => (
  <Icon>
    <rect x="5" y="10" width="14" height="10" rx="2" />
    <path d="M8 10V7a4 4 0 0 1 8 0v3" />
  </Icon>
)

export const CheckIcon = () => (
  <Icon strokeWidth={2}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
)

export const LeafIcon = () => (
  <Icon>
    <path d="M5 19c0-8 5-13 14-14-1 9-6 14-14 14z" />
    <path d="M5 19 13 11" />
  </Icon>
)

/** The shop's mark: a V in a rounded square. */
export const LogoMark = () => (
  <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect className="logo__bg" width="32" height="32" rx="8" />
    <path className="logo__fg" d="M8 9h4l4 11 4-11h4l-6.2 15h-3.6z" />
  </svg>
)

export const PictureIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="m4 18 5-5 3.5 3.5L15 14l5 4.5" />
  </Icon>
)
